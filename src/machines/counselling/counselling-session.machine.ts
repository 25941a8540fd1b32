import { assign, getInitialSnapshot, setup } from "xstate"
import type { SessionState, SessionStatus } from "../../api/contract/counselling/counselling-session.ts"
import { DEFAULT_NOTICE_HOURS } from "../../api/contract/partner/partner.ts"

/**
 * The one rule for a counselling session's life (spec section 4, issue 24), pure, for both sides: the
 * console asks it which actions to offer, the server asks it whether to accept one (403 for the wrong
 * person, 409 for the wrong moment). A session is scheduled (or rescheduled) until its start, in
 * progress until its end, then waits for its outcome: completed or no-show. Before its start it can be
 * moved or cancelled: by an Admin at any time, by the counsellor (moving) or either person (cancelling)
 * outside the notice window, where a cancellation is still allowed but marked late. Only upcoming
 * sessions can be edited (the spec's Edit); any session can be deleted (the spec's Delete).
 */
export type SessionParty = "admin" | "counsellor" | "client"

export interface SessionLifeContext {
  startsAt: number
  endsAt: number
  now: number
  /** The notice window before the start, in ms. */
  noticeMs: number
  state: SessionState
  /** The client has asked for another time and nobody has moved the session since. */
  wishPending: boolean
}

export type SessionLifecycleEvent =
  | { type: "clock.tick"; now: number }
  | { type: "session.edit"; dateTime: string | number | Date }
  | { type: "session.reschedule"; by: SessionParty; dateTime: string | number | Date; durationMinutes: number }
  | { type: "session.requestReschedule"; by: SessionParty }
  | { type: "session.cancel"; by: SessionParty; reason: string }
  | { type: "session.markNoShow"; by: SessionParty }
  | { type: "session.complete"; by: SessionParty }
  | { type: "session.delete" }

export interface SessionLifeInput {
  dateTime: string | number | Date
  /** Minutes; without it the session ends as it starts (the spec's lists need only the start). */
  durationMinutes?: number
  now: number
  state?: SessionState
  noticeHours?: number
  wishPending?: boolean
}

export { DEFAULT_NOTICE_HOURS }

const byOf = (event: SessionLifecycleEvent): SessionParty | null => ("by" in event ? event.by : null)
const instant = (value: string | number | Date) => new Date(value).getTime()
const outsideNotice = (context: SessionLifeContext) => context.startsAt - context.now > context.noticeMs

export const counsellingSessionMachine = setup({
  types: {
    context: {} as SessionLifeContext,
    events: {} as SessionLifecycleEvent,
    input: {} as SessionLifeInput,
  },
  guards: {
    isStored: ({ context }, params: { state: SessionState }) => context.state === params.state,
    isBeforeStart: ({ context }) => context.startsAt > context.now,
    isBeforeEnd: ({ context }) => context.endsAt > context.now,
    isUpcomingAndRescheduled: ({ context }) => context.startsAt > context.now && context.state === "rescheduled",
    /** An Admin at any time; the counsellor outside the notice window; always to a later start. */
    mayReschedule: ({ context, event }) =>
      event.type === "session.reschedule" &&
      instant(event.dateTime) > context.now &&
      (event.by === "admin" || (event.by === "counsellor" && outsideNotice(context))),
    /** The client asks, outside the notice window. */
    mayRequestReschedule: ({ context, event }) => byOf(event) === "client" && outsideNotice(context),
    /** Any of the three, with a reason. */
    mayCancel: ({ event }) => event.type === "session.cancel" && (event.reason ?? "").trim().length > 0,
    /** The counsellor or an Admin records the outcome. */
    isStaff: ({ event }) => byOf(event) === "admin" || byOf(event) === "counsellor",
  },
  actions: {
    readClock: assign({ now: ({ context, event }) => (event.type === "clock.tick" ? event.now : context.now) }),
    /** An edit moves the start; the session keeps its length. */
    takeEditedStart: assign(({ context, event }) => {
      if (event.type !== "session.edit") return context
      const startsAt = instant(event.dateTime)
      return { ...context, startsAt, endsAt: startsAt + (context.endsAt - context.startsAt) }
    }),
    takeNewTime: assign(({ context, event }) => {
      if (event.type !== "session.reschedule") return context
      const startsAt = instant(event.dateTime)
      return { ...context, startsAt, endsAt: startsAt + event.durationMinutes * 60_000, state: "rescheduled" as const, wishPending: false }
    }),
    noteWish: assign({ wishPending: true }),
    /** An ended or cancelled session keeps no wish for another time. */
    store: assign((_, params: { state: SessionState }) => ({ state: params.state, wishPending: false })),
  },
}).createMachine({
  id: "counsellingSession",
  context: ({ input }) => {
    const startsAt = instant(input.dateTime)
    return {
      startsAt,
      endsAt: startsAt + (input.durationMinutes ?? 0) * 60_000,
      now: input.now,
      noticeMs: (input.noticeHours ?? DEFAULT_NOTICE_HOURS) * 3_600_000,
      state: input.state ?? "scheduled",
      wishPending: input.wishPending ?? false,
    }
  },
  initial: "deciding",
  states: {
    deciding: {
      description: "Reads the stored state, then the clock: before the start, under way, or over.",
      always: [
        { guard: { type: "isStored", params: { state: "cancelled" } }, target: "cancelled" },
        { guard: { type: "isStored", params: { state: "completed" } }, target: "completed" },
        { guard: { type: "isStored", params: { state: "noShow" } }, target: "noShow" },
        { guard: "isUpcomingAndRescheduled", target: "rescheduled" },
        { guard: "isBeforeStart", target: "scheduled" },
        { guard: "isBeforeEnd", target: "inProgress" },
        { target: "awaitingOutcome" },
      ],
    },
    scheduled: {
      description: "Booked and upcoming: editable (Admin), movable, cancellable.",
      on: upcomingSteps(),
    },
    rescheduled: {
      description: "Moved to a new time and upcoming: the same steps as a scheduled session.",
      on: upcomingSteps(),
    },
    inProgress: {
      description: "Between its start and its end: the counsellor or an Admin may mark a no-show.",
      on: {
        "clock.tick": { target: "deciding", actions: "readClock" },
        "session.markNoShow": { guard: "isStaff", target: "noShow", actions: { type: "store", params: { state: "noShow" } } },
        "session.delete": { target: "deleted" },
      },
    },
    awaitingOutcome: {
      description: "Its end has passed: the counsellor or an Admin marks it completed or a no-show.",
      on: {
        "session.complete": { guard: "isStaff", target: "completed", actions: { type: "store", params: { state: "completed" } } },
        "session.markNoShow": { guard: "isStaff", target: "noShow", actions: { type: "store", params: { state: "noShow" } } },
        "session.delete": { target: "deleted" },
      },
    },
    cancelled: {
      description: "Cancelled before its start (late when inside the notice window); history only.",
      on: { "session.delete": { target: "deleted" } },
    },
    completed: { description: "Held; history only.", on: { "session.delete": { target: "deleted" } } },
    noShow: { description: "The client did not come; history only.", on: { "session.delete": { target: "deleted" } } },
    deleted: { description: "Removed (the spec's Delete).", type: "final" },
  },
})

/** The steps of an upcoming session, the same whether it was moved before or not. */
function upcomingSteps() {
  return {
    "clock.tick": { target: "deciding", actions: "readClock" },
    "session.edit": { target: "deciding", actions: "takeEditedStart" },
    "session.reschedule": { guard: "mayReschedule", target: "deciding", actions: "takeNewTime" },
    "session.requestReschedule": { guard: "mayRequestReschedule", actions: "noteWish" },
    "session.cancel": {
      guard: "mayCancel",
      target: "cancelled",
      actions: { type: "store", params: { state: "cancelled" } },
    },
    "session.delete": { target: "deleted" },
  } as const
}

export type SessionLifeSnapshot = ReturnType<typeof sessionLife>

/** The session as the machine sees it now. */
export const sessionLife = (input: SessionLifeInput) => getInitialSnapshot(counsellingSessionMachine, input)

/** 'upcoming' when the start is later than `now`, else 'past' (the spec's split, by the clock alone). */
export const sessionStatus = (dateTime: string | number | Date, now: number): SessionStatus => (instant(dateTime) > now ? "upcoming" : "past")

/** Only upcoming sessions that are still on can be edited (spec sections 2 and 4). */
export const canEditSession = (dateTime: string | number | Date, now: number, state: SessionState = "scheduled"): boolean =>
  sessionLife({ dateTime, now, state }).can({ type: "session.edit", dateTime })

/** A cancellation inside the notice window is accepted but marked late. */
export const isLateCancellation = (snapshot: SessionLifeSnapshot): boolean => snapshot.context.startsAt - snapshot.context.now <= snapshot.context.noticeMs

export const PAST_SESSION_MESSAGE = "Only upcoming sessions can be edited."
export const MISSING_MEETING_KEY_MESSAGE = "Missing meeting key."
export const CANCELLED_SESSION_MESSAGE = "A cancelled session can no longer be edited."

export interface Refusal {
  status: 403 | 409
  message: string
}

const hoursOf = (snapshot: SessionLifeSnapshot) => Math.round(snapshot.context.noticeMs / 3_600_000)

/** What a session in a final or running state says to a step before its start. */
function notUpcoming(snapshot: SessionLifeSnapshot): string {
  if (snapshot.matches("cancelled")) return "This session was cancelled."
  if (snapshot.matches("completed") || snapshot.matches("noShow")) return "This session is over and its outcome is recorded."
  return "This session has already started."
}

/**
 * Why the machine refuses a step, in words for the answer (403: not this person's step; 409: not now);
 * null when it accepts it. The checks are the machine's guards, in the order a person would want them.
 */
export function refusalOf(snapshot: SessionLifeSnapshot, event: SessionLifecycleEvent): Refusal | null {
  if (snapshot.can(event)) return null
  const by = byOf(event)
  const upcoming = snapshot.matches("scheduled") || snapshot.matches("rescheduled")
  switch (event.type) {
    case "session.reschedule":
      if (by === "client") return { status: 403, message: "A client can ask for a new time, not set one." }
      if (!upcoming) return { status: 409, message: notUpcoming(snapshot) }
      if (instant(event.dateTime) <= snapshot.context.now) return { status: 409, message: "time: the session must start in the future" }
      return { status: 409, message: `Sessions starting within ${hoursOf(snapshot)} hours can only be rescheduled by an Admin.` }
    case "session.requestReschedule":
      if (by !== "client") return { status: 403, message: "Only the client asks for a new time; the counsellor or an Admin reschedules directly." }
      if (!upcoming) return { status: 409, message: notUpcoming(snapshot) }
      return { status: 409, message: `Sessions starting within ${hoursOf(snapshot)} hours cannot be moved any more; please contact your counsellor.` }
    case "session.cancel":
      if (!upcoming) return { status: 409, message: notUpcoming(snapshot) }
      return { status: 409, message: "reason: please say why the session is cancelled" }
    case "session.markNoShow":
      if (by === "client") return { status: 403, message: "Only the counsellor or an Admin can mark a no-show." }
      if (upcoming) return { status: 409, message: "A no-show can be marked once the session has started." }
      return { status: 409, message: "This session's outcome is already recorded." }
    case "session.complete":
      if (by === "client") return { status: 403, message: "Only the counsellor or an Admin can mark a session completed." }
      if (upcoming || snapshot.matches("inProgress")) return { status: 409, message: "A session can be marked completed once it has ended." }
      return { status: 409, message: "This session's outcome is already recorded." }
    case "session.edit":
      return { status: 409, message: snapshot.matches("cancelled") ? CANCELLED_SESSION_MESSAGE : PAST_SESSION_MESSAGE }
    default:
      return { status: 409, message: notUpcoming(snapshot) }
  }
}
