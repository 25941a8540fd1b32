import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { sql } from "kysely"
import { describe, expect, it } from "vitest"
import type { Db } from "../../server/db/database.ts"
import { migrationProvider } from "../../server/db/migrations/index.ts"
import { openDatabase, startOpeningDatabase } from "../../server/db/open-database.ts"
import { PGLITE_SHARED_BUFFERS } from "../../server/db/pglite-thread.ts"
import { queryCounter } from "../../server/plugins/bench-instrument.ts"
import { migratedDataDirInto, migratedTarget } from "./seeded-snapshot.ts"

const migrationNames = async (db: Db) => (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((row) => row.name)

/**
 * A data directory holding the run's migrated database (a copy: the run's global setup migrated a new one, so
 * every run still migrates a new database; initdb and 24 migrations here, twice, took this file past its 30 s
 * while the server suites ran beside it); `prepare` may change it before it is closed.
 */
async function withMigratedDataDir(
  prepare: (db: Db, applied: string[]) => Promise<void>,
  check: (dir: string, applied: string[]) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "console-migrate-"))
  try {
    migratedDataDirInto(dir)
    const first = await openDatabase({ kind: "embedded", dataDir: dir })
    const applied = await migrationNames(first.db)
    await prepare(first.db, applied)
    await first.close()
    await check(dir, applied)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Opens the data directory again: the statements that opening sent, and the migrations then recorded. */
async function reopen(dir: string): Promise<{ statements: number; names: string[] }> {
  const counter = queryCounter()
  const again = await openDatabase({ kind: "embedded", dataDir: dir }, { onQuery: counter.onQuery })
  try {
    return { statements: counter.count(), names: await migrationNames(again.db) }
  } finally {
    await again.close()
  }
}

describe("opening a database at start", () => {
  it("opens an up-to-date one with three reads instead of the migrator", async () => {
    await withMigratedDataDir(
      async (_db, applied) => void expect(applied.length).toBeGreaterThanOrEqual(9),
      async (dir, applied) => {
        const { statements, names } = await reopen(dir)
        // current_schema, the bookkeeping table's presence, the names recorded: no DDL, no lock.
        expect(statements).toBe(3)
        expect(names).toEqual(applied)
      },
    )
  })

  it("leaves a database with a migration not yet recorded to the migrator, which applies it", async () => {
    await withMigratedDataDir(
      async (db, applied) => {
        // As if the newest migration had shipped after this database was made: undo it and forget it.
        const last = applied.at(-1)!
        await (
          await migrationProvider.getMigrations()
        )[last]!.down!(db as never)
        await sql`delete from kysely_migration where name = ${last}`.execute(db)
      },
      async (dir, applied) => {
        const { statements, names } = await reopen(dir)
        expect(statements).toBeGreaterThan(3)
        expect(names).toEqual(applied)
      },
    )
  })

  it("gives the handle of a database still starting at once, keeps the loop alive while PGlite starts, and holds nothing alive once idle", async () => {
    const alive = () => process.getActiveResourcesInfo().filter((kind) => kind === "MessagePort").length
    const before = alive()
    const opening = startOpeningDatabase(migratedTarget())
    // The handle exists before PostgreSQL answers: the app's routes are built on it meanwhile.
    expect(opening.db).toBeDefined()
    // PGlite's thread keeps the loop alive while it starts (a script awaiting the database must not end)...
    expect(alive()).toBe(before + 1)
    const opened = await opening.opened
    try {
      expect(opened.db).toBe(opening.db)
      // ...and only while a statement waits on it, like a socket: an idle database holds no process open.
      expect(alive()).toBe(before)
      // The server's small pool reached PostgreSQL (PGlite's two-argument form once dropped such options).
      expect((await sql<{ shared_buffers: string }>`show shared_buffers`.execute(opened.db)).rows).toEqual([{ shared_buffers: PGLITE_SHARED_BUFFERS }])
    } finally {
      await opened.close()
    }
  })

  it("gives a bulk load the pool it asks for", async () => {
    const opened = await openDatabase(migratedTarget(), { sharedBuffers: "128MB" })
    try {
      expect((await sql<{ shared_buffers: string }>`show shared_buffers`.execute(opened.db)).rows).toEqual([{ shared_buffers: "128MB" }])
    } finally {
      await opened.close()
    }
  })

  // A fresh process: this one has long loaded both. pg's module start builds a fetch Response (its
  // Cloudflare check), which loads Node's fetch implementation before the database could start opening.
  // A process of its own (node, tsx, PGlite) beside two busy server suites on two cores takes far longer than the
  // default 30 s may allow; it opens a copy of the run's migrated directory rather than migrating anew.
  it("opens the embedded database without loading pg or Node's fetch implementation", { timeout: 120_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), "migrate-start-modules-"))
    migratedDataDirInto(dir)
    const script = `
      import { createRequire } from "node:module"
      import { openDatabase } from ${JSON.stringify(new URL("../../server/db/open-database.ts", import.meta.url).pathname)}
      const opened = await openDatabase({ kind: "embedded", dataDir: ${JSON.stringify(dir)} })
      const pg = Object.keys(createRequire(import.meta.url).cache).filter((path) => path.includes("/node_modules/pg/"))
      const undici = process.moduleLoadList.filter((name) => name.includes("undici"))
      await opened.close()
      console.log(JSON.stringify({ pg, undici }))
    `
    try {
      const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8" })
      expect(JSON.parse(out.trim().split("\n").at(-1)!)).toEqual({ pg: [], undici: [] })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
