import { type Kysely, sql } from "kysely"

/**
 * The notification outbox (issue 23): every mail a change sends is written here in the change's own
 * transaction, so a crash or a mail server that does not answer between the commit and the send
 * loses nothing. A postman (services/notifications/postman.ts) delivers each row, retries it with
 * backoff and, after too many failures, leaves it dead for an Admin to retry. `seq` orders rows and
 * names their .eml files; `lease_until` is the claim of the instance delivering a row, so several
 * instances never send one row twice and a claim of a process that died is taken over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("outbox")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("seq", "bigserial", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "jsonb")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'sent', 'dead')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "timestamptz", (c) => c.notNull())
    .addColumn("lease_until", "timestamptz")
    .addColumn("last_error", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("sent_at", "timestamptz")
    .execute()
  await sql`create index outbox_due_idx on outbox (next_attempt_at) where status = 'pending'`.execute(db)
  await sql`create index outbox_dead_idx on outbox (seq) where status = 'dead'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("outbox").execute()
}
