import type { Migration, MigrationProvider } from "kysely/migration"
import * as accounts from "./0001-accounts.ts"
import * as vendors from "./0002-vendors.ts"

/**
 * The one migration set for PGlite and PostgreSQL. Listed statically (not read from disk)
 * so the bundle and tests see the same set. Append; never edit a migration that has shipped.
 */
const migrations: Record<string, Migration> = {
  "0001-accounts": accounts,
  "0002-vendors": vendors,
}

export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations }
