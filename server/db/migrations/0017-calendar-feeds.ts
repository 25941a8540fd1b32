import type { Kysely } from "kysely"

/** Private calendar feeds (issue 24): one secret address per person, replaced or removed by them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("calendar_feeds")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("calendar_feeds").execute()
}
