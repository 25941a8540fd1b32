import type { Caller } from "../auth/tokens.ts"
import type { TicketRow } from "../../db/tickets.table.ts"
import type { TicketStep } from "../../../src/machines/tickets/ticket.machine.ts"
import { ticketRefusal } from "../../../src/machines/tickets/ticket.machine.ts"
import { conflict, forbidden, notFound } from "../errors.ts"

export const isAdmin = (caller: Caller): boolean => caller.role === "Admin"

/** The raiser and the Admin see a ticket, its chat and its attachment; nobody else. */
export const canSeeTicket = (caller: Caller, raiserId: string): boolean => isAdmin(caller) || caller.id === raiserId

export function foundTicket<T>(row: T | undefined): T {
  if (!row) throw notFound("Ticket not found.")
  return row
}

export function assertCanSee(caller: Caller, raiserId: string): void {
  if (!canSeeTicket(caller, raiserId)) throw forbidden("You can only see your own tickets.")
}

/** The ticket machine decides whether the ticket's life allows the step; 409 with its reason if not. */
export function assertStep(row: Pick<TicketRow, "closed" | "user_rating">, step: TicketStep): void {
  const refusal = ticketRefusal({ status: row.closed, userRating: row.user_rating }, step)
  if (refusal) throw conflict(refusal)
}
