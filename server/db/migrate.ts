import { sql } from "kysely"
import { Migrator } from "kysely/migration"
import type { Db } from "./database.ts"
import { migrationProvider } from "./migrations/index.ts"

export async function migrateToLatest(db: Db): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; with other
  // schemas on the same server (parallel test runs) it would find theirs and then fail on ours.
  const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: current.rows[0]?.schema })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === "Error")
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}
