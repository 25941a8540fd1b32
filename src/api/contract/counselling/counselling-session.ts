import { Schema } from "effect"
import { trimmedText } from "../text.ts"
import { Id, isOneOf, IsoDateTime, PageParam, PageQuery, RangeInstant, Role } from "../common.ts"
import { TimeZone } from "../account/time-zone.ts"
import { zonedInstant } from "../zone-offset.ts"

export { TimeZone }

/** Upcoming or past, decided by comparing dateTime with now (src/machines/counselling/counselling-session.machine.ts). */
export const sessionStatuses = ["upcoming", "past"] as const
export const SessionStatus = Schema.Literals(sessionStatuses)
export type SessionStatus = typeof SessionStatus.Type

/**
 * Where a session is in its life (issue 24, the machine in src/machines/counselling/counselling-session.machine.ts):
 * booked, moved, or ended one of three ways. Whether it is under way is a matter of time, not stored.
 */
export const sessionStates = ["scheduled", "rescheduled", "cancelled", "completed", "noShow"] as const
export const SessionState = Schema.Literals(sessionStates)
export type SessionState = typeof SessionState.Type
export const sessionStateLabels: Record<SessionState, string> = {
  scheduled: "Scheduled",
  rescheduled: "Rescheduled",
  cancelled: "Cancelled",
  completed: "Completed",
  noShow: "No-show",
}

/** "Cancelled (late)", "Rescheduled": a session's place in its life, in words (screens and CSV alike). */
export const sessionStateText = (session: { state: SessionState; cancelledLate: boolean }): string =>
  session.state === "cancelled" && session.cancelledLate ? "Cancelled (late)" : sessionStateLabels[session.state]

/** A client's wish to move a session, until the counsellor or an Admin moves it (or it starts). */
export const RescheduleWish = Schema.Struct({
  /** The start the client asks for, a UTC instant. */
  dateTime: IsoDateTime,
  reason: Schema.String,
  requestedAt: IsoDateTime,
})
export type RescheduleWish = typeof RescheduleWish.Type

/** A counselling session as every list and modal shows it (spec section 3). */
export const CounsellingSession = Schema.Struct({
  _id: Id,
  userId: Id,
  counsellorId: Id,
  name: Schema.String,
  email: Schema.String,
  number: Schema.NullOr(Schema.String),
  counsellor: Schema.Struct({ name: Schema.String, role: Role }),
  counsellorName: Schema.String,
  counsellorRole: Role,
  status: SessionStatus,
  topic: Schema.String,
  agenda: Schema.String,
  note: Schema.NullOr(Schema.String),
  /** Minutes. */
  duration: Schema.Number,
  /** The meeting provider's room key; null only for sessions made without a meeting. */
  meetingKey: Schema.NullOr(Schema.String),
  /** The start, a UTC instant; consoles show it in the viewer's time zone. */
  dateTime: IsoDateTime,
  joinLink: Schema.NullOr(Schema.String),
  startLink: Schema.NullOr(Schema.String),
  /** The client's age when the session was booked (from their counselling enquiry), null when unknown. */
  bookingAge: Schema.NullOr(Schema.Number),
  createdAt: IsoDateTime,
  /** Its place in the lifecycle; `status` stays the spec's upcoming or past by the clock. */
  state: SessionState,
  /** Why it was last moved or cancelled, as the person who did it wrote it. */
  stateReason: Schema.NullOr(Schema.String),
  /** A cancellation made inside the notice window. */
  cancelledLate: Schema.Boolean,
  rescheduleWish: Schema.NullOr(RescheduleWish),
})
export type CounsellingSession = typeof CounsellingSession.Type

/** `YYYY-MM-DD`, a real calendar date. */
export const SessionDate = Schema.String.check(
  Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/u, { message: "must be a date (YYYY-MM-DD)" }),
  Schema.makeFilter(
    (s: string) => {
      const day = new Date(`${s}T00:00:00Z`)
      return (!Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === s) || "must be a real calendar date"
    },
    { toJsonSchema: () => ({ format: "date" }) },
  ),
)

/**
 * `HH:mm`, the spec's plain wall-clock time, or `HH:mm` followed by the UTC offset in force on that date
 * (`14:30+05:30`, `09:00Z`), which is what the console sends: it reads the time in the browser's zone and
 * adds the offset, so a date across a daylight-saving change still names one instant. A plain time is
 * read in the request's `timeZone` (UTC when it names none).
 */
export const SessionTime = Schema.String.check(
  Schema.isPattern(/^([01]\d|2[0-3]):[0-5]\d(Z|[+-](0\d|1[0-4]):[0-5]\d)?$/u, {
    message: "must be a time (HH:mm), with its zone offset if you like (HH:mm+HH:MM)",
  }),
)

/** The instant named by a session's `date` and `time` (both already valid), a plain time read in `timeZone`. */
export const sessionInstant = (date: string, time: string, timeZone = "UTC"): Date =>
  time.length === 5 ? zonedInstant(date, time, timeZone) : new Date(`${date}T${time.replace(/^(\d{2}:\d{2})/, "$1:00")}`)

/** A session's length in minutes; the console's form checks the same bounds before it calls. */
export const SESSION_MINUTES = { minimum: 5, maximum: 480 } as const
const Duration = Schema.Number.check(
  Schema.isInt({ message: "must be a whole number of minutes" }),
  Schema.isBetween(SESSION_MINUTES, { message: `must be between ${SESSION_MINUTES.minimum} and ${SESSION_MINUTES.maximum} minutes` }),
)
const Note = Schema.optional(Schema.NullOr(trimmedText({ max: 2000 })))
const Topic = trimmedText({ required: true, max: 200 })
const Agenda = trimmedText({ required: true, max: 2000 })

/** POST /counselling/create: the spec's fields; `date` + `time` (+ `timeZone` for a plain time) name the start instant. */
export const CreateSessionRequest = Schema.Struct({
  userId: Id,
  counsellorId: Id,
  date: SessionDate,
  time: SessionTime,
  timeZone: Schema.optional(TimeZone),
  topic: Topic,
  agenda: Agenda,
  duration: Duration,
  note: Note,
})
export type CreateSessionRequest = typeof CreateSessionRequest.Type

/** PATCH /counselling/update/{id} (the id is the session's `_id`): the spec's update fields. */
export const UpdateSessionRequest = Schema.Struct({
  date: SessionDate,
  time: SessionTime,
  timeZone: Schema.optional(TimeZone),
  topic: Topic,
  agenda: Agenda,
  duration: Duration,
  note: Note,
})
export type UpdateSessionRequest = typeof UpdateSessionRequest.Type

const Reason = trimmedText({ required: true, max: 500 })

/** POST /counselling/session/{id}/reschedule (Admin or the counsellor) and /reschedule-request (the client). */
export const RescheduleRequest = Schema.Struct({
  date: SessionDate,
  time: SessionTime,
  timeZone: Schema.optional(TimeZone),
  reason: Reason,
})
export type RescheduleRequest = typeof RescheduleRequest.Type

/** POST /counselling/session/{id}/cancel (Admin, the counsellor or the client). */
export const CancelSessionRequest = Schema.Struct({ reason: Reason })
export type CancelSessionRequest = typeof CancelSessionRequest.Type

/** One step of a session's life, as its History shows it. */
export const SessionHistoryEntry = Schema.Struct({
  /** `counsellingSession.created`, `.updated`, `.rescheduled`, `.rescheduleRequested`, `.cancelled`, `.noShow`, `.completed`. */
  type: Schema.String,
  at: IsoDateTime,
  /** Who did it, by name, or null for the system. */
  actor: Schema.NullOr(Schema.String),
  /** The step in words: "Rescheduled from 2030-01-05 10:00 UTC to 2030-01-06 11:00 UTC". */
  summary: Schema.String,
  reason: Schema.NullOr(Schema.String),
})
export type SessionHistoryEntry = typeof SessionHistoryEntry.Type
export const SessionHistoryAnswer = Schema.Struct({ success: Schema.Boolean, data: Schema.Array(SessionHistoryEntry) })
export type SessionHistoryAnswer = typeof SessionHistoryAnswer.Type

/** The longest range a calendar asks for: a month's grid of six weeks, and a little more. */
export const MAX_RANGE_DAYS = 45
/**
 * A calendar's range (or All Sessions' Starts days): sessions starting from `from` (inclusive) to `to` (exclusive),
 * earliest first unless All Sessions' `sort` says. Both or neither; without them a list is paged as the spec says.
 */
const RangeFields = {
  from: Schema.optional(RangeInstant.annotate({ description: "The range's start: given with `to`, or neither" })),
  to: Schema.optional(
    RangeInstant.annotate({ description: `The range's end: given with \`from\`, or neither; after it and at most ${MAX_RANGE_DAYS} days after it` }),
  ),
}

/** Paging for session lists; the dashboard asks for page 1, limit 5000. `status` keeps only upcoming or past sessions. */
export const SessionListQuery = Schema.Struct({
  page: PageParam,
  limit: PageParam,
  status: Schema.optional(SessionStatus),
  ...RangeFields,
})
export type SessionListQuery = typeof SessionListQuery.Type

/** Everyone's sessions by session date, earliest first or ("-") latest first; without: most recently booked first. */
export const sessionSorts = ["dateTime", "-dateTime"] as const
export type SessionSort = (typeof sessionSorts)[number]
export const isSessionSort = isOneOf(sessionSorts)
export const isSessionState = isOneOf(sessionStates)
/** All Sessions' State filter (issue 26): only the sessions in one place of their lifecycle. */
export const AllSessionsQuery = Schema.Struct({
  ...PageQuery.fields,
  sort: Schema.optional(Schema.Literals(sessionSorts)),
  state: Schema.optional(SessionState),
  ...RangeFields,
})
export type AllSessionsQuery = typeof AllSessionsQuery.Type

/** `data.counsellingSessions`, `currentPage`, `totalPages`, `totalRecords` (spec section 7). */
export const SessionListAnswer = Schema.Struct({
  success: Schema.Boolean,
  data: Schema.Struct({ counsellingSessions: Schema.Array(CounsellingSession) }),
  totalRecords: Schema.Number,
  totalPages: Schema.Number,
  currentPage: Schema.Number,
})
export type SessionListAnswer = typeof SessionListAnswer.Type

export const SessionAnswer = Schema.Struct({ success: Schema.Boolean, message: Schema.String, data: CounsellingSession })
export type SessionAnswer = typeof SessionAnswer.Type

export const SessionIdParams = Schema.Struct({ id: Id })
export const MeetingKeyParams = Schema.Struct({ meetingKey: Id })
