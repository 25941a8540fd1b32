import { randomBytes } from "node:crypto"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { gunzipSync, gzipSync } from "node:zlib"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Db } from "../../server/db/database.ts"
import { dropSchema, openDatabase, type OpenDatabase } from "../../server/db/open-database.ts"
import { seedDemo } from "../../server/scripts/demo-seed.ts"
import { listTables } from "../../server/services/ops/backup-tables.ts"
import { uploadFiles, writeBackup } from "../../server/services/ops/backup.ts"
import { restoreBackup } from "../../server/services/ops/restore.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { runServerScript, scriptTarget } from "./script-runner.ts"
import { migratedTarget } from "./seeded-snapshot.ts"

const pgUrl = process.env.TEST_DATABASE_URL
const work = mkdtempSync(join(tmpdir(), "console-backup-"))
let source: TestServer
let backupFile: string
const opened: Array<{ database: OpenDatabase; schema?: string }> = []

/** A table no migration has, with every awkward thing: odd name, identity, self reference, generated column, exotic types. */
const ODD_TABLE = sql`create table "Odd Things" (
  id bigint generated always as identity primary key,
  parent_id bigint references "Odd Things"(id),
  amount numeric(40, 12), raw bytea, tags text[], at timestamptz, note text, doc jsonb,
  tag_count integer generated always as (coalesce(array_length(tags, 1), 0)) stored)`

/** Two tables that reference each other (as users ↔ organizations might). */
const CYCLE = {
  async execute(db: Db) {
    await sql`create table odd_a (id integer primary key, b_id integer)`.execute(db)
    await sql`create table odd_b (id integer primary key, a_id integer not null references odd_a(id))`.execute(db)
    await sql`alter table odd_a add constraint odd_a_b_fkey foreign key (b_id) references odd_b(id)`.execute(db)
  },
}

/** A fresh, empty, migrated database of the same kind as the source (or the other kind). */
async function emptyDatabase(kind: "same" | "embedded" = "same") {
  const schema = `r_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const database = await openDatabase(pgUrl && kind === "same" ? { kind: "postgres", url: pgUrl, schema } : migratedTarget())
  opened.push({ database, ...(pgUrl && kind === "same" ? { schema } : {}) })
  await ODD_TABLE.execute(database.db)
  await CYCLE.execute(database.db)
  return database.db
}

/** Every row of every table, as the database prints it, in primary-key order. */
async function snapshot(db: Db) {
  const out: Record<string, string[]> = {}
  for (const table of await listTables(db)) {
    const order = sql.join(table.primaryKey.map((c) => sql.id(c)))
    const { rows } = await sql<{ row: string }>`select row_to_json(r.*)::text as row from ${sql.id(table.name)} as r order by ${order}`.execute(db)
    out[table.name] = rows.map((r) => r.row)
  }
  return out
}

const uploadsOf = (dir: string) => Object.fromEntries(uploadFiles(dir).map((p) => [p, readFileSync(join(dir, p)).toString("hex")]))

beforeAll(async () => {
  source = await startTestServer()
  // Activity beyond the seed: refresh tokens, a used reset token, events, uploads and the odd table.
  const admin = await source.login("admin@demo.test")
  const mailed = source.outbox().length
  await source.app.inject({ method: "POST", url: "/api/v1/user/reset-password-link", payload: { email: "user@demo.test" } })
  const token = /reset-password\/([\w-]+)/.exec((await source.mailTo("user@demo.test", mailed)).text)![1]!
  await source.app.inject({ method: "POST", url: "/api/v1/user/reset-password", payload: { token, password: "Fresh-pass-1", confirmPassword: "Fresh-pass-1" } })
  await source.app.inject({
    method: "PATCH",
    url: "/api/v1/user/updateCurrentPassword",
    headers: bearer(admin),
    payload: { oldPassword: "Demo@12345", newPassword: "Changed@12345" },
  })
  await ODD_TABLE.execute(source.db)
  await sql`insert into "Odd Things" (amount, raw, tags, at, note, doc) values
    (12345678901234567890.123456789012, '\\xdeadbeef00', array['a', 'b,c', 'd"e'], '2026-01-02 03:04:05.123456+00', e'two\\nlines ✓', '{"k": [1, {"x": null}], "s": "line\\nbreak"}'),
    (null, null, null, null, null, null)`.execute(source.db)
  await sql`insert into "Odd Things" (parent_id, note) values (2, 'child of 2'), (1, 'child of 1')`.execute(source.db)
  await sql`update "Odd Things" set parent_id = 4 where id = 1`.execute(source.db)
  await CYCLE.execute(source.db)
  await sql`insert into odd_a (id, b_id) values (1, null), (2, null)`.execute(source.db)
  await sql`insert into odd_b (id, a_id) values (10, 1), (20, 2)`.execute(source.db)
  await sql`update odd_a set b_id = 20 where id = 1`.execute(source.db)
  await sql`update odd_a set b_id = 10 where id = 2`.execute(source.db)
  for (const [scope, count] of [
    ["public", 3],
    ["private", 2],
  ] as const) {
    mkdirSync(join(source.dataDir, "uploads", scope), { recursive: true })
    for (let i = 0; i < count; i++) writeFileSync(join(source.dataDir, "uploads", scope, `${randomBytes(16).toString("hex")}.png`), randomBytes(2000 + i))
  }
  backupFile = join(work, "source.backup.jsonl.gz")
  // The event log is sealed after writes, in the background: sealed now, the tables stay as backed up.
  await source.app.sealer.settle()
  await writeBackup(source.db, { file: backupFile, uploadsDir: join(source.dataDir, "uploads"), databaseKind: pgUrl ? "postgres" : "embedded" })
})

afterAll(async () => {
  await source.close()
  for (const { database, schema } of opened) {
    await database.close()
    if (schema && pgUrl) await dropSchema(pgUrl, schema)
  }
  rmSync(work, { recursive: true, force: true })
})

// Every case restores a whole seeded database, some through real processes: slow on a busy machine.
describe(`backup and restore (${pgUrl ? "PostgreSQL" : "embedded PGlite"})`, { timeout: 120_000 }, () => {
  it("restores into a fresh database every table row by row and every upload byte by byte", async () => {
    const target = await emptyDatabase()
    const uploads = join(work, "uploads-a")
    const summary = await restoreBackup(target, { file: backupFile, uploadsDir: uploads, force: false })
    const expected = await snapshot(source.db)
    // Every table of the schema takes part (features add tables; these are the ones this test relies on).
    expect(Object.keys(expected)).toEqual(
      expect.arrayContaining(["Odd Things", "events", "odd_a", "odd_b", "password_reset_tokens", "refresh_tokens", "users"]),
    )
    expect(expected.users!.length).toBeGreaterThan(100)
    expect(expected.events!.length).toBeGreaterThanOrEqual(2)
    expect(expected["Odd Things"]!.length).toBe(4)
    expect(await snapshot(target)).toEqual(expected)
    expect(summary.tables.users).toBe(expected.users!.length)
    expect(uploadsOf(uploads)).toEqual(uploadsOf(join(source.dataDir, "uploads")))
    expect(summary.files).toBe(Object.keys(uploadsOf(join(source.dataDir, "uploads"))).length)
    // The key of the cycle was checked at the end of the restore and is back to not deferrable.
    const { rows } = await sql<{ deferrable: boolean }>`select con.condeferrable as deferrable from pg_constraint con
      join pg_namespace n on n.oid = con.connamespace where con.conname = 'odd_a_b_fkey' and n.nspname = current_schema()`.execute(target)
    expect(rows.map((r) => r.deferrable)).toEqual([false])
  })

  it("lets identity columns continue after the restored rows", async () => {
    const target = await emptyDatabase()
    await restoreBackup(target, { file: backupFile, uploadsDir: join(work, "uploads-b"), force: false })
    const { rows } = await sql<{
      id: string | number
    }>`insert into events (entity_type, entity_id, type) values ('user', 'x', 'user.test') returning id`.execute(target)
    const { rows: max } = await sql<{ id: string | number }>`select max(id) as id from events where type <> 'user.test'`.execute(target)
    expect(Number(rows[0]!.id)).toBe(Number(max[0]!.id) + 1)
    const odd = await sql<{ id: string | number }>`insert into "Odd Things" (note) values ('new') returning id`.execute(target)
    expect(Number(odd.rows[0]!.id)).toBe(5)
  })

  it("refuses a target that is not empty, and with force replaces everything in it", async () => {
    const target = await emptyDatabase()
    const uploads = join(work, "uploads-c")
    await restoreBackup(target, { file: backupFile, uploadsDir: uploads, force: false })
    await sql`update users set name = 'Changed' where email = 'admin@demo.test'`.execute(target)
    writeFileSync(join(uploads, "public", `${"f".repeat(32)}.png`), "stray")
    await expect(restoreBackup(target, { file: backupFile, uploadsDir: uploads, force: false })).rejects.toThrow(
      "The target is not empty (it has rows or uploads). Restore into an empty database, or use --force to replace everything.",
    )
    await restoreBackup(target, { file: backupFile, uploadsDir: uploads, force: true })
    expect(await snapshot(target)).toEqual(await snapshot(source.db))
    expect(uploadsOf(uploads)).toEqual(uploadsOf(join(source.dataDir, "uploads")))
  })

  it("leaves the target untouched when the file is truncated or is not a backup", async () => {
    const lines = gunzipSync(readFileSync(backupFile)).toString("utf8").split("\n")
    const truncated = join(work, "truncated.gz")
    writeFileSync(truncated, gzipSync(lines.slice(0, lines.length - 3).join("\n")))
    const target = await emptyDatabase()
    const uploads = join(work, "uploads-d")
    await expect(restoreBackup(target, { file: truncated, uploadsDir: uploads, force: false })).rejects.toThrow(/incomplete|end marker/)
    expect(Object.values(await snapshot(target)).flat()).toEqual([])
    expect(uploadFiles(uploads)).toEqual([])
    const notBackup = join(work, "not-a-backup.gz")
    writeFileSync(notBackup, gzipSync('{"hello":"world"}\n'))
    await expect(restoreBackup(target, { file: notBackup, uploadsDir: uploads, force: false })).rejects.toThrow("This is not a console backup file.")
  })

  // A test of the PostgreSQL run only (the server suite runs on both): on the embedded database there is no other kind to cross to.
  if (pgUrl)
    it("restores a PostgreSQL backup into the embedded database and back, with the same values", async () => {
      // Session time zones may differ between the two: compare timestamps as instants.
      const normalize = (tables: Record<string, string[]>) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(tables).map(([name, rows]) => [
              name,
              rows.map((r) =>
                JSON.parse(r, (_k, v) =>
                  typeof v === "string" && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d$/.test(v) ? new Date(v).toISOString() : v,
                ),
              ),
            ]),
          ),
        )
      const embedded = await emptyDatabase("embedded")
      await restoreBackup(embedded, { file: backupFile, uploadsDir: join(work, "uploads-e"), force: false })
      expect(normalize(await snapshot(embedded))).toEqual(normalize(await snapshot(source.db)))
      const fromEmbedded = join(work, "from-embedded.jsonl.gz")
      await writeBackup(embedded, { file: fromEmbedded, uploadsDir: join(work, "uploads-e"), databaseKind: "embedded" })
      const postgres = await emptyDatabase()
      await restoreBackup(postgres, { file: fromEmbedded, uploadsDir: join(work, "uploads-f"), force: false })
      expect(await snapshot(postgres)).toEqual(await snapshot(source.db))
    })

  it("works as `npm run backup` and `npm run restore`, refusing a second restore without --force", { timeout: 180_000 }, async () => {
    const from = await scriptTarget()
    const to = await scriptTarget()
    try {
      const seeded = await from.open()
      await seedDemo(seeded.db)
      await seeded.close()
      mkdirSync(join(from.dataDir, "uploads", "public"), { recursive: true })
      writeFileSync(join(from.dataDir, "uploads", "public", `${"a".repeat(32)}.png`), randomBytes(500))
      const file = join(work, "cli.backup.jsonl.gz")
      const backup = await runServerScript("backup", [file], from.env)
      // Not a terminal: the progress bar prints plain lines on stderr, ending at 100%, no escape codes.
      const progress = backup.stderr.trim().split("\n")
      for (const l of progress) expect(l).toMatch(/^Backup \[[#-]+\] +\d+%  \d+\/\d+ /)
      expect(progress.at(-1)).toMatch(/ 100%  (\d+)\/\1 uploads$/)
      expect(backup.stderr).not.toContain("\x1b")
      expect(backup.stdout).toMatch(/^Backup written to .*cli\.backup\.jsonl\.gz \(\d+ KiB\): \d+ tables, \d+ rows, 1 uploads\.\n$/)
      const restore = await runServerScript("restore", [file], to.env)
      expect(restore.stderr).toMatch(/^Restoring tables \[/)
      expect(restore.stderr).toMatch(/Restoring tables \[#+\] 100%  (\d+)\/\1 .*\nRestoring uploads 1 uploads\n$/)
      expect(restore.stdout).toMatch(/Restored \d+ tables/)
      const again = await runServerScript("restore", [file], to.env)
      expect(again.code).toBe(1)
      expect(again.stderr).toContain("The target is not empty")
      const forced = await runServerScript("restore", [file, "--force"], to.env)
      expect(forced.code).toBe(0)
      const [a, b] = [await from.open(), await to.open()]
      try {
        expect(await snapshot(b.db)).toEqual(await snapshot(a.db))
      } finally {
        await a.close()
        await b.close()
      }
      expect(uploadsOf(join(to.dataDir, "uploads"))).toEqual(uploadsOf(join(from.dataDir, "uploads")))
    } finally {
      await from.cleanup()
      await to.cleanup()
    }
  })
})
