import { spawn, type ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "../fixtures/free-port.ts"

/** Real server processes for the ops tests: several instances behind an imagined load balancer. */
export interface Instance {
  name: string
  url: string
  dataDir: string
  child: ChildProcess
  output: string[]
}

/** Starts `server/main.ts` with `env` on a free port and waits for /readyz. */
export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), `console-ops-${name}-`))
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url, TEST_DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  })
  const output: string[] = []
  child.stdout!.on("data", (chunk: Buffer) => output.push(...chunk.toString().split("\n").filter(Boolean)))
  child.stderr!.on("data", (chunk: Buffer) => output.push(`stderr: ${chunk.toString()}`))
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited with ${child.exitCode}:\n${output.join("\n")}`)
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ready) return { name, url, dataDir, child, output }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`instance ${name} did not become ready:\n${output.join("\n")}`)
}

export async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance) return
  if (instance.child.exitCode === null) {
    const exited = new Promise((resolve) => instance.child.once("exit", resolve))
    instance.child.kill("SIGTERM")
    await exited
  }
  rmSync(instance.dataDir, { recursive: true, force: true })
}

export interface CallInit {
  method?: string
  body?: unknown
  token?: string
  /** The client's address as a load balancer forwards it (instances run with TRUST_PROXY=true). */
  from?: string
  headers?: Record<string, string>
}

export const call = (instance: Instance, path: string, init: CallInit = {}) =>
  fetch(`${instance.url}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      // Behind the load balancer every client has its own address (TRUST_PROXY=true).
      "x-forwarded-for": init.from ?? "198.51.100.1",
      ...init.headers,
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  })
