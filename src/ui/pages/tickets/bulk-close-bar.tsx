import type { ActorRefFrom } from "xstate"
import type { Ticket } from "../../../api/contract/tickets/ticket.ts"
import type { bulkCloseMachine } from "../../../machines/tickets/bulk-close.machine.ts"
import { BulkBar, countOf, type BulkWords } from "../../components/bulk-bar.tsx"

const tickets = countOf("ticket")

const words: BulkWords<Ticket, "close"> = {
  group: "Act on the chosen tickets",
  rowName: (ticket) => ticket.ticketId,
  running: (_action, n) => `Closing ${tickets(n)}…`,
  done: (_action, n) => `${tickets(n)} closed.`,
  refused: (_action, n) => `${tickets(n)} not closed:`,
  confirmation: (_action, n) => ({
    title: "Close tickets",
    question: `Close ${tickets(n)}? A closed ticket takes no more answers; its raiser can then leave feedback.`,
    confirmLabel: `Close ${tickets(n)}`,
  }),
}

/** My Tickets' bulk bar (Admin, issue 26): Close asks first, naming how many; closing cannot be undone. */
export function BulkCloseBar({ actor }: { actor: ActorRefFrom<typeof bulkCloseMachine> }) {
  return <BulkBar actor={actor} choices={[{ action: "close", label: "Close tickets" }]} words={words} rowKey={(ticket) => ticket._id} />
}
