import type { ListColumn } from "../list-column.ts"
import type { Ticket } from "./ticket.ts"

/* My Tickets' screen (its definition's other half, ticket-list.ts): texts, CSV file and columns. */

/** The empty and failure texts and the CSV file's name (without its date). */
export const ticketListScreen = { empty: "No tickets found.", failure: "Failed to fetch tickets.", file: "tickets" } as const

/** A column after S.No, in the spec's order; Raised By, Rating and Review are the Admin's. */
export type TicketListColumn = ListColumn<Ticket, "ticketId" | "ticketType" | "query" | "raisedBy" | "createdAt" | "status" | "rating" | "review">

/** A rating or review belongs to a closed ticket: an open one has none yet, a closed one unrated shows N/A. */
const onceClosed = (ticket: Ticket, value: string | number | null) => (!ticket.status ? "" : value === null ? "N/A" : String(value))

export const ticketListColumns: readonly TicketListColumn[] = [
  { key: "ticketId", header: "Ticket ID", text: (t) => t.ticketId },
  { key: "ticketType", header: "Ticket Type", text: (t) => t.ticketType },
  { key: "query", header: "Query", text: (t) => t.query },
  { key: "raisedBy", header: "Raised By", text: (t) => `${t.name} (${t.role})`, adminOnly: true },
  { key: "createdAt", header: "Date | Time", text: (t) => t.createdAt },
  { key: "status", header: "Status", text: (t) => (t.status ? "Closed" : "Open") },
  { key: "rating", header: "Rating", text: (t) => onceClosed(t, t.userRating), adminOnly: true },
  { key: "review", header: "Review", text: (t) => onceClosed(t, t.userReview), adminOnly: true },
]
