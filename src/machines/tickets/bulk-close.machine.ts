import type { Ticket } from "../../api/contract/tickets/ticket.ts"
import { closeTicket } from "../../api/contract/tickets/ticket.endpoints.ts"
import * as ticketApi from "../../api/tickets/ticket.api.ts"
import { createBulkActionMachine, eachRow } from "../bulk-action.machine.ts"
import { ticketRefusal } from "./ticket.machine.ts"

export const CLOSE_FAILED = "Failed to close the ticket."

/**
 * My Tickets' bulk close (issue 26, Admin): choose tickets across pages, Close asks first (a closed ticket takes
 * no more answers, so it cannot be undone); each goes through the ticket's own close call and rule, and a summary
 * names the tickets that were not closed and why (one already closed, meanwhile by another Admin).
 */
export const bulkCloseMachine = createBulkActionMachine<Ticket, "close">({
  id: "bulkClose",
  rowId: (ticket) => ticket._id,
  call: closeTicket,
  run: (tickets) =>
    eachRow(tickets, {
      refusal: (ticket) => ticketRefusal(ticket, { type: "ticket.close" }),
      change: (ticket) => ticketApi.closeTicket(ticket._id),
      from: () => "open",
      failure: CLOSE_FAILED,
    }),
  asksFirst: "always",
  undoable: () => false,
  failure: CLOSE_FAILED,
})
