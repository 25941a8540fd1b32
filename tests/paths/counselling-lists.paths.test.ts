import { ApiError } from "../../src/api/api-error.ts"
import {
  allSessionsListMachine,
  counsellingUsersListMachine,
  enquiryListMachine,
  mySessionsListMachine,
  unassignedUsersListMachine,
} from "../../src/machines/counselling/counselling-lists.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ _id: `r${i}` }))
const events = [
  { type: "fetchPage.done", output: { rows: rows(10), total: 25 } },
  { type: "fetchPage.done", output: { rows: [], total: 5 } },
  { type: "fetchPage.error", error: new ApiError("http", 500, "", "x") },
  { type: "page.next" },
  { type: "page.previous" },
  { type: "page.goto", page: 3 },
  { type: "search.change", search: "" },
  { type: "url.changed", page: 2, search: "ana" },
  { type: "list.reload" },
  { type: "size.change", size: 25 },
  { type: "column.toggle", column: "Email" },
  // The all-sessions list sorts by session date; the others ignore this order.
  { type: "sort.change", sort: "-dateTime" },
]

/**
 * All Sessions' State filter and Starts days (issue 26): opened from a link that names only the first day, which
 * cannot be applied (both days are needed), so Apply and a State chosen meanwhile only set; the last day makes it
 * whole; Cancelled only, then every session again.
 */
const stateAndDays = [
  { type: "filter.change", field: "state", value: "cancelled" },
  { type: "filter.apply" },
  { type: "filter.set", field: "state", value: "completed" },
  { type: "filter.change", field: "to", value: "2026-12-14" },
  { type: "filter.clear" },
]

/**
 * UnAssign Users (issue 26): by name, then newest first again; the Joined days: a first day after the last is only set,
 * never applied; then every client again.
 */
const clientsOrderAndDays = [
  { type: "sort.change", sort: "name" },
  { type: "sort.change", sort: "-createdAt" },
  { type: "filter.change", field: "to", value: "2026-11-10" },
  { type: "filter.apply" },
  { type: "filter.set", field: "from", value: "2026-11-20" },
  { type: "filter.clear" },
]

/**
 * Counselling Users (issue 26): by name, then newest first again; one counsellor's clients (a choice made while the Joined
 * days are reversed is only set), then everyone's again. The days alone: UnAssign Users' paths.
 */
const clientsOrderAndCounsellor = [
  { type: "sort.change", sort: "name" },
  { type: "sort.change", sort: "-createdAt" },
  { type: "filter.change", field: "to", value: "2026-11-10" },
  { type: "filter.apply" },
  { type: "filter.set", field: "counsellor", value: "c1" },
  { type: "filter.clear" },
]

/**
 * The 1:1 Counselling list (issue 26): by name, then newest first again; its filters (the Access choice and the Received
 * days, each a filter of the one paged list): a first day after the last is only set, never applied; then every enquiry
 * again. The Access choice beside the days: tests/unit/role-list.machine.test.ts.
 */
const enquiryOrderAndFilters = [
  { type: "sort.change", sort: "name" },
  { type: "sort.change", sort: "-createdAt" },
  { type: "filter.change", field: "to", value: "2026-11-10" },
  { type: "filter.apply" },
  { type: "filter.set", field: "from", value: "2026-11-20" },
  { type: "filter.clear" },
]

/** Lists opened from a link that names their first day, so one change of the last day reverses the range. */
const initialFilters = new Map<unknown, object>([
  [allSessionsListMachine, { filters: { state: "", from: "2026-12-01", to: "" } }],
  [counsellingUsersListMachine, { filters: { counsellor: "", from: "2026-11-20", to: "" } }],
])

for (const [name, machine, own] of [
  ["1:1 counselling enquiries list", enquiryListMachine, enquiryOrderAndFilters],
  ["unassigned users list", unassignedUsersListMachine, clientsOrderAndDays],
  ["counselling users list", counsellingUsersListMachine, clientsOrderAndCounsellor],
  ["all sessions list", allSessionsListMachine, stateAndDays],
  ["upcoming sessions list", mySessionsListMachine({ _id: "u1", role: "User" }, "upcoming"), []],
] as const) {
  const id = machine.id
  describeMachinePaths(name, {
    machine,
    input: initialFilters.get(machine) ?? {},
    events: [...events, ...own],
    unreachable: {
      // The step back lands on a loading state that `page.previous`/`search.change` already reach with the
      // same context, so no shortest path takes it; tests/unit/counselling-lists.test.ts covers it.
      [`${id}.loading --fetchPage.done--> ${id}.loading`]: "merged with an equal state reached by a shorter path",
    },
  })
}
