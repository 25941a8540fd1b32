import { sql } from "kysely"
import { Migrator } from "kysely/migration"
import type { Db } from "./database.ts"
import { migrationProvider } from "./migrations/index.ts"

export async function migrateToLatest(db: Db): Promise<void> {
  // Kysely looks for its migration tables in every schema unless told which one: on a PostgreSQL
  // holding several schemas (the tests run in parallel, one schema each) it would find another
  // schema's tables and skip creating its own. Pin them to the schema this connection works in.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: rows[0]?.schema ?? "public" })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === "Error")
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}
