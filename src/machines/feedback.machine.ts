import { assign, fromPromise, setup } from "xstate"
import type { TicketAnswer } from "../api/contract/ticket.ts"
import * as ticketApi from "../api/ticket.api.ts"
import { messageOf } from "../api/api-error.ts"
import type { Message, Tone } from "./login.machine.ts"
import { MODAL_CLOSE_MS } from "./raise-ticket.machine.ts"
import { isValidRating } from "./ticket.machine.ts"

export const FEEDBACK_SUBMITTED = "Feedback submitted successfully!"
export const FEEDBACK_FAILED = "Failed to submit feedback"

export interface FeedbackContext {
  /** The ticket's TKT- number. */
  ticketId: string
  /** 0 until a star is clicked. */
  rating: number
  remark: string
  errors: Partial<Record<"rating" | "remark", string>>
  message: Message | null
  detail: string | null
}

export type FeedbackEvent =
  | { type: "feedback.open"; ticketId: string }
  | { type: "feedback.close" }
  | { type: "rating.set"; rating: number }
  | { type: "field.remark"; value: string }
  | { type: "feedback.submit" }

const fresh = (ticketId: string): FeedbackContext => ({ ticketId, rating: 0, remark: "", errors: {}, message: null, detail: null })

function missing(context: FeedbackContext): FeedbackContext["errors"] {
  const errors: FeedbackContext["errors"] = {}
  if (!isValidRating(context.rating)) errors.rating = "Please select a rating."
  if (context.remark.trim() === "") errors.remark = "Please enter a remark."
  return errors
}

/** The feedback modal of a closed ticket: a rating of 1 to 5 by star click and a remark, both required. */
export const feedbackMachine = setup({
  types: { context: {} as FeedbackContext, events: {} as FeedbackEvent },
  actors: {
    giveFeedback: fromPromise<TicketAnswer, { rating: number; remark: string; ticketId: string }>(({ input }) => ticketApi.giveFeedback(input)),
  },
  actions: {
    /** Provided by the view: reload the list. */
    submitted: (_, _params: { answer: TicketAnswer }) => {},
  },
  guards: {
    isComplete: ({ context }) => Object.keys(missing(context)).length === 0,
    isStar: ({ event }) => event.type === "rating.set" && isValidRating(event.rating),
  },
  delays: { modalClose: MODAL_CLOSE_MS },
}).createMachine({
  id: "feedback",
  context: fresh(""),
  initial: "closed",
  states: {
    closed: {
      description: "No feedback modal; a closed ticket's Feedback button opens it.",
      on: { "feedback.open": { target: "editing", actions: assign(({ event }) => fresh(event.ticketId)) } },
    },
    editing: {
      description: "Stars 1 to 5 and a remark, both required.",
      on: {
        "feedback.close": { target: "closed" },
        "rating.set": { guard: "isStar", actions: assign(({ context, event }) => ({ rating: event.rating, errors: { ...context.errors, rating: undefined } })) },
        "field.remark": { actions: assign(({ context, event }) => ({ remark: event.value, errors: { ...context.errors, remark: undefined } })) },
        "feedback.submit": [
          { guard: "isComplete", target: "submitting", actions: assign({ message: null, detail: null }) },
          { actions: assign(({ context }) => ({ errors: missing(context) })) },
        ],
      },
    },
    submitting: {
      description: "The Submit button is disabled and shows it is busy.",
      tags: ["busy"],
      invoke: {
        src: "giveFeedback",
        input: ({ context }) => ({ rating: context.rating, remark: context.remark.trim(), ticketId: context.ticketId }),
        onDone: {
          target: "succeeded",
          actions: [assign({ message: { text: FEEDBACK_SUBMITTED, tone: "success" as Tone } }), { type: "submitted", params: ({ event }) => ({ answer: event.output }) }],
        },
        onError: {
          target: "editing",
          actions: assign(({ event }) => ({ message: { text: FEEDBACK_FAILED, tone: "error" as Tone }, detail: messageOf(event.error, "") || null })),
        },
      },
    },
    succeeded: {
      description: "'Feedback submitted successfully!' shows; the modal closes 1 s later.",
      after: { modalClose: { target: "closed" } },
      on: { "feedback.close": { target: "closed" } },
    },
  },
})
