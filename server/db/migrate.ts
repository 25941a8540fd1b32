import { Migrator } from "kysely/migration"
import type { Db } from "./database.ts"
import { migrationProvider } from "./migrations/index.ts"

/**
 * `schema` pins Kysely's own bookkeeping tables to that schema: without it Kysely treats a
 * `kysely_migration` table in ANY schema as its own, so test runs in parallel schemas broke each other.
 */
export async function migrateToLatest(db: Db, schema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider, ...(schema ? { migrationTableSchema: schema } : {}) })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === "Error")
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}
