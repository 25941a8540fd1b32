import * as ticketApi from "../../api/tickets/ticket.api.ts"
import { getTickets } from "../../api/contract/tickets/ticket.endpoints.ts"
import { ticketListScreen } from "../../api/contract/tickets/ticket-list-screen.ts"
import { ticketSorts } from "../../api/contract/tickets/ticket.ts"
import { createPagedListMachine } from "../paged-list.machine.ts"
import { dayRangeBounds, dayRangeProblem, noDays } from "../day-range.ts"

/**
 * My Tickets: 10 a page, newest first or oldest first (the Admin's list holds every ticket, so it pages); its State filter keeps
 * the open or the closed ones, its Raised filter the ones raised on the days chosen (issue 26).
 */
export const ticketListMachine = createPagedListMachine({
  id: "myTickets",
  fetchPage: (request) => ticketApi.getTickets({ ...request, filters: { ...request.filters, ...dayRangeBounds(request.filters ?? {}) } }),
  call: getTickets,
  failureMessage: ticketListScreen.failure,
  // state: "" (every ticket), "open" or "closed"; from/to: the days raised.
  filters: { state: "", ...noDays },
  filtersProblem: dayRangeProblem,
  sorts: ticketSorts,
})
