import { type Kysely, sql } from "kysely"

/**
 * Notifications told later (issue 24's session reminders): each row holds what to queue and when. At
 * `due_at` one instance claims it (SKIP LOCKED) and queues it through the outbox and the inbox, in one
 * transaction with marking it done, so it is told once however many instances run and across restarts.
 * A row past `expires_at` (a reminder for a session that has started) is dropped instead; a change to
 * the record deletes its pending rows (a moved or cancelled session never gets a stale reminder).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("scheduled_notifications")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "text", (c) => c.notNull())
    .addColumn("due_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz")
    .addColumn("notifications", "jsonb", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'done', 'dropped')`),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute()
  await sql`create index scheduled_notifications_due_idx on scheduled_notifications (due_at) where status = 'pending'`.execute(db)
  await sql`create index scheduled_notifications_entity_idx on scheduled_notifications (entity_type, entity_id) where status = 'pending'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("scheduled_notifications").execute()
}
