import { sessionStates } from "../../../src/api/contract/counselling/counselling-session.ts"
import type { Trends, TrendsQuery, TrendWeek } from "../../../src/api/contract/dashboard/dashboard.ts"
import { DEFAULT_TREND_WEEKS, lastWeeks, mondayOf, todayUtc, trendRangeProblem, weeksBetween } from "../../../src/api/contract/dashboard/trend-weeks.ts"
import type { Db } from "../../db/database.ts"
import { readWeeklyCounts } from "../../db/repositories/counts.repository.ts"
import { badRequest } from "../errors.ts"

const emptyWeek = (week: string): TrendWeek => ({
  week,
  clientSignUps: 0,
  vendorSignUps: 0,
  approvals: 0,
  sessions: { scheduled: 0, rescheduled: 0, cancelled: 0, completed: 0, noShow: 0 },
  ticketsOpened: 0,
  ticketsClosed: 0,
})

/** Where each series of `weekly_counts` goes in a week's answer. */
const PLACE: Record<string, (week: TrendWeek, n: number) => TrendWeek> = {
  signups_client: (w, n) => ({ ...w, clientSignUps: n }),
  signups_vendor: (w, n) => ({ ...w, vendorSignUps: n }),
  approvals: (w, n) => ({ ...w, approvals: n }),
  tickets_opened: (w, n) => ({ ...w, ticketsOpened: n }),
  tickets_closed: (w, n) => ({ ...w, ticketsClosed: n }),
  ...Object.fromEntries(sessionStates.map((state) => [`sessions_${state}`, (w: TrendWeek, n: number) => ({ ...w, sessions: { ...w.sessions, [state]: n } })])),
}

/**
 * GET /dashboard/trends: every week of the range, the empty ones as 0, read from the trigger-kept weekly
 * counts. Without dates it is the last 12 weeks; one date alone is completed by the other's default.
 */
export async function trends(db: Db, query: TrendsQuery, now: Date) {
  const today = todayUtc(now)
  const fallback = lastWeeks(DEFAULT_TREND_WEEKS, today)
  const to = query.to ?? (query.from ? today : fallback.to)
  const from = query.from ?? lastWeeks(DEFAULT_TREND_WEEKS, to).from
  const problem = trendRangeProblem(from, to)
  if (problem) throw badRequest(problem)
  const weeks = new Map(weeksBetween(from, to).map((week) => [week, emptyWeek(week)]))
  for (const row of await readWeeklyCounts(db, mondayOf(from), mondayOf(to))) {
    const week = weeks.get(row.week)
    const place = PLACE[row.series]
    if (week && place) weeks.set(row.week, place(week, row.n))
  }
  const data: Trends = { from, to, weeks: [...weeks.values()] }
  return { success: true, data }
}
