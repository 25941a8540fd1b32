import { type Kysely, sql } from "kysely"

/**
 * UnAssign Users and Counselling Users ordered by name, letter case ignored (issue 26): one walk of a partial
 * index either way, as newest first walks the 0003 ones, so the last page costs what the first does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists users_unassigned_name_idx on users (lower(name), id) where role = 'User' and counsellor_id is null`.execute(db)
  await sql`create index if not exists users_assigned_name_idx on users (lower(name), id) where counsellor_id is not null`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_assigned_name_idx`.execute(db)
  await sql`drop index if exists users_unassigned_name_idx`.execute(db)
}
