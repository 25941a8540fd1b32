import { ApiError } from "../../src/api/api-error.ts"
import { assignCounsellorMachine } from "../../src/machines/assign-counsellor.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const noop = () => {}
const people = [{ _id: "c1", name: "Chetan", email: "c@x.io", role: "Counsellor" }]

describeMachinePaths("assign counsellor form", {
  machine: assignCounsellorMachine.provide({ actions: { assigned: noop, notify: noop } }),
  events: [
    { type: "selection.toggle", userId: "u1" },
    { type: "selection.setAll", userIds: ["u1", "u2"], selected: true },
    { type: "selection.setAll", userIds: ["u1", "u2"], selected: false },
    { type: "form.open" },
    { type: "counsellor.choose", counsellorId: "c1" },
    { type: "form.submit" },
    { type: "form.cancel" },
    { type: "loadPeople.done", output: people },
    { type: "loadPeople.error", error: new ApiError("http", 500, "", "x") },
    { type: "assignEach.done", output: { assigned: ["u1"], failures: [] } },
    { type: "assignEach.done", output: { assigned: [], failures: [{ userId: "u1", message: "User not found." }] } },
    { type: "assignEach.error", error: new Error("boom") },
  ],
})
