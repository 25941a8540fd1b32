import type { Kysely } from "kysely"

/**
 * Drafts (issue 28): what an editor typed in a content form and has not published, saved a few seconds
 * after each change, one per person and form (`blog:new`, `blog:<id>`), so it survives a closed tab and
 * can be continued in any browser. Removed when the form is published or the draft discarded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("drafts")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("values", "jsonb", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("drafts_pkey", ["user_id", "key"])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("drafts").execute()
}
