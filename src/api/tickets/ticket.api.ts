import type { Role } from "../contract/common.ts"
import * as api from "../contract/tickets/ticket.endpoints.ts"
import { isTicketSort, isTicketState, type Ticket, type TicketType } from "../contract/tickets/ticket.ts"
import { call, callBlob, callIfChanged, toFormData } from "../client.ts"
import { dayQuery } from "../day-query.ts"

/**
 * One page of tickets, newest first unless `sort` says oldest first, in the shape the paged-list machine takes; the State
 * filter ("open", "closed"; "" or absent: every ticket) narrows it.
 */
export async function getTickets(request: {
  page: number
  limit: number
  sort?: string | undefined
  filters?: Record<string, string>
}): Promise<{ rows: Ticket[]; total: number }> {
  const { filters, sort } = request
  const state = filters?.state
  const answer = await call(api.getTickets, {
    query: {
      page: String(request.page),
      limit: String(request.limit),
      ...(isTicketState(state) ? { state } : {}),
      ...(isTicketSort(sort) ? { sort } : {}),
      ...dayQuery(filters),
    },
  })
  return { rows: [...answer.data], total: answer.pagination.total }
}

export interface NewTicket {
  ticketType: TicketType
  query: string
  image: Blob | null
}

export const raiseTicket = (ticket: NewTicket) =>
  call(api.createTicket, { body: toFormData({ ticketType: ticket.ticketType, query: ticket.query, image: ticket.image }) })

/** The Admin's messages are answers, everybody else's are questions (spec section 6). */
export const addResponse = (queryId: string, role: Role, text: string) =>
  call(api.addResponse, { body: role === "Admin" ? { answer: text, queryId } : { question: text, queryId } })

export const closeTicket = (queryId: string) => call(api.closeTicket, { body: { queryId } })

/** Polled every 5 s: `changed: false` when the server answered 304 to the last ETag. */
export const fetchThread = (queryId: string, etag: string | null) => callIfChanged(api.fetchResponse, { params: { queryId } }, etag)

export const giveFeedback = (feedback: { rating: number; remark: string; ticketId: string }) => call(api.giveFeedback, { body: feedback })

/** The private attachment as a Blob (an <img> cannot send the token itself). */
export const fetchAttachment = (queryId: string) => callBlob(api.ticketAttachment, { params: { queryId } })
