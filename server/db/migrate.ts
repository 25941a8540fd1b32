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
  const migrator = new Migrator({ db, provider: migrationProvider, ...(target ? { migrationTableSchema: target } : {}) })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === "Error")
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}
