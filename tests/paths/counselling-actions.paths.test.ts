import { ApiError } from "../../src/api/api-error.ts"
import { createConfirmActionMachine } from "../../src/machines/confirm-action.machine.ts"
import { counsellingDetailsMachine } from "../../src/machines/counselling/counselling-details.machine.ts"
import { sessionCountsMachine } from "../../src/machines/counselling/session-counts.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const noop = () => {}

describeMachinePaths("send access / delete session confirmation", {
  machine: createConfirmActionMachine<{ _id: string }>({
    id: "sendAccess",
    run: async () => ({}),
    successText: "Access sent successfully.",
    failureText: "Failed to send access.",
    networkText: "Failed to send user access.",
  }).provide({ actions: { notify: noop, done: noop } }),
  events: [
    { type: "action.request", target: { _id: "e1" } },
    { type: "action.confirm" },
    { type: "action.cancel" },
    { type: "run.done", output: { message: "Access sent successfully." } },
    { type: "run.error", error: new ApiError("http", 500, "", "x") },
  ],
})

describeMachinePaths("counselling details", {
  machine: counsellingDetailsMachine,
  input: { userId: "u1" },
  events: [
    {
      type: "loadDetails.done",
      output: { _id: "u1", name: "Uma", email: "u@x.io", role: "User", number: null, counsellorId: null, counsellorName: null, counsellorRole: null },
    },
    { type: "loadDetails.error", error: new ApiError("http", 404, "Not Found", "User not found.") },
    { type: "details.reload" },
  ],
})

describeMachinePaths("dashboard session counts", {
  machine: sessionCountsMachine,
  input: { user: { _id: "u1", role: "User" }, now: () => Date.parse("2030-01-01T00:00:00.000Z") },
  events: [
    { type: "loadSessions.done", output: [{ dateTime: "2030-01-02T00:00:00.000Z" }] },
    { type: "loadSessions.error", error: new Error("x") },
    { type: "counts.reload" },
  ],
})
