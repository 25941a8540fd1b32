import * as ticketCalls from "../../api/contract/tickets/ticket.endpoints.ts"
import type { MachineEntry } from "../machine-entry.ts"
import { feedbackMachine } from "./feedback.machine.ts"
import { raiseTicketMachine } from "./raise-ticket.machine.ts"
import { ticketAttachmentMachine } from "./ticket-attachment.machine.ts"
import { ticketChatMachine } from "./ticket-chat.machine.ts"
import { ticketListMachine } from "./ticket-list.machine.ts"
import { ticketMachine } from "./ticket.machine.ts"
import { bulkCloseMachine } from "./bulk-close.machine.ts"

/** The tickets' machines as the diagrams show them; the registry takes them as they are. */
export const ticketEntries: MachineEntry[] = [
  {
    id: "ticket",
    workflow: true,
    title: "Support ticket",
    summary: "A ticket's life: open, closed by the Admin, then rated once by the raiser. The server refuses any other step with 409.",
    machine: ticketMachine,
    firedBy: { "ticket.respond": ticketCalls.addResponse, "ticket.close": ticketCalls.closeTicket, "ticket.feedback": ticketCalls.giveFeedback },
  },
  {
    id: "ticket-chat",
    title: "Ticket chat",
    summary: "Ticket Details: the conversation polled every 5 seconds while open, sending, and closing.",
    machine: ticketChatMachine,
    delayLabels: { pollInterval: "5 s" },
  },
  {
    id: "ticket-list",
    title: "My Tickets list",
    summary: "The paged ticket table (the Admin sees every ticket, others their own).",
    machine: ticketListMachine,
  },
  {
    id: "bulk-close",
    title: "My Tickets bulk close",
    summary:
      "Tickets chosen on My Tickets (Admin) close together after asking, each through the ticket's own close rule; a summary names those not closed and why. Closing cannot be undone.",
    machine: bulkCloseMachine,
  },
  {
    id: "raise-ticket",
    title: "Raise Ticket form",
    summary: "Ticket Type and Query required, optional PNG/JPEG image; the modal closes 1 s after success.",
    machine: raiseTicketMachine,
    delayLabels: { successShown: "1 s" },
  },
  {
    id: "feedback",
    title: "Ticket feedback",
    summary: "Rating 1 to 5 by star click and a remark on a closed ticket; the modal closes 1 s after success.",
    machine: feedbackMachine,
    delayLabels: { successShown: "1 s" },
  },
  {
    id: "ticket-attachment",
    title: "Ticket attachment",
    summary: "Loading a ticket's private image for the raiser or the Admin.",
    machine: ticketAttachmentMachine,
    // The callback reads the image and reports with its own events.
    firedBy: { "attachment.loaded": ticketCalls.ticketAttachment, "attachment.failed": ticketCalls.ticketAttachment },
  },
]
