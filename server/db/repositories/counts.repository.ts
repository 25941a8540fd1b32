import { sql } from "kysely"
import type { Role, VendorStatus } from "../../../src/api/contract/common.ts"
import type { Db } from "../database.ts"

/**
 * Reads of the trigger-kept counters (migration 0002; each total in slots since 0038 and 0039, summed by every read): a
 * handful of rows, whatever the number of users or enquiries. Nothing here counts rows of `users` or `contact_enquiries`.
 */
export async function readUserCounts(db: Db): Promise<Array<{ role: string; status: string; n: number }>> {
  // Each total is kept in slots (migration 0038): summed here.
  const rows = await db
    .selectFrom("user_counts")
    .select(["role", "status", (eb) => eb.fn.sum<string>("n").as("n")])
    .groupBy(["role", "status"])
    .execute()
  return rows.map((r) => ({ role: r.role, status: r.status, n: Number(r.n) }))
}

export async function countUsers(db: Db, roles: readonly Role[], status: VendorStatus): Promise<number> {
  const rows = await db.selectFrom("user_counts").select("n").where("role", "in", roles).where("status", "=", status).execute()
  return rows.reduce((sum, r) => sum + Number(r.n), 0)
}

export async function countEnquiries(db: Db): Promise<number> {
  // The total is kept in slots (migration 0039): summed here.
  const row = await db
    .selectFrom("contact_enquiry_count")
    .select((eb) => eb.fn.sum<string | null>("n").as("n"))
    .where("id", "=", 1)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/**
 * The trigger-kept weekly counts (migration 0031) of the weeks from `fromWeek` to `toWeek` (their Mondays,
 * YYYY-MM-DD): one range of the (week, series, slot) key, a few rows per week, each count's slots summed (migration 0039).
 */
export async function readWeeklyCounts(db: Db, fromWeek: string, toWeek: string): Promise<Array<{ week: string; series: string; n: number }>> {
  const rows = await db
    .selectFrom("weekly_counts")
    .select([sql<string>`to_char(week, 'YYYY-MM-DD')`.as("week"), "series", (eb) => eb.fn.sum<string>("n").as("n")])
    .where("week", ">=", sql<Date>`${fromWeek}::date`)
    .where("week", "<=", sql<Date>`${toWeek}::date`)
    .groupBy(["week", "series"])
    .execute()
  return rows.map((r) => ({ week: r.week, series: r.series, n: Number(r.n) }))
}
