import { ApiError } from "../../src/api/api-error.ts"
import { enquiriesMachine } from "../../src/machines/contact/enquiries.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ _id: `e${i}` }))

describeMachinePaths("all enquiries list", {
  machine: enquiriesMachine,
  input: {},
  events: [
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
    // Name and Date | Time order the list (issue 26).
    { type: "sort.change", sort: "name" },
    // The Received filter (issue 26): a range that ends before it starts is not applied; a good one is; Clear.
    { type: "filter.change", field: "from", value: "2026-11-20" },
    { type: "filter.change", field: "to", value: "2026-11-10" },
    { type: "filter.change", field: "to", value: "2026-11-30" },
    { type: "filter.apply" },
    { type: "filter.clear" },
  ],
  unreachable: {
    // The step back lands on a loading state that `page.previous`/`search.change` already reach with the
    // same context, so no shortest path takes it; tests/unit/paged-list-url.test.ts covers it.
    "enquiries.loading --fetchPage.done--> enquiries.loading": "merged with an equal state reached by a shorter path",
  },
})
