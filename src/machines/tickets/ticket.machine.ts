import { assign, setup } from "xstate"
import { RATING_MAX, RATING_MIN } from "../../api/contract/tickets/ticket.ts"

/**
 * The life of a support ticket (spec section 4): open (status false) → closed (status true) →
 * feedback given. Pure: the console asks it which controls to offer, and the server asks it
 * whether to accept a step (409 with `ticketRefusal`'s message otherwise). Who may take a step
 * (the Admin closes and answers, the raiser asks and rates) is checked beside it, by role.
 */
export interface TicketLifeContext {
  hasResponses: boolean
  rating: number | null
  remark: string | null
}

export type TicketStep = { type: "ticket.respond" } | { type: "ticket.close" } | { type: "ticket.feedback"; rating: number; remark: string }

export type TicketLifeState = "open" | "closed" | "feedbackGiven"

export const isValidRating = (rating: number): boolean => Number.isInteger(rating) && rating >= RATING_MIN && rating <= RATING_MAX

export const ticketMachine = setup({
  types: {
    context: {} as TicketLifeContext,
    events: {} as TicketStep,
    input: {} as Partial<TicketLifeContext> | undefined,
  },
  guards: {
    isCompleteFeedback: ({ event }) => event.type === "ticket.feedback" && isValidRating(event.rating) && event.remark.trim() !== "",
  },
}).createMachine({
  id: "ticket",
  context: ({ input }) => ({ hasResponses: input?.hasResponses ?? false, rating: input?.rating ?? null, remark: input?.remark ?? null }),
  initial: "open",
  states: {
    open: {
      description: "Status false: the raiser asks questions and the Admin answers; only the Admin can close it.",
      on: {
        "ticket.respond": { actions: assign({ hasResponses: true }) },
        "ticket.close": { target: "closed" },
      },
    },
    closed: {
      description: "Status true: no new responses; the raiser may rate it once, 1 to 5 stars with a remark.",
      on: {
        "ticket.feedback": {
          guard: "isCompleteFeedback",
          target: "feedbackGiven",
          actions: assign({ rating: ({ event }) => event.rating, remark: ({ event }) => event.remark.trim() }),
        },
      },
    },
    feedbackGiven: {
      description: "Closed and rated; the Admin sees the rating and review. Nothing more can happen.",
      type: "final",
    },
  },
})

/** Where a stored ticket is in its life. */
export function ticketStateOf(ticket: { status: boolean; userRating: number | null }): TicketLifeState {
  if (!ticket.status) return "open"
  return ticket.userRating === null ? "closed" : "feedbackGiven"
}

/** The machine's snapshot for a stored ticket, without starting an actor. */
export function ticketSnapshot(ticket: { status: boolean; userRating: number | null; userReview?: string | null }) {
  return ticketMachine.resolveState({
    value: ticketStateOf(ticket),
    context: { hasResponses: false, rating: ticket.userRating, remark: ticket.userReview ?? null },
  })
}

/** Whether the ticket's life allows the step now (not who may take it). */
export const ticketAllows = (ticket: { status: boolean; userRating: number | null }, step: TicketStep): boolean => ticketSnapshot(ticket).can(step)

const REFUSALS: Record<TicketLifeState, Partial<Record<TicketStep["type"], string>>> = {
  open: { "ticket.feedback": "Feedback can be given only after the ticket is closed." },
  closed: {
    "ticket.respond": "This ticket is closed and takes no new responses.",
    "ticket.close": "This ticket is already closed.",
  },
  feedbackGiven: {
    "ticket.respond": "This ticket is closed and takes no new responses.",
    "ticket.close": "This ticket is already closed.",
    "ticket.feedback": "Feedback has already been given for this ticket.",
  },
}

/** Null when the step is allowed, otherwise the sentence the server answers with 409. */
export function ticketRefusal(ticket: { status: boolean; userRating: number | null }, step: TicketStep): string | null {
  if (ticketAllows(ticket, step)) return null
  return REFUSALS[ticketStateOf(ticket)][step.type] ?? "Rating must be 1 to 5 stars and the remark is required."
}
