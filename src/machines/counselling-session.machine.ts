import { assign, getInitialSnapshot, setup } from "xstate"
import type { SessionStatus } from "../api/contract/counselling-session.ts"

/**
 * The one rule for a counselling session's lifecycle (spec section 4): upcoming while its start is
 * later than now, past otherwise; only an upcoming session can be edited; any session can be
 * deleted. Pure: the console uses it to enable Edit and split lists, the server to refuse an edit
 * of a past session with 409. Time only moves forward, so past never becomes upcoming again.
 */
export interface SessionClockContext {
  startsAt: number
  now: number
}

/** `session.edit` carries the (possibly moved) start; the new start decides upcoming or past again. */
export type SessionLifecycleEvent =
  | { type: "clock.tick"; now: number }
  | { type: "session.edit"; dateTime: string | number | Date }
  | { type: "session.delete" }

export const counsellingSessionMachine = setup({
  types: {
    context: {} as SessionClockContext,
    events: {} as SessionLifecycleEvent,
    input: {} as { dateTime: string | number | Date; now: number },
  },
  guards: {
    isUpcoming: ({ context }) => context.startsAt > context.now,
  },
}).createMachine({
  id: "counsellingSession",
  context: ({ input }) => ({ startsAt: new Date(input.dateTime).getTime(), now: input.now }),
  initial: "deciding",
  states: {
    deciding: {
      description: "Compares the session's start with now.",
      always: [{ guard: "isUpcoming", target: "upcoming" }, { target: "past" }],
    },
    upcoming: {
      description: "The start is later than now: the session can be edited or deleted.",
      on: {
        "clock.tick": { target: "deciding", actions: assign({ now: ({ event }) => event.now }) },
        "session.edit": { target: "deciding", actions: assign({ startsAt: ({ event }) => new Date(event.dateTime).getTime() }) },
        "session.delete": { target: "deleted" },
      },
    },
    past: {
      description: "The start has passed: the session is history; it can no longer be edited, only deleted.",
      on: {
        "session.delete": { target: "deleted" },
      },
    },
    deleted: { description: "The session was cancelled.", type: "final" },
  },
})

const snapshotAt = (dateTime: string | number | Date, now: number) =>
  getInitialSnapshot(counsellingSessionMachine, { dateTime, now })

/** 'upcoming' when the start is later than `now`, else 'past'. */
export const sessionStatus = (dateTime: string | number | Date, now: number): SessionStatus =>
  snapshotAt(dateTime, now).matches("upcoming") ? "upcoming" : "past"

/** Only upcoming sessions can be edited (spec sections 2 and 4). */
export const canEditSession = (dateTime: string | number | Date, now: number): boolean =>
  snapshotAt(dateTime, now).can({ type: "session.edit", dateTime })

export const PAST_SESSION_MESSAGE = "Only upcoming sessions can be edited."
export const MISSING_MEETING_KEY_MESSAGE = "Missing meeting key."
