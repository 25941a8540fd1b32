/**
 * The weeks of the dashboard's trend charts: weeks start on Monday (UTC) and are named by that Monday,
 * `YYYY-MM-DD`. Shared by the server (which answers every week of a range, empty ones as 0) and the
 * console (which checks a range before asking for it), so both read a range the same way.
 */

/** The longest range the charts draw: two years of weeks. */
export const MAX_TREND_WEEKS = 104
/** The range the dashboard opens with: this week and the 11 before it. */
export const DEFAULT_TREND_WEEKS = 12
/** The ranges offered beside the date fields. */
export const TREND_PRESETS = [4, 12, 26, 52] as const

const DAY_MS = 86_400_000
const WEEK_MS = 7 * DAY_MS

const utcDay = (date: string): number => Date.parse(`${date}T00:00:00Z`)
const dateOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

/** The Monday of the week holding `date` (a YYYY-MM-DD). */
export function mondayOf(date: string): string {
  const ms = utcDay(date)
  const sinceMonday = (new Date(ms).getUTCDay() + 6) % 7
  return dateOf(ms - sinceMonday * DAY_MS)
}

/** Every week's Monday from the week of `from` to the week of `to`, in order. */
export function weeksBetween(from: string, to: string): string[] {
  const first = utcDay(mondayOf(from))
  const last = utcDay(mondayOf(to))
  const weeks: string[] = []
  for (let ms = first; ms <= last; ms += WEEK_MS) weeks.push(dateOf(ms))
  return weeks
}

/** The range of the last `weeks` weeks, this week included, on the day `today` (YYYY-MM-DD). */
export function lastWeeks(weeks: number, today: string): { from: string; to: string } {
  const thisWeek = utcDay(mondayOf(today))
  return { from: dateOf(thisWeek - (weeks - 1) * WEEK_MS), to: today }
}

/** A YYYY-MM-DD that is a day of the calendar. */
const isDay = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value) && Number.isFinite(utcDay(value)) && dateOf(utcDay(value)) === value

/** Why a range cannot be drawn, in the words the console shows beside the dates; null when it can. */
export function trendRangeProblem(from: string, to: string): string | null {
  // The server has checked both dates by then; a link's address may hold anything.
  if (!isDay(from) || !isDay(to)) return "Choose both dates."
  if (utcDay(from) > utcDay(to)) return "From must be on or before To."
  if (weeksBetween(from, to).length > MAX_TREND_WEEKS) return `Choose a range of at most ${MAX_TREND_WEEKS} weeks.`
  return null
}

/** Today in UTC as YYYY-MM-DD (the weeks are UTC weeks). */
export const todayUtc = (now: Date = new Date()): string => dateOf(now.getTime())
