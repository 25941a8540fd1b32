import { type Kysely, sql } from "kysely"

/** The 1:1 Counselling list ordered by name, letter case ignored (issue 26): one index walk either way, as newest first. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists counselling_enquiries_name_idx on counselling_enquiries (lower(name), id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists counselling_enquiries_name_idx`.execute(db)
}
