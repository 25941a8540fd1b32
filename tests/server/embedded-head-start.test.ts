import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { sql } from "kysely"
import { afterAll, afterEach, describe, expect, it } from "vitest"
import { startEmbeddedEarly, takeEmbeddedHeadStart, type HeadStart } from "../../server/db/embedded-head-start.ts"
import { openDatabase, type OpenDatabase } from "../../server/db/open-database.ts"
import { PGLITE_SHARED_BUFFERS } from "../../server/db/pglite-thread.ts"
import { migratedDataDirInto } from "./seeded-snapshot.ts"

/**
 * `npm start` starts the embedded database's thread before it loads the server's bundle
 * (server/start.ts), and the server takes that thread over instead of starting a second PGlite on
 * the same directory: two would lose writes.
 */
const dirs: string[] = []
const opened: OpenDatabase[] = []
const KEY = Symbol.for("console.embedded-head-start")
const pending = () => (globalThis as { [KEY]?: HeadStart })[KEY]

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "console-head-start-"))
  dirs.push(dir)
  migratedDataDirInto(dir)
  return dir
}
const lockOf = (dir: string) => join(dir, "server.lock")

afterEach(async () => {
  // A test that failed midway leaves no thread behind for the next.
  const early = pending()
  if (early) takeEmbeddedHeadStart(`${early.dataDir}-elsewhere`, PGLITE_SHARED_BUFFERS)
  for (const database of opened.splice(0)) await database.close().catch(() => {})
})
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe("the embedded database's head start", () => {
  it("is taken over by the server opening the same directory: its thread answers the server's statements", async () => {
    const dir = dataDir()
    startEmbeddedEarly({ DATA_DIR: dir })
    const early = pending()
    expect(early?.dataDir).toBe(dir)
    expect(readFileSync(lockOf(dir), "utf8")).toBe(String(process.pid))

    const lost: string[] = []
    const database = await openDatabase({ kind: "embedded", dataDir: dir }, { onConnectionError: (error) => lost.push(error.message) })
    opened.push(database)
    expect(pending()).toBeUndefined()
    expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }])

    // Stopping the early thread stops the server's database (which reopens it, as after a crash): it was
    // that thread, not a second PGlite.
    expect(lost).toEqual([])
    await early!.thread.worker.terminate()
    await new Promise((resolve) => setImmediate(resolve))
    expect(lost).toEqual(["The embedded database stopped: its thread exited (1); reopening it"])
    expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }])
    await database.close()
    opened.pop()
    expect(existsSync(lockOf(dir))).toBe(false)
  })

  it("is stopped, and its directory unlocked, when the server opens another directory", async () => {
    const dir = dataDir()
    startEmbeddedEarly({ DATA_DIR: dir })
    const early = pending()!
    expect(takeEmbeddedHeadStart(`${dir}-other`, PGLITE_SHARED_BUFFERS)).toBeNull()
    expect(pending()).toBeUndefined()
    await new Promise((resolve) => early.thread.worker.once("exit", resolve))
    await new Promise((resolve) => setImmediate(resolve))
    expect(existsSync(lockOf(dir))).toBe(false)
  })

  it("refuses the same directory with another buffer pool rather than open it twice", () => {
    const dir = dataDir()
    startEmbeddedEarly({ DATA_DIR: dir })
    const early = pending()!
    expect(() => takeEmbeddedHeadStart(dir, "128MB")).toThrow(/started early with 32MB of shared buffers, not 128MB/)
    // Refused, it is nobody's: stopped here, as the server process would end.
    void early.thread.worker.terminate().finally(early.unlock)
  })

  it("is not started for PostgreSQL, nor on a directory another live process holds", () => {
    const dir = dataDir()
    startEmbeddedEarly({ DATA_DIR: dir, DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" })
    expect(pending()).toBeUndefined()
    expect(existsSync(lockOf(dir))).toBe(false)

    // The parent process (vitest's) is alive: its lock stands, and the server's own start will say so.
    writeFileSync(lockOf(dir), String(process.ppid))
    startEmbeddedEarly({ DATA_DIR: dir })
    expect(pending()).toBeUndefined()
    expect(readFileSync(lockOf(dir), "utf8")).toBe(String(process.ppid))
  })
})
