import { assign, setup } from "xstate"
import { messageOf } from "../../api/api-error.ts"
import { dashboardTrends } from "../../api/contract/dashboard/dashboard.endpoints.ts"
import type { Trends } from "../../api/contract/dashboard/dashboard.ts"
import { DEFAULT_TREND_WEEKS, lastWeeks, todayUtc, trendRangeProblem } from "../../api/contract/dashboard/trend-weeks.ts"
import * as dashboardApi from "../../api/dashboard/dashboard.api.ts"
import { fromCall } from "../call-actor.ts"

export const TRENDS_FAILED = "Failed to fetch the weekly trends."

export interface TrendsContext {
  /** The range asked for (YYYY-MM-DD, inclusive), as the date fields show it. */
  from: string
  to: string
  /** The last weeks drawn; kept while another range loads, so the charts do not blink. */
  trends: Trends | null
  /** Why the last load failed. */
  error: string | null
  /** Why the typed range cannot be drawn (shown beside the dates); the charts keep the last good range. */
  rangeError: string | null
  /** The day the range's presets count back from (YYYY-MM-DD, UTC). */
  today: string
}

type TrendsEvent = { type: "range.change"; field: "from" | "to"; value: string } | { type: "range.preset"; weeks: number } | { type: "trends.reload" }

/** A range typed into the date fields: a new range to load, or why it cannot be drawn. */
function typed(context: TrendsContext, event: { field: "from" | "to"; value: string }) {
  const range = { from: context.from, to: context.to, [event.field]: event.value }
  const problem = !range.from || !range.to ? "Choose both dates." : trendRangeProblem(range.from, range.to)
  return { ...range, problem }
}

/**
 * The Admin dashboard's trend charts: the weeks of a range, loaded again whenever the range changes (a preset,
 * or a date typed into a field that makes a drawable range). A range that cannot be drawn is said beside the
 * dates and asks the server nothing.
 */
export const trendsMachine = setup({
  types: { context: {} as TrendsContext, events: {} as TrendsEvent, input: {} as { today?: string; from?: string | null; to?: string | null } },
  actors: {
    fetchTrends: fromCall<Trends, { from: string; to: string }>(dashboardTrends, async ({ input }) => (await dashboardApi.fetchTrends(input)).data),
  },
  guards: {
    drawable: ({ context, event }) => event.type === "range.change" && typed(context, event).problem === null,
  },
  actions: {
    /** Provided by the view: the range being drawn goes into the address (`?from=…&to=…`), so a reload or a link shows it. */
    showRange: (_, _params: { from: string; to: string; isDefault: boolean }) => {},
    takeRange: assign(({ context, event }) => {
      if (event.type === "range.preset") return { ...lastWeeks(event.weeks, context.today), rangeError: null }
      if (event.type !== "range.change") return {}
      const { from, to, problem } = typed(context, event)
      return { from, to, rangeError: problem }
    }),
  },
}).createMachine({
  id: "trends",
  context: ({ input }) => {
    const today = input.today ?? todayUtc()
    // A range from the address is drawn when it can be; otherwise the last 12 weeks.
    const asked = input.from && input.to && trendRangeProblem(input.from, input.to) === null ? { from: input.from, to: input.to } : null
    return { ...(asked ?? lastWeeks(DEFAULT_TREND_WEEKS, today)), trends: null, error: null, rangeError: null, today }
  },
  initial: "loading",
  on: {
    "range.change": [
      { guard: "drawable", target: ".loading", actions: "takeRange" },
      { actions: "takeRange", description: "Not drawable: the reason shows beside the dates, the charts stay." },
    ],
    "range.preset": { target: ".loading", actions: "takeRange" },
  },
  states: {
    loading: {
      description: "The charts show their loading text (the first time) or the last range, marked as updating.",
      tags: ["busy"],
      entry: {
        type: "showRange",
        params: ({ context }) => {
          const fallback = lastWeeks(DEFAULT_TREND_WEEKS, context.today)
          return { from: context.from, to: context.to, isDefault: context.from === fallback.from && context.to === fallback.to }
        },
      },
      invoke: {
        src: "fetchTrends",
        input: ({ context }) => ({ from: context.from, to: context.to }),
        onDone: { target: "loaded", actions: assign({ trends: ({ event }) => event.output, error: null }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => messageOf(event.error, TRENDS_FAILED) }) },
      },
    },
    loaded: { description: "Three charts of the range's weeks, each with its numbers as a table." },
    failed: { description: "The failure shows in red; Try again loads the range again.", on: { "trends.reload": { target: "loading" } } },
  },
})
