import { type Kysely, sql } from "kysely"

/**
 * When an Idempotency-Key's claim was taken, on the database's clock (issue 42). A claim's lease is judged on
 * it, not on the business clock (`created_at`, which tests set anywhere and a server may see jump): every
 * instance reads the same clock, so a frozen business clock no longer keeps a dead request's claim forever,
 * and one that jumps ahead no longer ends the lease of a request that still runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table idempotency_keys add column leased_at timestamptz not null default now()`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table idempotency_keys drop column leased_at`.execute(db)
}
