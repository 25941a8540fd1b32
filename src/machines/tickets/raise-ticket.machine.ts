import {
  hasTicketImageExtension,
  TicketText,
  ticketImageExtensions,
  ticketTypes,
  type TicketAnswer,
  type TicketType,
} from "../../api/contract/tickets/ticket.ts"
import * as ticketApi from "../../api/tickets/ticket.api.ts"
import { createTicket } from "../../api/contract/tickets/ticket.endpoints.ts"
import { messageOf } from "../../api/api-error.ts"
import type { FieldSpec, FileSpec } from "../form/field-spec.ts"
import { createFormMachine } from "../form/form.machine.ts"

export type { ChosenFile } from "../form/field-spec.ts"

/** Spec section 9: a modal closes about 1 s after a successful save. */
export const MODAL_CLOSE_MS = 1000

export const TICKET_SUBMITTED = "Ticket submitted successfully!"
export const TICKET_FAILED = "Failed to submit the ticket. Please try again."
export const IMAGE_REFUSED = "Only .png, .jpg and .jpeg files are allowed."

export const raiseTicketFields: readonly FieldSpec[] = [
  { name: "ticketType", label: "Ticket Type", kind: "select", options: ticketTypes, requiredText: "Please select a ticket type." },
  { name: "query", label: "Query", kind: "textarea", schema: TicketText, requiredText: "Please enter your query." },
]

/** Optional; a refused file blocks the submit: the person meant to attach something, so nothing is sent without it. */
export const raiseTicketFiles: readonly FileSpec[] = [
  {
    name: "image",
    label: "Image",
    required: false,
    accept: ticketImageExtensions.join(","),
    isAccepted: (file) => hasTicketImageExtension(file.name),
    refusedText: IMAGE_REFUSED,
  },
]

/**
 * The Raise Ticket form of My Tickets and of the dashboard: Ticket Type (Technical or General) and
 * Query required, an optional .png/.jpg/.jpeg image. Success shows 'Ticket submitted successfully!' and
 * the modal closes 1 s later; a failure shows the spec's text with the server's reason under it.
 */
export const raiseTicketMachine = createFormMachine<TicketAnswer>({
  id: "raiseTicket",
  modal: true,
  fields: raiseTicketFields,
  files: raiseTicketFiles,
  initialExtra: null,
  call: createTicket,
  submit: ({ values, files }) =>
    ticketApi.raiseTicket({ ticketType: values["ticketType"] as TicketType, query: values["query"] ?? "", image: files["image"] ?? null }),
  succeeded: () => ({ message: { text: TICKET_SUBMITTED, tone: "success" } }),
  failed: (error) => ({ message: { text: TICKET_FAILED, tone: "error" }, detail: messageOf(error, "") || null }),
  after: { ms: MODAL_CLOSE_MS, then: "close" },
})
