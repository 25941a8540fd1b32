import { ApiError } from "../../src/api/api-error.ts"
import type { Trends } from "../../src/api/contract/dashboard/dashboard.ts"
import { trendsMachine } from "../../src/machines/dashboard/trends.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const trends: Trends = {
  from: "2026-09-07",
  to: "2026-11-26",
  weeks: [
    {
      week: "2026-11-23",
      clientSignUps: 3,
      vendorSignUps: 1,
      approvals: 1,
      sessions: { scheduled: 2, rescheduled: 0, cancelled: 1, completed: 4, noShow: 0 },
      ticketsOpened: 5,
      ticketsClosed: 2,
    },
  ],
}

describeMachinePaths("dashboard trends", {
  machine: trendsMachine,
  input: { today: "2026-11-26" },
  events: [
    { type: "fetchTrends.done", output: trends },
    { type: "fetchTrends.error", error: new ApiError("network", 0, "", "Could not reach the server.") },
    // A drawable range, one that ends before it starts, one too long, a field cleared.
    { type: "range.change", field: "from", value: "2026-10-01" },
    { type: "range.change", field: "from", value: "2026-12-01" },
    { type: "range.change", field: "from", value: "2020-01-01" },
    { type: "range.change", field: "to", value: "" },
    { type: "range.preset", weeks: 4 },
    { type: "trends.reload" },
  ],
})
