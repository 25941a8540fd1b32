import { ApiError } from "../../src/api/api-error.ts"
import type { PersonListItem } from "../../src/api/contract/account/user.ts"
import { bulkStatusMachine } from "../../src/machines/vendors/bulk-status.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const row = (i: number): PersonListItem => ({
  _id: `v${i}`,
  name: `Vendor ${i}`,
  email: `v${i}@example.com`,
  number: null,
  role: "Lawyer",
  status: "Under Review",
  createdAt: "2026-11-01T10:00:00.000Z",
  organizationId: "org-1",
  organizationName: "Wellness Collective",
})

describeMachinePaths("review list bulk status change", {
  machine: bulkStatusMachine.provide({ actions: { listChanged: () => {} } }),
  events: [
    { type: "selection.toggle", row: row(1) },
    { type: "selection.setAll", rows: [row(1), row(2)], selected: true },
    { type: "selection.setAll", rows: [row(1), row(2)], selected: false },
    { type: "selection.clear" },
    { type: "bulk.choose", action: "Temp Approve" },
    { type: "bulk.choose", action: "Approve" },
    { type: "bulk.choose", action: "Reject" },
    { type: "bulk.confirm" },
    { type: "bulk.cancel" },
    {
      type: "runAll.done",
      output: { done: [{ row: row(1), from: "Under Review" }], refused: [{ row: row(2), reason: "The vendor is already 'Temp Approve'." }] },
    },
    { type: "runAll.done", output: { done: [], refused: [] } },
    { type: "runAll.error", error: new ApiError("network", 0, "", "Could not reach the server.") },
    { type: "bulk.undo" },
    { type: "after.undoWindow" },
    { type: "undoAll.done", output: { done: [{ row: row(1), from: "Temp Approve" }], refused: [] } },
    { type: "undoAll.error", error: new ApiError("network", 0, "", "Could not reach the server.") },
    { type: "summary.close" },
  ],
})
