import { sql } from "kysely"
import type { Db } from "./database.ts"

/**
 * Lets the current transaction commit without waiting for its WAL to reach the disk (PostgreSQL's
 * `synchronous_commit = off`, for this transaction only). Only for bookkeeping a database crash may lose because
 * something else repairs it: the postman's claims and "sent" marks (a lost claim or mark makes the row due again,
 * and the transport takes the repeat under the same delivery id). Every write a user is told about commits as
 * before. Measured on PostgreSQL with 50 clients writing (issue 31): the wait for the disk on these marks was the
 * database's largest wait after the write's own commit.
 */
export async function relaxCommit(trx: Db): Promise<void> {
  await sql`set local synchronous_commit = off`.execute(trx)
}
