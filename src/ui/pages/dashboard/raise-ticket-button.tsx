import type { Role } from "../../../api/contract/common.ts"
import { canCall } from "../../../api/contract/endpoint.ts"
import { createTicket } from "../../../api/contract/tickets/ticket.endpoints.ts"
import { RaiseTicket } from "../tickets/raise-ticket-dialog.tsx"

/** The dashboard's Raise Ticket button: the same form as My Tickets, for every role that raises tickets. */
export function RaiseTicketButton({ role }: { role: Role }) {
  if (!canCall(createTicket.access, role)) return null
  return <RaiseTicket />
}
