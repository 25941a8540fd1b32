import { assign, fromPromise, setup } from "xstate"
import { hasTicketImageExtension, type TicketAnswer, type TicketType } from "../api/contract/ticket.ts"
import * as ticketApi from "../api/ticket.api.ts"
import { messageOf } from "../api/api-error.ts"
import type { Message, Tone } from "./login.machine.ts"

/** Spec section 9: a modal closes about 1 s after a successful save. */
export const MODAL_CLOSE_MS = 1000

export const TICKET_SUBMITTED = "Ticket submitted successfully!"
export const TICKET_FAILED = "Failed to submit the ticket. Please try again."

/** A chosen file: the browser's File, or anything with a name in tests. */
export type ChosenFile = Blob & { name: string }

type FieldErrors = Partial<Record<"ticketType" | "query" | "image", string>>

export interface RaiseTicketContext {
  ticketType: TicketType | ""
  query: string
  image: ChosenFile | null
  errors: FieldErrors
  message: Message | null
  /** The server's reason under the spec's failure message (e.g. the image was not a real PNG). */
  detail: string | null
}

export type RaiseTicketEvent =
  | { type: "form.open" }
  | { type: "form.close" }
  | { type: "field.ticketType"; value: TicketType | "" }
  | { type: "field.query"; value: string }
  | { type: "image.choose"; file: ChosenFile | null }
  | { type: "form.submit" }

const empty = { ticketType: "" as const, query: "", image: null, errors: {}, message: null, detail: null }

function missing(context: RaiseTicketContext): FieldErrors {
  const errors: FieldErrors = {}
  if (context.ticketType === "") errors.ticketType = "Please select a ticket type."
  if (context.query.trim() === "") errors.query = "Please enter your query."
  // A refused file blocks the submit: the person meant to attach something, so nothing is sent without it
  // until they choose an allowed file or take the refused one away.
  if (context.errors.image) errors.image = context.errors.image
  return errors
}

/** The Raise Ticket form of My Tickets and of the dashboard: Ticket Type and Query required, optional .png/.jpg/.jpeg image. */
export const raiseTicketMachine = setup({
  types: { context: {} as RaiseTicketContext, events: {} as RaiseTicketEvent },
  actors: {
    raiseTicket: fromPromise<TicketAnswer, { ticketType: TicketType; query: string; image: ChosenFile | null }>(({ input }) => ticketApi.raiseTicket(input)),
  },
  actions: {
    /** Provided by the view: reload the list, tell the dashboard. */
    submitted: (_, _params: { answer: TicketAnswer }) => {},
  },
  guards: {
    isComplete: ({ context }) => Object.keys(missing(context)).length === 0,
    hasAllowedName: ({ event }) => event.type === "image.choose" && (event.file === null || hasTicketImageExtension(event.file.name)),
  },
  delays: { modalClose: MODAL_CLOSE_MS },
}).createMachine({
  id: "raiseTicket",
  context: empty,
  initial: "closed",
  states: {
    closed: {
      description: "The form is hidden; the Raise Ticket button opens it empty.",
      on: { "form.open": { target: "editing", actions: assign(empty) } },
    },
    editing: {
      description: "Ticket Type (Technical or General), Query and an optional image; a refused image blocks Submit until replaced or removed; nothing typed is lost on failure.",
      on: {
        "form.close": { target: "closed" },
        "field.ticketType": { actions: assign(({ context, event }) => ({ ticketType: event.value, errors: { ...context.errors, ticketType: undefined } })) },
        "field.query": { actions: assign(({ context, event }) => ({ query: event.value, errors: { ...context.errors, query: undefined } })) },
        "image.choose": [
          { guard: "hasAllowedName", actions: assign(({ context, event }) => ({ image: event.file, errors: { ...context.errors, image: undefined } })) },
          { actions: assign(({ context }) => ({ image: null, errors: { ...context.errors, image: "Only .png, .jpg and .jpeg files are allowed." } })) },
        ],
        "form.submit": [
          { guard: "isComplete", target: "submitting", actions: assign({ message: null, detail: null }) },
          { actions: assign(({ context }) => ({ errors: { ...context.errors, ...missing(context) } })) },
        ],
      },
    },
    submitting: {
      description: "The Submit button is disabled and reads 'Submitting...'.",
      tags: ["busy"],
      invoke: {
        src: "raiseTicket",
        input: ({ context }) => ({ ticketType: context.ticketType as TicketType, query: context.query.trim(), image: context.image }),
        onDone: {
          target: "succeeded",
          actions: [assign({ message: { text: TICKET_SUBMITTED, tone: "success" as Tone } }), { type: "submitted", params: ({ event }) => ({ answer: event.output }) }],
        },
        onError: {
          target: "editing",
          actions: assign(({ event }) => {
            const reason = messageOf(event.error, "")
            return { message: { text: TICKET_FAILED, tone: "error" as Tone }, detail: reason || null }
          }),
        },
      },
    },
    succeeded: {
      description: "'Ticket submitted successfully!' shows; the form closes 1 s later.",
      after: { modalClose: { target: "closed" } },
      on: { "form.close": { target: "closed" } },
    },
  },
})
