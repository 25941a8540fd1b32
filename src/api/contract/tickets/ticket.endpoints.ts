import { vendorRoles } from "../common.ts"
import { endpoint } from "../endpoint.ts"
import {
  AddResponseRequest,
  CloseTicketRequest,
  CreateTicketFields,
  FeedbackRequest,
  ImageBytes,
  QueryIdParams,
  ThreadChangeAnswer,
  TicketAnswer,
  TicketListAnswer,
  TicketListQuery,
  TicketThreadAnswer,
} from "./ticket.ts"

/**
 * Who raises tickets: every role but the Admin, who answers them (spec section 6, "Non-admin: raises
 * tickets"; section 2: the dashboard's Raise Ticket button). The Editor's sidebar has no My Tickets entry,
 * so the Editor reaches its tickets through the user menu.
 */
export const ticketRaisers = ["User", "Editor", ...vendorRoles] as const
/** Who reads tickets and their chat: the raisers (their own) and the Admin (all). */
export const ticketReaders = ["Admin", ...ticketRaisers] as const

export const getTickets = endpoint({
  name: "getTickets",
  method: "GET",
  path: "/userQuery/get",
  query: TicketListQuery,
  answer: TicketListAnswer,
  access: ticketReaders,
  summary:
    "Tickets, newest first or oldest first (`sort`: -createdAt, createdAt): the Admin sees every ticket with the raiser's name and role, anybody else only their own",
})

export const createTicket = endpoint({
  name: "createTicket",
  method: "POST",
  path: "/userQuery/create",
  multipart: true,
  files: { image: { required: false, mediaTypes: ["image/png", "image/jpeg"] } },
  body: CreateTicketFields,
  answer: TicketAnswer,
  access: ticketRaisers,
  summary: "Raise a ticket (multipart: ticketType, query, optional image part holding a PNG or JPEG)",
})

export const closeTicket = endpoint({
  name: "closeTicket",
  method: "PATCH",
  path: "/userQuery/update",
  body: CloseTicketRequest,
  answer: ThreadChangeAnswer,
  access: ["Admin"],
  summary: "Close an open ticket (409 when it is already closed)",
  refusals: { 404: "No ticket has this id", 409: "The ticket is already closed" },
})

export const addResponse = endpoint({
  name: "addResponse",
  method: "POST",
  path: "/userQuery/addResponse",
  body: AddResponseRequest,
  answer: ThreadChangeAnswer,
  access: ticketReaders,
  summary: "Add a chat message: the raiser asks (question), the Admin answers (answer); a closed ticket takes none (409)",
  refusals: { 404: "No ticket has this id, or it is not the caller's", 409: "The ticket is closed" },
  ownership: "An Admin answers any ticket; anyone else writes only on the tickets they raised",
})

export const fetchResponse = endpoint({
  name: "fetchResponse",
  method: "GET",
  path: "/userQuery/fetchResponse/:queryId",
  params: QueryIdParams,
  answer: TicketThreadAnswer,
  access: ticketReaders,
  summary: "The ticket and its chat, for the raiser or the Admin; answers an ETag, and 304 when If-None-Match still holds",
  ownership: "An Admin reads any ticket; anyone else only the tickets they raised",
  notModified: "Not Modified: the If-None-Match header names the thread's current ETag; no body, the ETag again",
})

export const giveFeedback = endpoint({
  name: "giveFeedback",
  method: "POST",
  path: "/userQuery/feedback",
  body: FeedbackRequest,
  answer: TicketAnswer,
  access: ticketRaisers,
  summary: "Rate a closed ticket 1 to 5 with a remark: only its raiser, only once",
  refusals: { 404: "No ticket has this number, or it is not the caller's", 409: "The ticket is still open, or already has feedback" },
  ownership: "Only the person who raised the ticket",
})

export const ticketAttachment = endpoint({
  name: "ticketAttachment",
  method: "GET",
  path: "/userQuery/attachment/:queryId",
  params: QueryIdParams,
  produces: ["image/png", "image/jpeg"],
  answer: ImageBytes,
  access: ticketReaders,
  summary: "The ticket's attached image (image/png or image/jpeg bytes), for the raiser or the Admin",
  ownership: "An Admin reads any ticket's image; anyone else only their own tickets'",
})

export const ticketEndpoints = [getTickets, createTicket, closeTicket, addResponse, fetchResponse, giveFeedback, ticketAttachment]
