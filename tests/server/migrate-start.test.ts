import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { sql } from "kysely"
import { describe, expect, it } from "vitest"
import { openDatabase } from "../../server/db/open-database.ts"
import { queryCounter } from "../../server/plugins/bench-instrument.ts"

const migrationNames = async (db: Awaited<ReturnType<typeof openDatabase>>["db"]) =>
  (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((row) => row.name)

describe("opening a database at start", () => {
  it("migrates a new one, and opens an up-to-date one with three reads instead of the migrator", async () => {
    const dir = mkdtempSync(join(tmpdir(), "console-migrate-"))
    try {
      const first = await openDatabase({ kind: "embedded", dataDir: dir })
      const applied = await migrationNames(first.db)
      expect(applied.length).toBeGreaterThanOrEqual(9)
      await first.close()

      const counter = queryCounter()
      const again = await openDatabase({ kind: "embedded", dataDir: dir }, { onQuery: counter.onQuery })
      // current_schema, the bookkeeping table's presence, the names recorded: no DDL, no lock.
      expect(counter.count()).toBe(3)
      expect(await migrationNames(again.db)).toEqual(applied)
      await again.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("leaves a database with a migration not yet recorded to the migrator, which applies it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "console-migrate-"))
    try {
      const first = await openDatabase({ kind: "embedded", dataDir: dir })
      const applied = await migrationNames(first.db)
      const last = applied.at(-1)!
      // As if the newest migration had shipped after this database was made: undo it and forget it.
      const { migrationProvider } = await import("../../server/db/migrations/index.ts")
      await (await migrationProvider.getMigrations())[last]!.down!(first.db as never)
      await sql`delete from kysely_migration where name = ${last}`.execute(first.db)
      await first.close()

      const counter = queryCounter()
      const again = await openDatabase({ kind: "embedded", dataDir: dir }, { onQuery: counter.onQuery })
      expect(counter.count()).toBeGreaterThan(3)
      expect(await migrationNames(again.db)).toEqual(applied)
      await again.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
