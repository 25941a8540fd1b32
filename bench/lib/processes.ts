import { spawn, type ChildProcess } from "node:child_process"
import { once } from "node:events"
import { readdirSync } from "node:fs"
import { dirname } from "node:path"
import { SERVER_BUNDLE } from "../../scripts/build-server.ts"
import { freePort } from "../../tests/fixtures/free-port.ts"
import { startServerProcess } from "../../tests/fixtures/server-process.ts"

export { freePort }

/** A child process the benchmark started, with how to reach and stop it. */
export interface Child {
  url: string
  process: ChildProcess
  stop(): Promise<void>
}

/** The parent's environment with `extra` on top; a key set to undefined is removed, not passed as "undefined". */
export function childEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  // NODE_ENV is dropped unless asked for: vitest sets it to "test", and `npm start` leaves it unset.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: undefined, ...extra }
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key]
  return env
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = once(child, "exit")
    child.kill("SIGTERM")
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000)
    await exited
    clearTimeout(timer)
  }
}

/** The bare `node:http` hello-world, in its own process. */
export async function startHelloWorld(): Promise<Child> {
  const port = await freePort()
  const child = spawn(process.execPath, ["--import", "tsx", "bench/hello-world.ts"], {
    env: childEnv({ PORT: String(port) }),
    stdio: ["ignore", "pipe", "ignore"],
  })
  await once(child.stdout!, "data")
  return { url: `http://127.0.0.1:${port}`, process: child, stop: stopper(child) }
}

export interface ServerStart extends Child {
  /** Milliseconds from spawning the process until /readyz first answered 200. */
  readyMs: number
}

/** The real server as `npm start` runs it (the bundle `buildServer` wrote) with bench instrumentation, timed until /readyz answers. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<ServerStart> {
  const server = await startServerProcess({
    entry: SERVER_BUNDLE,
    pollMs: 10,
    timeoutMs: 120_000,
    // One Admin session serves the whole run (its load generator sends a fixed header), which can pass the
    // default 15-minute access token: the bench asks for the longest the server allows.
    // NODE_ENV is dropped: vitest sets it to "test", and `npm start` leaves it unset.
    env: { NODE_ENV: undefined, ...env, BENCH_INSTRUMENT: "1", LOG_LEVEL: "warn", ACCESS_TOKEN_MINUTES: "120" },
  })
  return { url: server.url, process: server.child, readyMs: server.startMs, stop: () => server.stop("SIGTERM", 15_000).then(() => {}) }
}

/**
 * The build's first start: timed until ready, then left running until it has written its code cache
 * (server/start.ts writes it a second after listening), then stopped. Returns its ready time.
 */
export async function startOnceForCodeCache(env: NodeJS.ProcessEnv): Promise<number> {
  const server = await startServer(env)
  try {
    const written = () => readdirSync(dirname(SERVER_BUNDLE)).some((name) => name.endsWith(".cache"))
    const deadline = performance.now() + 20_000
    while (!written()) {
      if (performance.now() > deadline) throw new Error("the server's first start wrote no code cache within 20 s")
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    return server.readyMs
  } finally {
    await server.stop()
  }
}

/** Runs a Node script to completion, failing with its output when it fails. */
export async function runNode(args: string[], env: NodeJS.ProcessEnv, quiet = false): Promise<void> {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], { env: childEnv(env), stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" })
  const out: string[] = []
  child.stdout?.on("data", (c: Buffer) => void out.push(c.toString()))
  child.stderr?.on("data", (c: Buffer) => void out.push(c.toString()))
  const [code] = (await once(child, "exit")) as [number | null]
  if (code !== 0) throw new Error(`node ${args.join(" ")} failed (${code}):\n${out.join("")}`)
}
