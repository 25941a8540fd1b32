import { type Kysely, sql } from "kysely"

/**
 * The people lists ordered by name, letter case ignored (issue 26): one index walk from either end, as for
 * their newest-first order. A role's list walks (role, status, name); a review list, which holds every vendor
 * role of one status, walks (status, name).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists users_role_status_name_idx on users (role, status, lower(name), id)`.execute(db)
  await sql`create index if not exists users_status_name_idx on users (status, lower(name), id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_status_name_idx`.execute(db)
  await sql`drop index if exists users_role_status_name_idx`.execute(db)
}
