import { type Kysely, sql } from "kysely"

/**
 * The access log (issue 25): refused calls, failed sign-ins and reads of the audit trail. Kept apart
 * from the event log, which holds only changes (folding an entity's events rebuilds it): a refusal
 * changes nothing. Read newest first, all or by kind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("access_log")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("at", "timestamptz", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_role", "text")
    .addColumn("email", "text")
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("operation", "text")
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("request_id", "text", (c) => c.notNull())
    .execute()
  await sql`create index access_log_kind_idx on access_log (kind, id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("access_log").execute()
}
