import { ApiError } from "../../src/api/api-error.ts"
import type { Ticket } from "../../src/api/contract/tickets/ticket.ts"
import { bulkCloseMachine } from "../../src/machines/tickets/bulk-close.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const ticket = (i: number, closed = false): Ticket =>
  ({
    _id: `t${i}`,
    queryId: `t${i}`,
    ticketId: `TKT-00000${i}`,
    status: closed,
    userRating: null,
  }) as unknown as Ticket

describeMachinePaths("My Tickets bulk close", {
  machine: bulkCloseMachine.provide({ actions: { listChanged: () => {} } }),
  events: [
    { type: "selection.toggle", row: ticket(1) },
    { type: "selection.setAll", rows: [ticket(1), ticket(2)], selected: true },
    { type: "selection.setAll", rows: [ticket(1), ticket(2)], selected: false },
    { type: "selection.clear" },
    { type: "bulk.choose", action: "close" },
    { type: "bulk.confirm" },
    { type: "bulk.cancel" },
    {
      type: "runAll.done",
      output: { done: [{ row: ticket(1), from: "open" }], refused: [{ row: ticket(2, true), reason: "This ticket is already closed." }] },
    },
    { type: "runAll.error", error: new ApiError("network", 0, "", "Could not reach the server.") },
    { type: "bulk.undo" },
    { type: "summary.close" },
  ],
})
