import * as ticketApi from "../api/ticket.api.ts"
import { createPagedListMachine } from "./paged-list.machine.ts"

/** My Tickets: 10 a page, newest first (the Admin's list holds every ticket, so it pages). */
export const ticketListMachine = createPagedListMachine({
  id: "myTickets",
  fetchPage: ticketApi.getTickets,
  failureMessage: "Failed to fetch tickets.",
})
