import { type Kysely, sql } from "kysely"

/**
 * The counselling session's life (issue 24): where it stands (`state`), why it was last moved or
 * cancelled (`state_reason`), whether a cancellation came inside the notice window (`cancelled_late`)
 * and a client's pending wish for another time (`reschedule_wish`: `{ startsAt, reason, requestedAt }`).
 * Constant defaults, so adding them to a million rows rewrites nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("counselling_sessions")
    .addColumn("state", "text", (c) => c.notNull().defaultTo("scheduled"))
    .addColumn("state_reason", "text")
    .addColumn("cancelled_late", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("reschedule_wish", "jsonb")
    .execute()
  await sql`alter table counselling_sessions add constraint counselling_sessions_state_known
    check (state in ('scheduled', 'rescheduled', 'cancelled', 'completed', 'noShow'))`.execute(db)
  // The overlap check skips cancelled sessions (a cancellation frees its slot) and now covers the client too.
  await sql`create index if not exists counselling_sessions_client_time_idx on counselling_sessions (user_id, starts_at, ends_at)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists counselling_sessions_client_time_idx`.execute(db)
  await db.schema.alterTable("counselling_sessions").dropConstraint("counselling_sessions_state_known").execute()
  await db.schema
    .alterTable("counselling_sessions")
    .dropColumn("state")
    .dropColumn("state_reason")
    .dropColumn("cancelled_late")
    .dropColumn("reschedule_wish")
    .execute()
}
