import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildServer } from "../../scripts/build-server.ts"
import { killServer, startServer, type ServerProcess } from "../fixtures/real-server.ts"

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
const started = () => startServer({ DATA_DIR: dataDir, DEMO_SEED: "false" }, { entry })
const stopped = async (server: ServerProcess) => (await killServer(server, "SIGTERM")).code

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
    expect(await stopped(first)).toBe(0)
    const [name] = cacheFiles()
    const written = statSync(join(OUT_DIR, name!)).mtimeMs

    const second = await started()
    // The API answers through the cached code as through the compiled one.
    const answer = await fetch(`${second.url}/api/v1/does-not-exist`)
    expect(answer.status).toBe(404)
    expect(((await answer.json()) as { success: boolean }).success).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, CACHE_AFTER_LISTEN_MS + 1_000))
    expect(statSync(join(OUT_DIR, name!)).mtimeMs).toBe(written)
    expect(await stopped(second)).toBe(0)
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
    expect(await stopped(server)).toBe(0)
    // Replaced through a file of its own: nothing half-written is left next to it.
    expect(readdirSync(OUT_DIR).filter((file) => file.includes(".cache."))).toEqual([])
  })
})
