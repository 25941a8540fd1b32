import dayjs from "dayjs"
import { assign, fromPromise, setup } from "xstate"
import { messageOf } from "../../api/api-error.ts"
import type { CounsellingSession } from "../../api/contract/counselling/counselling-session.ts"
import { fetchSessionsInRange, type CalendarScope } from "../../api/counselling/counselling-sessions.api.ts"
import { instantAt } from "../account/viewer-zone.ts"

export type CalendarView = "week" | "month"

/** `YYYY-MM-DD` of the day the calendar is about (its week or month is shown), in the viewer's zone. */
type Day = string

export interface CalendarRange {
  /** The first day shown (a Monday) and the day after the last, in the viewer's zone. */
  start: Day
  end: Day
}

/**
 * The days a view shows around `anchor`: its week (Monday to Sunday), or its month padded to whole
 * weeks. Weeks start on Monday, as most of the console's users expect.
 */
export function rangeOf(view: CalendarView, anchor: Day): CalendarRange {
  const day = dayjs(anchor)
  const monday = (d: dayjs.Dayjs) => d.subtract((d.day() + 6) % 7, "day")
  if (view === "week") {
    const start = monday(day)
    return { start: start.format("YYYY-MM-DD"), end: start.add(7, "day").format("YYYY-MM-DD") }
  }
  const first = monday(day.startOf("month"))
  const last = day.endOf("month")
  const end = monday(last).add(7, "day")
  return { start: first.format("YYYY-MM-DD"), end: end.format("YYYY-MM-DD") }
}

/** The range's bounds as instants (midnights on the viewer's clock), as the API takes them. */
export const rangeInstants = (range: CalendarRange) => ({
  from: instantAt(range.start, "00:00").toISOString(),
  to: instantAt(range.end, "00:00").toISOString(),
})

export interface CalendarContext {
  scope: CalendarScope
  view: CalendarView
  anchor: Day
  sessions: CounsellingSession[]
  /** How many sessions the range holds; more than shown when it passed the limit. */
  total: number
  error: string | null
}

export type CalendarEvent =
  | { type: "view.set"; view: CalendarView }
  | { type: "range.previous" }
  | { type: "range.next" }
  | { type: "range.today"; today: Day }
  | { type: "calendar.reload" }

/**
 * The sessions' calendar (issue 24), beside the spec's tables: a week or a month of the viewer's zone,
 * read range by range from the API, moved with Previous, Next and Today; a failure offers Try again.
 */
export const sessionCalendarMachine = setup({
  types: {
    context: {} as CalendarContext,
    events: {} as CalendarEvent,
    input: {} as { scope: CalendarScope; today: Day; view?: CalendarView },
  },
  actors: {
    fetchRange: fromPromise<{ rows: CounsellingSession[]; total: number }, { scope: CalendarScope; range: CalendarRange }>(({ input }) => {
      const { from, to } = rangeInstants(input.range)
      return fetchSessionsInRange(input.scope, from, to)
    }),
  },
  actions: {
    step: assign(({ context }, params: { by: 1 | -1 }) => ({ anchor: dayjs(context.anchor).add(params.by, context.view).format("YYYY-MM-DD") })),
  },
}).createMachine({
  id: "sessionCalendar",
  context: ({ input }) => ({ scope: input.scope, view: input.view ?? "week", anchor: input.today, sessions: [], total: 0, error: null }),
  initial: "loading",
  on: {
    "view.set": { target: ".loading", actions: assign({ view: ({ event }) => event.view }) },
    "range.previous": { target: ".loading", actions: { type: "step", params: { by: -1 } } },
    "range.next": { target: ".loading", actions: { type: "step", params: { by: 1 } } },
    "range.today": { target: ".loading", actions: assign({ anchor: ({ event }) => event.today }) },
    "calendar.reload": { target: ".loading" },
  },
  states: {
    loading: {
      description: "The range's sessions are fetched; the grid shows it is busy.",
      tags: ["busy"],
      invoke: {
        src: "fetchRange",
        input: ({ context }) => ({ scope: context.scope, range: rangeOf(context.view, context.anchor) }),
        onDone: { target: "shown", actions: assign({ sessions: ({ event }) => event.output.rows, total: ({ event }) => event.output.total, error: null }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => messageOf(event.error, "Failed to fetch sessions.") }) },
      },
    },
    shown: { description: "The grid with each session on its day, coloured by its state." },
    failed: { description: "The failure in words with Try again." },
  },
})
