import { createHash } from "node:crypto"
import { createWriteStream, existsSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs"
import { join, relative, sep } from "node:path"
import { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { createGzip } from "node:zlib"
import { sql } from "kysely"
import type { Db } from "../../db/database.ts"
import { appliedMigrations, listTables, type TableInfo } from "./backup-tables.ts"

export const BACKUP_FORMAT = "console-backup"
export const BACKUP_VERSION = 1
/** Staging folder of a restore inside the uploads folder; never backed up. */
export const RESTORE_STAGING = ".restore-tmp"
const PAGE_ROWS = 1000

export interface BackupSummary {
  tables: Record<string, number>
  files: number
}

/**
 * One gzip'd JSON-lines file holding the whole installation:
 *   {"format":"console-backup","version":1,"createdAt":…,"database":…,"migrations":[…],"tables":[…]}
 *   {"table":"users","columns":[…],"rows":N}   then N lines, one row each, as PostgreSQL's row_to_json wrote it
 *   …                                           (every table, in dependency order)
 *   {"file":"public/<name>","size":…,"sha256":…,"data":"<base64>"}   (every upload)
 *   {"end":true,"tables":{…counts},"files":K}   (a file without this line is incomplete)
 * Rows are dumped and loaded by the database itself (row_to_json / json_populate_recordset), so every
 * type survives exactly (timestamps to the microsecond, numerics, bytea, arrays, jsonb) on PGlite and
 * PostgreSQL alike, and a backup of one restores into the other. One repeatable-read transaction gives
 * a consistent snapshot while the server keeps running (on the embedded database, which its server holds,
 * `npm run backup` reads a copy the server takes: db/snapshot-socket.ts). Written to `<file>.partial`,
 * renamed when complete.
 */
/** Told after each table and each upload: how many of the steps are done (uploads after the tables). */
export type Progress = (done: number, total: number, label: string) => void

export async function writeBackup(
  db: Db,
  options: { file: string; uploadsDir: string; databaseKind: string; now?: () => Date; onProgress?: Progress },
): Promise<BackupSummary> {
  const partial = `${options.file}.partial`
  const summary: BackupSummary = { tables: {}, files: 0 }
  try {
    await db
      .transaction()
      .setIsolationLevel("repeatable read")
      .execute(async (trx) => {
        const tables = await listTables(trx)
        const header = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: (options.now?.() ?? new Date()).toISOString(),
          database: options.databaseKind,
          migrations: await appliedMigrations(trx),
          tables: tables.map((t) => t.name),
        }
        const lines = backupLines(trx, header, tables, options.uploadsDir, summary, options.onProgress ?? (() => {}))
        await pipeline(Readable.from(lines), createGzip(), createWriteStream(partial, { mode: 0o600 }))
      })
    renameSync(partial, options.file)
    return summary
  } catch (error) {
    rmSync(partial, { force: true })
    throw error
  }
}

const line = (value: unknown) => `${JSON.stringify(value)}\n`

async function* backupLines(
  db: Db,
  header: object,
  tables: TableInfo[],
  uploadsDir: string,
  summary: BackupSummary,
  progress: Progress,
): AsyncGenerator<string> {
  yield line(header)
  const files = uploadFiles(uploadsDir)
  const steps = tables.length + files.length
  let done = 0
  for (const table of tables) {
    const { rows: counted } = await sql<{ n: string | number }>`select count(*) as n from ${sql.id(table.name)}`.execute(db)
    const count = Number(counted[0]?.n ?? 0)
    yield line({ table: table.name, columns: table.columns, rows: count })
    const order = table.primaryKey.length > 0 ? sql.join(table.primaryKey.map((c) => sql.id(c))) : sql`backup_row::text`
    let written = 0
    for (let offset = 0; offset < count; offset += PAGE_ROWS) {
      const { rows } = await sql<{ row: string }>`
        select row_to_json(backup_row.*)::text as row from ${sql.id(table.name)} as backup_row
        order by ${order} limit ${PAGE_ROWS} offset ${offset}`.execute(db)
      written += rows.length
      // Raw line breaks in JSON are only whitespace between tokens (never inside a string): flatten them.
      yield rows.map((r) => `${r.row.includes("\n") || r.row.includes("\r") ? r.row.replace(/[\r\n]+/g, " ") : r.row}\n`).join("")
    }
    if (written !== count) throw new Error(`Table ${table.name} changed while it was read (${written} of ${count} rows)`)
    summary.tables[table.name] = count
    progress(++done, steps, `${table.name} (${count} rows)`)
  }
  for (const path of files) {
    const data = readFileSync(join(uploadsDir, path))
    yield line({ file: path, size: data.length, sha256: createHash("sha256").update(data).digest("hex"), data: data.toString("base64") })
    summary.files++
    progress(++done, steps, "uploads")
  }
  yield line({ end: true, tables: summary.tables, files: summary.files })
}

/** Every file under the uploads folder, as a relative path with `/`, leaving out a restore's staging folder. */
export function uploadFiles(uploadsDir: string): string[] {
  if (!existsSync(uploadsDir)) return []
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (relative(uploadsDir, path) !== RESTORE_STAGING) walk(path)
      } else if (entry.isFile()) {
        found.push(relative(uploadsDir, path).split(sep).join("/"))
      }
    }
  }
  walk(uploadsDir)
  return found
}
