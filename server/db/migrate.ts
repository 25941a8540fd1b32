import { sql, type DatabaseIntrospector, type TableMetadata } from "kysely"
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
  const migrator = new Migrator({
    db: target ? lookingOnlyAt(db, target) : db,
    provider: migrationProvider,
    ...(target ? { migrationTableSchema: target } : {}),
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === "Error")
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/**
 * The database handle the migrator gets: the same handle, except that its catalog reads look at the one
 * schema being migrated. Kysely's own introspection reads every column of every schema of the database
 * (with has_schema_privilege and pg_get_serial_sequence for each), which fails outright when another
 * client drops a schema or a table during that read ('schema "t_…" does not exist', 'column … of relation
 * "users" does not exist'): parallel test files did, and so may any other application sharing the database.
 */
function lookingOnlyAt(db: Db, schema: string): Db {
  const introspection: DatabaseIntrospector = {
    async getSchemas() {
      const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db)
      return rows
    },
    async getTables() {
      const { rows } = await sql<{ name: string; kind: string }>`
        select c.relname as name, c.relkind as kind from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'v', 'p', 'f')`.execute(db)
      return rows.map((row): TableMetadata => ({ name: row.name, schema, isView: row.kind === "v", isForeign: row.kind === "f", columns: [] }))
    },
  }
  // Kysely keeps its state in private fields, so the handle is wrapped, not copied: every other member is the handle's own.
  return new Proxy(db, {
    get(target, property) {
      if (property === "introspection") return introspection
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === "function" ? value.bind(target) : value
    },
  })
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
