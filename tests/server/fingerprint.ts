import { sql } from "kysely"
import type { Db } from "../../server/db/database.ts"

/** A fingerprint of every table's content in the current schema: equal before and after means no data changed. */
export async function fingerprint(db: Db): Promise<string> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name`.execute(db)
  const parts: string[] = []
  for (const { table_name } of tables.rows) {
    const row = await sql<{ h: string | null }>`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${sql.table(table_name)} t`.execute(db)
    parts.push(`${table_name}:${row.rows[0]?.h}`)
  }
  return parts.join(",")
}
