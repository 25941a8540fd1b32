import { spawn, type ChildProcess } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildServer } from "../../scripts/build-server.ts"
import { freePort, JWT_SECRET } from "./server-process.ts"

/**
 * The built server as `npm start` runs it (server/start.ts loading the bundle through V8's code cache):
 * the first start writes the cache once it listens, the next one reuses it, and a cache that is not
 * V8's (damaged, or made by another Node) is refused and replaced, never trusted.
 */
const OUT_DIR = `server/.build-test-${process.pid}`
const CACHE_AFTER_LISTEN_MS = 1_000
let entry = ""
let dataDir = ""

beforeAll(async () => {
  entry = await buildServer(OUT_DIR)
  dataDir = mkdtempSync(join(tmpdir(), "console-start-cache-"))
})

afterAll(() => {
  rmSync(OUT_DIR, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
})

const cacheFiles = () => readdirSync(OUT_DIR).filter((name) => name.endsWith(".cache"))

async function started(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: String(port), PUBLIC_URL: url, JWT_SECRET, DEMO_SEED: "false", LOG_LEVEL: "warn", DATABASE_URL: "", REDIS_URL: "", SMTP_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  child.stdout!.on("data", (d: Buffer) => (output += d))
  child.stderr!.on("data", (d: Buffer) => (output += d))
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was ready:\n${output}`)
    if (await fetch(`${url}/readyz`).then((r) => r.status === 200, () => false)) return { child, url, output: () => output }
    await new Promise((resolve) => setTimeout(resolve, 40))
  }
  child.kill("SIGKILL")
  throw new Error(`the server was not ready within 60 s:\n${output}`)
}

async function stopped(child: ChildProcess): Promise<number | null> {
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  child.kill("SIGTERM")
  return exit
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (check()) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return check()
}

describe("the built server's start through V8's code cache", () => {
  it("writes the cache once the first start listens, and a later start reuses it without writing it again", async () => {
    expect(cacheFiles()).toEqual([])
    const first = await started()
    // Written after the start, not during it: the cache then holds every function the start compiled.
    expect(cacheFiles()).toEqual([])
    expect(await until(() => cacheFiles().length === 1, 10_000)).toBe(true)
    expect(await stopped(first.child)).toBe(0)
    const [name] = cacheFiles()
    const written = statSync(join(OUT_DIR, name!)).mtimeMs

    const second = await started()
    // The API answers through the cached code as through the compiled one.
    const answer = await fetch(`${second.url}/api/v1/does-not-exist`)
    expect(answer.status).toBe(404)
    expect(((await answer.json()) as { success: boolean }).success).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, CACHE_AFTER_LISTEN_MS + 1_000))
    expect(statSync(join(OUT_DIR, name!)).mtimeMs).toBe(written)
    expect(await stopped(second.child)).toBe(0)
    expect(cacheFiles()).toEqual([name])
  })

  it("keeps the cache through a rebuild of the same sources (npm start builds before every start)", async () => {
    const before = cacheFiles()
    expect(before).toHaveLength(1)
    await buildServer(OUT_DIR)
    expect(cacheFiles()).toEqual(before)
  })

  it("refuses a damaged cache, starts from the source and replaces it", async () => {
    const [name] = cacheFiles()
    const path = join(OUT_DIR, name!)
    const garbage = Buffer.alloc(4096, 7)
    writeFileSync(path, garbage)
    const server = await started()
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    expect(await until(() => !readFileSync(path).equals(garbage), 10_000)).toBe(true)
    expect(await stopped(server.child)).toBe(0)
    // Replaced through a file of its own: nothing half-written is left next to it.
    expect(readdirSync(OUT_DIR).filter((file) => file.includes(".cache."))).toEqual([])
  })
})
