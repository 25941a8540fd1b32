import { ApiError } from "../../src/api/api-error.ts"
import type { CounsellingSession } from "../../src/api/contract/counselling/counselling-session.ts"
import {
  cancelFormMachine,
  completeSessionMachine,
  noShowSessionMachine,
  rescheduleFormMachine,
  sessionHistoryMachine,
} from "../../src/machines/counselling/session-steps.machine.ts"
import { calendarFeedMachine } from "../../src/machines/account/calendar-feed.machine.ts"
import { sessionCalendarMachine } from "../../src/machines/counselling/session-calendar.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const noop = () => {}
const NOW = Date.parse("2030-03-01T09:00:00.000Z")
const session = {
  _id: "s1",
  dateTime: "2030-03-31T12:30:00.000Z",
  topic: "Sleep",
  duration: 45,
  state: "scheduled",
  rescheduleWish: null,
} as unknown as CounsellingSession
const answer = { message: "Session rescheduled successfully.", data: session }

describeMachinePaths("reschedule / ask for a new time form", {
  machine: rescheduleFormMachine.provide({ actions: { submitted: noop } }),
  input: { now: () => NOW },
  events: [
    { type: "form.open", item: session, extra: { by: "counsellor", session } },
    { type: "field.change", field: "date", value: "2030-04-02" },
    { type: "field.change", field: "time", value: "10:00" },
    { type: "field.change", field: "reason", value: "Travelling" },
    { type: "field.change", field: "reason", value: "" },
    { type: "form.submit" },
    { type: "form.close" },
    { type: "submit.done", output: answer },
    { type: "submit.error", error: new ApiError("http", 409, "Conflict", "Sessions starting within 12 hours can only be rescheduled by an Admin.") },
    { type: "after.successShown" },
  ],
})

describeMachinePaths("cancel session form", {
  machine: cancelFormMachine.provide({ actions: { submitted: noop } }),
  input: { now: () => NOW },
  events: [
    { type: "form.open", item: session, extra: { by: "client", session } },
    { type: "field.change", field: "reason", value: "Unwell" },
    { type: "form.submit" },
    { type: "form.close" },
    { type: "submit.done", output: { message: "Session cancelled successfully.", data: session } },
    { type: "submit.error", error: new ApiError("http", 409, "Conflict", "This session was cancelled.") },
    { type: "after.successShown" },
  ],
})

for (const [name, machine] of [
  ["mark completed", completeSessionMachine],
  ["mark no-show", noShowSessionMachine],
] as const) {
  describeMachinePaths(`${name} confirmation`, {
    machine: machine.provide({ actions: { notify: noop, done: noop } }),
    events: [
      { type: "action.request", target: session },
      { type: "action.confirm" },
      { type: "action.cancel" },
      { type: "run.done", output: { message: "Session marked as completed." } },
      { type: "run.error", error: new ApiError("http", 409, "Conflict", "This session's outcome is already recorded.") },
    ],
  })
}

describeMachinePaths("session history", {
  machine: sessionHistoryMachine,
  input: { sessionId: "s1" },
  events: [
    {
      type: "fetchHistory.done",
      output: [
        { type: "counsellingSession.created", at: "2030-03-01T09:00:00.000Z", actor: "Asha Admin", summary: "Booked for 2030-03-31 12:30 UTC", reason: null },
      ],
    },
    { type: "fetchHistory.error", error: new ApiError("network", 0, "", "Could not reach the server.") },
    { type: "history.retry" },
    { type: "history.reload" },
  ],
})

const feed = { url: "http://console.test/api/v1/calendar/feed/abc.ics", createdAt: "2030-03-01T09:00:00.000Z" }
describeMachinePaths("calendar feed card", {
  machine: calendarFeedMachine.provide({ actions: { copyAddress: noop } }),
  events: [
    { type: "loadFeed.done", output: { url: null, createdAt: null } },
    { type: "loadFeed.done", output: feed },
    { type: "loadFeed.error", error: new ApiError("network", 0, "", "Could not reach the server.") },
    { type: "feed.retry" },
    { type: "feed.make" },
    { type: "feed.replace" },
    { type: "feed.revoke" },
    { type: "feed.confirm" },
    { type: "feed.cancel" },
    { type: "feed.copy" },
    { type: "replaceFeed.done", output: { feed, message: "Your calendar address is ready." } },
    { type: "replaceFeed.error", error: new ApiError("http", 500, "", "Something went wrong.") },
    { type: "revokeFeed.done", output: { feed: { url: null, createdAt: null }, message: "Your calendar address was turned off." } },
    { type: "revokeFeed.error", error: new ApiError("http", 500, "", "Something went wrong.") },
  ],
})

describeMachinePaths("sessions' calendar", {
  machine: sessionCalendarMachine,
  input: { scope: { kind: "all" }, today: "2030-01-09" },
  // Next and Previous move the shown range without end: what tells states apart is whether it is today's.
  distinct: (c) => ({
    view: c["view"],
    onToday: c["anchor"] === "2030-01-09",
    sessions: (c["sessions"] as unknown[]).length,
    total: c["total"],
    error: c["error"],
  }),
  events: [
    { type: "fetchRange.done", output: { rows: [session], total: 1 } },
    { type: "fetchRange.error", error: new ApiError("network", 0, "", "Could not reach the server.") },
    { type: "view.set", view: "month" },
    { type: "range.next" },
    { type: "range.today", today: "2030-01-09" },
    { type: "calendar.reload" },
  ],
})
