import * as ticketApi from "../../api/tickets/ticket.api.ts"
import { getTickets } from "../../api/contract/tickets/ticket.endpoints.ts"
import { ticketListScreen } from "../../api/contract/tickets/ticket-list-screen.ts"
import { ticketSorts } from "../../api/contract/tickets/ticket.ts"
import { createPagedListMachine } from "../paged-list.machine.ts"

/**
 * My Tickets: 10 a page, newest first or oldest first (the Admin's list holds every ticket, so it pages); its State filter keeps
 * the open or the closed ones.
 */
export const ticketListMachine = createPagedListMachine({
  id: "myTickets",
  fetchPage: ticketApi.getTickets,
  call: getTickets,
  failureMessage: ticketListScreen.failure,
  // "" (every ticket), "open" or "closed".
  filters: { state: "" },
  sorts: ticketSorts,
})
