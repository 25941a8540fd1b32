import { type Kysely, sql } from "kysely"

/** All Sessions ordered by the session's date (issue 21): one index walk from either end, as for booking order. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists counselling_sessions_starts_idx on counselling_sessions (starts_at, id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists counselling_sessions_starts_idx`.execute(db)
}
