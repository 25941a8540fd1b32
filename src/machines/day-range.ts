import dayjs from "dayjs"
import utc from "dayjs/plugin/utc"
import { instantAt } from "./account/viewer-zone.ts"

dayjs.extend(utc)

/**
 * A list's filter by days (All Enquiries' Received, My Tickets' Raised, All Sessions' Starts): the first and last day (`YYYY-MM-DD` on the
 * viewer's clock, "" for open), kept in the URL as days and sent to the server as instants.
 */
export type DayRange = { from: string; to: string }
export const noDays: DayRange = { from: "", to: "" }

const DAY = /^\d{4}-\d{2}-\d{2}$/
const dayAfter = (day: string) => dayjs.utc(day).add(1, "day").format("YYYY-MM-DD")

/** What a list asks of its days beyond being days in order (All Sessions' Starts: both, at most 45 of them). */
export interface DayRangeRule {
  both?: boolean
  maxDays?: number
}

/** Why the days cannot be applied, or null: the last day before the first holds nothing anyone meant. */
export function dayRangeProblem(days: Partial<DayRange>, rule: DayRangeRule = {}): string | null {
  const { from = "", to = "" } = days
  if ((from && !DAY.test(from)) || (to && !DAY.test(to))) return "Enter dates as YYYY-MM-DD."
  if (from && to && to < from) return "The last day must be on or after the first day."
  if (rule.both && Boolean(from) !== Boolean(to)) return "Choose both the first and the last day."
  if (rule.maxDays !== undefined && from && to && dayjs.utc(to).diff(dayjs.utc(from), "day") + 1 > rule.maxDays) return `Choose at most ${rule.maxDays} days.`
  return null
}

/** The days as the server takes them: from the first day's start to the end of the last, on the viewer's clock. */
export function dayRangeBounds(days: Partial<DayRange>, rule: DayRangeRule = {}): { from: string; to: string } {
  const { from = "", to = "" } = days
  if (dayRangeProblem(days, rule) !== null) return { from: "", to: "" }
  return {
    from: from ? instantAt(from, "00:00").toISOString() : "",
    to: to ? instantAt(dayAfter(to), "00:00").toISOString() : "",
  }
}

/** A paged list's ask with its days as the server takes them (instants on the viewer's clock, the last day whole). */
export const withDayBounds = <Ask extends { filters?: Record<string, string> | undefined }>(ask: Ask, rule?: DayRangeRule): Ask => ({
  ...ask,
  filters: { ...ask.filters, ...dayRangeBounds(ask.filters ?? {}, rule) },
})
