import { ApiError } from "../../src/api/api-error.ts"
import { assignCounsellorMachine } from "../../src/machines/counselling/assign-counsellor.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const noop = () => {}
const people = [
  { _id: "c1", name: "Chetan", email: "c@x.io", role: "Counsellor" },
  { _id: "l1", name: "Leela", email: "l@x.io", role: "Lawyer" },
]
const totals = [
  { role: "Counsellor", total: 80 },
  { role: "Lawyer", total: 1 },
]

describeMachinePaths("assign counsellor form", {
  machine: assignCounsellorMachine.provide({ actions: { assigned: noop, notify: noop } }),
  events: [
    { type: "selection.toggle", userId: "u1" },
    // One user and an idempotent accordion change keep the contexts (and so the paths) few.
    { type: "selection.setAll", userIds: ["u1"], selected: true },
    { type: "form.open" },
    { type: "search.change", value: "lee" },
    { type: "search.change", value: "" },
    { type: "after.searchDebounce" },
    { type: "search.retry" },
    { type: "groups.change", roles: ["Counsellor"] },
    { type: "counsellor.choose", counsellorId: "c1" },
    { type: "form.submit" },
    { type: "form.cancel" },
    { type: "loadPeople.done", output: { people, totals } },
    { type: "loadPeople.error", error: new ApiError("http", 500, "", "x") },
    { type: "assignEach.done", output: { assigned: ["u1"], failures: [] } },
    { type: "assignEach.done", output: { assigned: [], failures: [{ userId: "u1", message: "User not found." }] } },
    { type: "assignEach.error", error: new Error("boom") },
  ],
})
