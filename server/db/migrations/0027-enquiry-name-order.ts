import { type Kysely, sql } from "kysely"

/** All Enquiries ordered by name, letter case ignored (issue 26): one index walk from either end, as newest first. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists contact_enquiries_name_idx on contact_enquiries (lower(name), id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists contact_enquiries_name_idx`.execute(db)
}
