import { sql } from "kysely"
import type { Db } from "../../db/database.ts"

/** Kysely's own bookkeeping: a restore target has these already, from running the migrations. */
const MIGRATION_TABLES = ["kysely_migration", "kysely_migration_lock"]

export interface TableInfo {
  name: string
  /** Columns a restore writes: all but generated ones. */
  columns: string[]
  primaryKey: string[]
  /** Tables this one references (other than itself). */
  dependsOn: string[]
  /** A foreign key to itself: its rows are restored in one statement, so order within it does not matter. */
  selfReferencing: boolean
  /** Identity or serial columns, whose sequences must continue after the restored values. */
  sequenceColumns: string[]
  foreignKeys: ForeignKey[]
}

export interface ForeignKey {
  name: string
  references: string
  deferrable: boolean
}

/**
 * Every table of the current schema, found in the catalog (the same on PGlite and PostgreSQL),
 * in dependency order: a table comes after every table it references.
 */
export async function listTables(db: Db): Promise<TableInfo[]> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
  const columns = await sql<{ tbl: string; col: string; generated: string; identity: string; default_value: string | null }>`
    select table_name as tbl, column_name as col, is_generated as generated, is_identity as identity, column_default as default_value
    from information_schema.columns where table_schema = current_schema() order by table_name, ordinal_position`.execute(db)
  const constraints = await sql<{ tbl: string; name: string; kind: string; referenced: string | null; deferrable: boolean; columns: string[] }>`
    select c.relname as tbl, con.conname as name, con.contype as kind, r.relname as referenced, con.condeferrable as deferrable,
      (select array_to_json(array_agg(a.attname::text order by k.ord)) from unnest(con.conkey) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns
    from pg_constraint con
    join pg_class c on c.oid = con.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_class r on r.oid = con.confrelid
    where n.nspname = current_schema() and con.contype in ('p', 'f')`.execute(db)
  const infos = tables.rows
    .map((t) => t.name)
    .filter((name) => !MIGRATION_TABLES.includes(name))
    .map((name): TableInfo => {
      const own = columns.rows.filter((c) => c.tbl === name)
      const keys = constraints.rows.filter((c) => c.tbl === name)
      const references = keys.filter((k) => k.kind === "f").map((k) => k.referenced!)
      return {
        name,
        columns: own.filter((c) => c.generated !== "ALWAYS").map((c) => c.col),
        primaryKey: keys.find((k) => k.kind === "p")?.columns ?? [],
        dependsOn: [...new Set(references.filter((r) => r !== name && !MIGRATION_TABLES.includes(r)))],
        selfReferencing: references.includes(name),
        sequenceColumns: own.filter((c) => c.identity === "YES" || c.default_value?.startsWith("nextval(")).map((c) => c.col),
        foreignKeys: keys.filter((k) => k.kind === "f").map((k) => ({ name: k.name, references: k.referenced!, deferrable: k.deferrable })),
      }
    })
  return dependencyOrder(infos)
}

/**
 * Topological order, stable by name. Tables that reference each other in a cycle cannot all come after
 * what they reference: the cycle is broken at the first of them by name, and the foreign keys left
 * pointing forward (see forwardKeys) are checked at the end of the restore instead.
 */
export function dependencyOrder(tables: TableInfo[]): TableInfo[] {
  const ordered: TableInfo[] = []
  const done = new Set<string>()
  let remaining = [...tables].sort((a, b) => a.name.localeCompare(b.name))
  while (remaining.length > 0) {
    const ready = remaining.filter((t) => t.dependsOn.every((d) => done.has(d) || !tables.some((x) => x.name === d)))
    for (const table of ready.length > 0 ? ready : remaining.slice(0, 1)) {
      ordered.push(table)
      done.add(table.name)
    }
    remaining = remaining.filter((t) => !done.has(t.name))
  }
  return ordered
}

/** Foreign keys whose referenced table comes later in `ordered` (only where tables form a cycle). */
export function forwardKeys(ordered: TableInfo[]): Array<ForeignKey & { table: string }> {
  const position = new Map(ordered.map((t, i) => [t.name, i]))
  return ordered.flatMap((table, i) => table.foreignKeys.filter((k) => (position.get(k.references) ?? -1) > i).map((k) => ({ ...k, table: table.name })))
}

/** The migrations this database has run, oldest first. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from ${sql.table("kysely_migration")} order by name`.execute(db)
  return rows.map((r) => r.name)
}

/** Whether any table (outside Kysely's bookkeeping) holds a row. */
export async function hasAnyRow(db: Db, tables: TableInfo[]): Promise<boolean> {
  for (const table of tables) {
    const { rows } = await sql`select 1 from ${sql.table(table.name)} limit 1`.execute(db)
    if (rows.length > 0) return true
  }
  return false
}
