import { Migrator } from "kysely/migration"
import type { Db } from "./database.ts"
import { migrationProvider } from "./migrations/index.ts"

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === "Error")
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}
