import dayjs from "dayjs"
import utc from "dayjs/plugin/utc"
import { instantAt } from "./account/viewer-zone.ts"

dayjs.extend(utc)

/**
 * A list's filter by days (All Enquiries' Received, My Tickets' Raised): the first and last day (`YYYY-MM-DD` on the
 * viewer's clock, "" for open), kept in the URL as days and sent to the server as instants.
 */
export type DayRange = { from: string; to: string }
export const noDays: DayRange = { from: "", to: "" }

const DAY = /^\d{4}-\d{2}-\d{2}$/
const dayAfter = (day: string) => dayjs.utc(day).add(1, "day").format("YYYY-MM-DD")

/** Why the days cannot be applied, or null: the last day before the first holds nothing anyone meant. */
export function dayRangeProblem(days: Partial<DayRange>): string | null {
  const { from = "", to = "" } = days
  if ((from && !DAY.test(from)) || (to && !DAY.test(to))) return "Enter dates as YYYY-MM-DD."
  return from && to && to < from ? "The last day must be on or after the first day." : null
}

/** The days as the server takes them: from the first day's start to the end of the last, on the viewer's clock. */
export function dayRangeBounds(days: Partial<DayRange>): { from: string; to: string } {
  const { from = "", to = "" } = days
  if (dayRangeProblem(days) !== null) return { from: "", to: "" }
  return {
    from: from ? instantAt(from, "00:00").toISOString() : "",
    to: to ? instantAt(dayAfter(to), "00:00").toISOString() : "",
  }
}
