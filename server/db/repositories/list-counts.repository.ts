import { sql, type SelectQueryBuilder } from "kysely"
import type { SessionState } from "../../../src/api/contract/counselling/counselling-session.ts"
import type { Database, Db } from "../database.ts"
import { SEARCH_COUNT_CAP } from "../paging.ts"

/** The totals kept by triggers in `list_counts` (migrations 0007, 0026 and 0029; in slots since 0038). */
export type ListCountName =
  "counselling_sessions" | `counselling_sessions_state_${SessionState}` | "tickets" | "tickets_closed" | "events" | "clients_unassigned" | "clients_assigned"

export async function readListCount(db: Db, name: ListCountName): Promise<number> {
  // Each total is kept in slots (migration 0038), so a write queues behind no other: summed here.
  const row = await db
    .selectFrom("list_counts")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>("n"), sql<string>`0`).as("n"))
    .where("name", "=", name)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export interface CappedTotal {
  total: number
  /** True when more rows match than were counted: the total is a lower bound. */
  capped: boolean
}

/**
 * Counts the rows of a filtered query up to the cap: a search that matches half a million people
 * stops counting at cap + 1 rows instead of visiting them all.
 */
export async function cappedCount<TB extends keyof Database>(
  db: Db,
  query: SelectQueryBuilder<Database, TB, object>,
  cap = SEARCH_COUNT_CAP,
): Promise<CappedTotal> {
  const matches = query
    .select(sql<number>`1`.as("one"))
    .limit(cap + 1)
    .as("matches")
  const row = await db
    .selectFrom(matches)
    .select(sql<string>`count(*)`.as("n"))
    .executeTakeFirstOrThrow()
  const n = Number(row.n)
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false }
}
