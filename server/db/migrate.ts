import { sql } from "kysely"
import { Migrator } from "kysely/migration"
import type { Db } from "./database.ts"
import { migrationProvider } from "./migrations/index.ts"

/**
 * Kysely's bookkeeping tables are pinned to the schema being migrated (the given one, else the
 * connection's current schema): left unpinned, the migrator looks for them in any schema and, with
 * several schemas in one database (parallel test runs, a search_path in DATABASE_URL), finds another's.
 */
export async function migrateToLatest(db: Db, schema?: string): Promise<void> {
  const target = schema ?? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
  if (target && (await upToDate(db, target))) return
  const migrator = new Migrator({ db, provider: migrationProvider, ...(target ? { migrationTableSchema: target } : {}) })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === "Error")
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/**
 * True when every known migration is already recorded: one read, instead of the migrator's DDL and
 * lock on every start (a fifth of the embedded server's ready time). Any doubt (no table yet, a
 * migration missing) leaves the answer to the migrator.
 */
async function upToDate(db: Db, schema: string): Promise<boolean> {
  const known = Object.keys(await migrationProvider.getMigrations())
  const exists = await sql<{ found: string | null }>`select to_regclass(${`${schema}.kysely_migration`}) as found`.execute(db)
  if (!exists.rows[0]?.found) return false
  const applied = await sql<{ name: string }>`select name from ${sql.table(`${schema}.kysely_migration`)}`.execute(db)
  const names = new Set(applied.rows.map((row) => row.name))
  return known.every((name) => names.has(name))
}
