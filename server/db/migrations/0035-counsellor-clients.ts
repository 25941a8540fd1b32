import { type Kysely, sql } from "kysely"

/**
 * Counselling Users narrowed to one counsellor's clients (issue 26): their count and every page, in each order the list
 * has, are one walk of an index that starts with the counsellor, however many clients others have.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists users_counsellor_clients_idx on users (counsellor_id, created_at desc, id) where counsellor_id is not null`.execute(db)
  await sql`create index if not exists users_counsellor_clients_name_idx on users (counsellor_id, lower(name), id) where counsellor_id is not null`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_counsellor_clients_name_idx`.execute(db)
  await sql`drop index if exists users_counsellor_clients_idx`.execute(db)
}
