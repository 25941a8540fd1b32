import { type Kysely, sql } from "kysely"

/**
 * Vendors' own profile changes under review (issue 26): an approved vendor's change to a field an Admin
 * approved waits here, with the approved values it would replace, until an Admin approves or rejects it.
 * The approved values stay live meanwhile. Decided changes are kept, so the history of what was asked
 * and what was decided stays readable; at most one change per vendor is pending.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("profile_changes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("vendor_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'approved', 'rejected', 'withdrawn')`))
    .addColumn("changes", "jsonb", (c) => c.notNull())
    .addColumn("approved", "jsonb", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("decided_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("decided_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute()
  await sql`create unique index profile_changes_pending_idx on profile_changes (vendor_id) where status = 'pending'`.execute(db)
  await sql`create index profile_changes_vendor_idx on profile_changes (vendor_id, created_at)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("profile_changes").execute()
}
