import { ApiError } from "../../src/api/api-error.ts"
import { retryMailMachine } from "../../src/machines/notifications/retry-mail.machine.ts"
import { undeliveredMailMachine } from "../../src/machines/notifications/undelivered-mail.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const noop = () => {}
const mail = (id: string) => ({
  _id: id,
  kind: "vendor.statusChanged",
  recipient: "vendor@example.org",
  subject: "Your partner account: Approved",
  entityType: "user",
  entityId: "u1",
  attempts: 8,
  lastError: "connect ECONNREFUSED",
  createdAt: "2026-11-26T10:00:00.000Z",
})

describeMachinePaths("undelivered emails list", {
  machine: undeliveredMailMachine,
  input: {},
  events: [
    { type: "fetchPage.done", output: { rows: Array.from({ length: 10 }, (_, i) => mail(`m${i}`)), total: 25 } },
    { type: "fetchPage.done", output: { rows: [], total: 0 } },
    { type: "fetchPage.error", error: new ApiError("http", 500, "", "x") },
    { type: "page.next" },
    { type: "page.previous" },
    { type: "page.goto", page: 3 },
    { type: "list.reload" },
    { type: "size.change", size: 25 },
    { type: "column.toggle", column: "Email" },
  ],
  unreachable: {
    "undeliveredMail.loading --fetchPage.done--> undeliveredMail.loading": "merged with an equal state reached by a shorter path",
  },
})

describeMachinePaths("send an undelivered email again", {
  machine: retryMailMachine.provide({ actions: { notify: noop, done: noop } }),
  events: [
    { type: "action.request", target: mail("m1") },
    { type: "action.confirm" },
    { type: "action.cancel" },
    { type: "run.done", output: { message: "The email was queued again." } },
    { type: "run.error", error: new ApiError("http", 404, "", "No dead email has this id; it may have been sent already.") },
  ],
})
