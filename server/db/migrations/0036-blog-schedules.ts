import { type Kysely, sql } from "kysely"

/**
 * Scheduled publish (issue 28): a blog's pending changes set to go live at `publish_at`. One row per blog
 * (its id is the blog's), an audited entity of its own (`blogSchedule`): created when scheduled, changed
 * when moved, `published` once applied, deleted when cancelled. At `publish_at` one instance claims the
 * row (SKIP LOCKED) and applies it in the same transaction as the blog's update, so it goes live once
 * however many instances run. `values` holds the form's text fields as sent; `image` a stored upload.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("blog_schedules")
    .addColumn("id", "text", (c) => c.primaryKey().references("blogs.id").onDelete("cascade"))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'published')`),
    )
    .addColumn("publish_at", "timestamptz", (c) => c.notNull())
    .addColumn("values", "jsonb", (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("scheduled_by", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute()
  await sql`create index blog_schedules_due_idx on blog_schedules (publish_at) where status = 'pending'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blog_schedules").execute()
}
