import { type Kysely, sql } from "kysely"

/**
 * Saved views (issue 26): a list's address query named by the person who saved it, to open it again in any
 * browser. One name per person and list, letter case ignored; read by (person, list).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("saved_views")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("list", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute()
  await sql`create unique index saved_views_name_idx on saved_views (user_id, list, lower(name))`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("saved_views").execute()
}
