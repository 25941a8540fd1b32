import { type Kysely, sql } from "kysely"

/**
 * Each event's source (issue 25): the client's address and the request id of the call that wrote it, so an
 * auditor can tie an event to the access log and the server's log lines. Older events have neither.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table events add column ip text, add column request_id text`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table events drop column ip, drop column request_id`.execute(db)
}
