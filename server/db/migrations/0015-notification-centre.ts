import { type Kysely, sql } from "kysely"

/**
 * The in-app notification centre (issue 23). `inbox` holds one row per notification and person,
 * written in the change's own transaction next to its mail in the outbox; `read_at` is set when the
 * person opens it or marks all read. `notification_preferences` holds a person's choice of mail per
 * kind where it differs from the kind's default (in-app is always on). `notification_templates` holds
 * an Admin's own wording of an email, where it replaces the built-in one. An inbox row keeps the
 * fields its template was filled with (secret links masked), so a preview can use a real record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("inbox")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("seq", "bigserial", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("template", "text", (c) => c.notNull())
    .addColumn("fields", "jsonb", (c) => c.notNull())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("link", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("read_at", "timestamptz")
    .execute()
  await sql`create index inbox_user_idx on inbox (user_id, seq desc)`.execute(db)
  await sql`create index inbox_unread_idx on inbox (user_id) where read_at is null`.execute(db)
  await sql`create index inbox_template_idx on inbox (template, seq desc)`.execute(db)
  await db.schema
    .createTable("notification_preferences")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("mail", "boolean", (c) => c.notNull())
    .addPrimaryKeyConstraint("notification_preferences_pk", ["user_id", "kind"])
    .execute()
  await db.schema
    .createTable("notification_templates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("notification_templates").execute()
  await db.schema.dropTable("notification_preferences").execute()
  await db.schema.dropTable("inbox").execute()
}
