import { spawn, spawnSync, type ChildProcess } from "node:child_process"
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir, userInfo } from "node:os"
import { join } from "node:path"
import { freePort } from "../fixtures/free-port.ts"

/**
 * A PostgreSQL cluster and a Redis of the test's own, on free ports, so a test can crash and restart
 * them without touching the machine's services. PostgreSQL's tools refuse to run as root: as root
 * they run as the `postgres` user.
 */
const PG_BIN = (() => {
  const root = "/usr/lib/postgresql"
  const version = existsSync(root) ? readdirSync(root).sort().at(-1) : undefined
  return version ? join(root, version, "bin") : null
})()
const REDIS_SERVER = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].find(existsSync) ?? null

/** Why the own services cannot be started here, or null when they can. */
export function ownServicesMissing(): string | null {
  if (!PG_BIN || !existsSync(join(PG_BIN, "initdb"))) return "PostgreSQL's initdb and pg_ctl are not installed"
  if (!REDIS_SERVER) return "redis-server is not installed"
  if (userInfo().uid === 0 && spawnSync("id", ["postgres"]).status !== 0) return "there is no postgres user to run initdb as"
  return null
}

/**
 * Runs one of PostgreSQL's tools and waits for it without blocking this process: a test measures answer
 * times under load while pg_ctl stops and starts the cluster, and a blocked event loop would add the
 * tool's whole run to every answer in flight.
 */
async function runPgTool(tool: string, args: string[]): Promise<void> {
  const command = join(PG_BIN!, tool)
  const child = userInfo().uid === 0 ? spawn("runuser", ["-u", "postgres", "--", command, ...args]) : spawn(command, args)
  let output = ""
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
  const status = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject)
    child.once("close", resolve)
  })
  if (status !== 0) throw new Error(`${tool} ${args.join(" ")} failed: ${output}`)
}

export interface OwnPostgres {
  url: string
  /** Stops PostgreSQL in immediate mode: a crash, with recovery from the WAL at the next start. */
  crash(): Promise<void>
  start(): Promise<void>
  remove(): Promise<void>
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(join(tmpdir(), "console-own-pg-"))
  if (userInfo().uid === 0) {
    const id = (flag: string) => Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim())
    chownSync(dir, id("-u"), id("-g"))
  }
  const data = join(dir, "data")
  const port = await freePort()
  await runPgTool("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C"])
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=60`
  const start = () => runPgTool("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "log"), "-w", "-t", "30", "start"])
  await start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    crash: () => runPgTool("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]),
    start,
    async remove() {
      try {
        await runPgTool("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"])
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export interface OwnRedis {
  url: string
  /** SIGKILL: Redis is gone, and with it (no persistence) everything it held. */
  kill(): Promise<void>
  start(): Promise<void>
  /** SIGSTOP and SIGCONT: Redis stops answering but keeps its connections and its data, as in a partition. */
  freeze(): void
  thaw(): void
  remove(): Promise<void>
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort()
  let child: ChildProcess | null = null
  const start = async () => {
    child = spawn(REDIS_SERVER!, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" })
    const deadline = Date.now() + 10_000
    while (Date.now() < deadline) {
      const answered = spawnSync("redis-cli", ["-p", String(port), "ping"], { encoding: "utf8" }).stdout?.trim() === "PONG"
      if (answered) return
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error(`redis-server on port ${port} did not start`)
  }
  const kill = async () => {
    const running = child
    if (!running || running.exitCode !== null || running.signalCode !== null) return
    const exited = new Promise((resolve) => running.once("exit", resolve))
    running.kill("SIGKILL")
    await exited
  }
  await start()
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    freeze: () => void child?.kill("SIGSTOP"),
    thaw: () => void child?.kill("SIGCONT"),
    async remove() {
      child?.kill("SIGCONT")
      await kill()
    },
  }
}
