import { createHash } from "node:crypto"
import { createReadStream, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { createGunzip } from "node:zlib"
import { sql } from "kysely"
import type { Db } from "../../db/database.ts"
import { appliedMigrations, forwardKeys, hasAnyRow, listTables, type TableInfo } from "./backup-tables.ts"
import { BACKUP_FORMAT, BACKUP_VERSION, RESTORE_STAGING, uploadFiles, type BackupSummary } from "./backup.ts"
import { Refused } from "./refused.ts"

const BATCH_ROWS = 500
const BATCH_CHARS = 4 * 1024 * 1024
const SAFE_PATH = /^(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/

interface Header {
  format: string
  version: number
  migrations: string[]
  tables: string[]
}

/**
 * Loads a backup (see backup.ts) into an empty database and uploads folder; with `force`, replaces
 * whatever is there. All rows go in one transaction: a bad or truncated file leaves the database as
 * it was. Uploads are written to a staging folder and moved into place only after the commit.
 */
/**
 * `onProgress` is told after each table (done of the backup's tables, label the table) and then
 * after each upload (total 0: their number is only known at the end).
 */
export async function restoreBackup(
  db: Db,
  options: { file: string; uploadsDir: string; force: boolean; onProgress?: (done: number, total: number, label: string) => void },
): Promise<BackupSummary> {
  const lines = readLines(options.file)
  const header = parseHeader(await next(lines, "header"))
  const tables = await listTables(db)
  const known = new Set(await appliedMigrations(db))
  const newer = header.migrations.filter((m) => !known.has(m))
  if (newer.length > 0) throw new Refused(`This backup comes from a newer version (migrations ${newer.join(", ")} are unknown here). Update the server first.`)
  if (!options.force && ((await hasAnyRow(db, tables)) || uploadFiles(options.uploadsDir).length > 0)) {
    throw new Refused("The target is not empty (it has rows or uploads). Restore into an empty database, or use --force to replace everything.")
  }
  const staging = join(options.uploadsDir, RESTORE_STAGING)
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  try {
    const summary = await db.transaction().execute(async (trx) => {
      const checkAtEnd = await deferForwardKeys(trx, tables)
      // Tables kept by triggers (counts, search terms) are in the backup as they were: loading the
      // rows must not fire those triggers a second time. Transactional, so a failed restore keeps them.
      for (const table of tables) await sql`alter table ${sql.id(table.name)} disable trigger user`.execute(trx)
      if (options.force) for (const table of [...tables].reverse()) await sql`delete from ${sql.id(table.name)}`.execute(trx)
      const loaded = await loadBody(trx, lines, tables, staging, header.tables.length, options.onProgress ?? (() => {}))
      for (const table of tables) await continueSequences(trx, table)
      await checkAtEnd()
      // After the deferred key checks: ALTER TABLE waits for no pending trigger events.
      for (const table of tables) await sql`alter table ${sql.id(table.name)} enable trigger user`.execute(trx)
      return loaded
    })
    if (options.force) for (const path of uploadFiles(options.uploadsDir)) rmSync(join(options.uploadsDir, path), { force: true })
    for (const path of uploadFiles(staging)) {
      mkdirSync(dirname(join(options.uploadsDir, path)), { recursive: true })
      renameSync(join(staging, path), join(options.uploadsDir, path))
    }
    return summary
  } finally {
    rmSync(staging, { recursive: true, force: true })
    await lines.return?.(undefined)
  }
}

async function loadBody(
  db: Db,
  lines: AsyncIterator<string>,
  tables: TableInfo[],
  staging: string,
  tableCount: number,
  progress: (done: number, total: number, label: string) => void,
): Promise<BackupSummary> {
  const summary: BackupSummary = { tables: {}, files: 0 }
  for (;;) {
    const item = JSON.parse(await next(lines, "end marker")) as Record<string, unknown>
    if (typeof item.table === "string") {
      const table = tables.find((t) => t.name === item.table)
      if (!table) throw new Error(`The backup holds a table (${item.table}) this database does not have.`)
      const columns = (item.columns as string[]).filter((c) => table.columns.includes(c))
      summary.tables[table.name] = await loadRows(db, lines, table, columns, Number(item.rows))
      progress(Object.keys(summary.tables).length, tableCount, `${table.name} (${summary.tables[table.name]} rows)`)
    } else if (typeof item.file === "string") {
      writeStagedFile(staging, item)
      summary.files++
      progress(summary.files, 0, "uploads")
    } else if (item.end === true) {
      const expected = JSON.stringify(item.tables) + item.files
      if (JSON.stringify(summary.tables) + summary.files !== expected) throw new Error("The backup file's end marker does not match its content.")
      return summary
    } else {
      throw new Error("The backup file has a line it does not expect.")
    }
  }
}

/** Inserts rows in batches; a table referencing itself in one statement (its foreign keys are checked at the end of it). */
async function loadRows(db: Db, lines: AsyncIterator<string>, table: TableInfo, columns: string[], count: number): Promise<number> {
  const names = sql.join(columns.map((c) => sql.id(c)))
  let batch: string[] = []
  let chars = 0
  const flush = async () => {
    if (batch.length === 0) return
    await sql`insert into ${sql.id(table.name)} (${names}) overriding system value
      select ${names} from json_populate_recordset(null::${sql.id(table.name)}, ${`[${batch.join(",")}]`}::json)`.execute(db)
    batch = []
    chars = 0
  }
  for (let i = 0; i < count; i++) {
    const row = await next(lines, `row ${i + 1} of ${table.name}`)
    batch.push(row)
    chars += row.length
    if (!table.selfReferencing && (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS)) await flush()
  }
  await flush()
  return count
}

function writeStagedFile(staging: string, item: Record<string, unknown>): void {
  const path = String(item.file)
  if (!SAFE_PATH.test(path)) throw new Error(`The backup names an unsafe upload path: ${path}`)
  const data = Buffer.from(String(item.data), "base64")
  if (data.length !== item.size || createHash("sha256").update(data).digest("hex") !== item.sha256) {
    throw new Error(`The upload ${path} in the backup is damaged.`)
  }
  mkdirSync(dirname(join(staging, path)), { recursive: true })
  writeFileSync(join(staging, path), data)
}

/**
 * Tables in a cycle reference a table restored after them: those foreign keys are made deferrable for
 * this transaction, checked once everything is in, and put back as they were (all of it transactional).
 */
async function deferForwardKeys(db: Db, tables: TableInfo[]): Promise<() => Promise<void>> {
  const keys = forwardKeys(tables)
  if (keys.length === 0) return async () => {}
  const altered = keys.filter((k) => !k.deferrable)
  for (const k of altered) await sql`alter table ${sql.id(k.table)} alter constraint ${sql.id(k.name)} deferrable initially deferred`.execute(db)
  await sql`set constraints all deferred`.execute(db)
  return async () => {
    await sql`set constraints all immediate`.execute(db)
    for (const k of altered) await sql`alter table ${sql.id(k.table)} alter constraint ${sql.id(k.name)} not deferrable`.execute(db)
  }
}

/** Identity and serial columns continue after the highest restored value. */
async function continueSequences(db: Db, table: TableInfo): Promise<void> {
  for (const column of table.sequenceColumns) {
    await sql`select setval(pg_get_serial_sequence(quote_ident(${table.name}), ${column}), coalesce(max(${sql.id(column)}), 0) + 1, false)
      from ${sql.id(table.name)}`.execute(db)
  }
}

function parseHeader(text: string): Header {
  let header: Partial<Header> & { format?: unknown; version?: unknown }
  try {
    header = JSON.parse(text) as typeof header
  } catch {
    throw new Refused("This is not a console backup file.")
  }
  if (header.format !== BACKUP_FORMAT) throw new Refused("This is not a console backup file.")
  if (header.version !== BACKUP_VERSION) throw new Refused(`Backup format version ${String(header.version)} is not supported (expected ${BACKUP_VERSION}).`)
  return { format: BACKUP_FORMAT, version: BACKUP_VERSION, migrations: header.migrations ?? [], tables: header.tables ?? [] }
}

/** The file's lines, decompressed as they are read; a damaged gzip stream or a missing file throws. */
async function* readLines(file: string): AsyncGenerator<string> {
  const source = createReadStream(file)
  const gunzip = createGunzip()
  source.on("error", (error) => gunzip.destroy(error))
  gunzip.setEncoding("utf8")
  source.pipe(gunzip)
  let rest = ""
  try {
    for await (const chunk of gunzip as AsyncIterable<string>) {
      const parts = (rest + chunk).split("\n")
      rest = parts.pop() ?? ""
      yield* parts
    }
    if (rest) yield rest
  } finally {
    source.destroy()
    gunzip.destroy()
  }
}

async function next(lines: AsyncIterator<string>, what: string): Promise<string> {
  const item = await lines.next()
  if (item.done) throw new Error(`The backup file is incomplete: it ends before the ${what}.`)
  return item.value
}
