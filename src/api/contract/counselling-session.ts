import { Schema } from "effect"
import { Id, IsoDateTime, NonEmptyTrimmed, PageParam, Role } from "./common.ts"

/** Upcoming or past, decided by comparing dateTime with now (src/machines/counselling-session.machine.ts). */
export const sessionStatuses = ["upcoming", "past"] as const
export const SessionStatus = Schema.Literals(sessionStatuses)
export type SessionStatus = typeof SessionStatus.Type

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
})
export type CounsellingSession = typeof CounsellingSession.Type

/** `YYYY-MM-DD`, a real calendar date. */
export const SessionDate = Schema.String.check(
  Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date (YYYY-MM-DD)" }),
  Schema.makeFilter((s: string) => {
    const day = new Date(`${s}T00:00:00Z`)
    return (!Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === s) || "must be a real calendar date"
  }),
)

/**
 * `HH:mm` followed by the UTC offset of the admin's zone on that date, e.g. `14:30+05:30` or
 * `09:00Z`. The console's form reads wall-clock time in the browser's zone and adds the offset
 * in force at that moment, so a date across a daylight-saving change still names one instant.
 */
export const SessionTime = Schema.String.check(
  Schema.isPattern(/^([01]\d|2[0-3]):[0-5]\d(Z|[+-](0\d|1[0-4]):[0-5]\d)$/, { message: "must be a time with its zone offset (HH:mm+HH:MM)" }),
)

/** The instant named by a session's `date` and `time` (both already valid). */
export const sessionInstant = (date: string, time: string): Date => new Date(`${date}T${time.replace(/^(\d{2}:\d{2})/, "$1:00")}`)

const Duration = Schema.Number.check(
  Schema.isInt({ message: "must be a whole number of minutes" }),
  Schema.isBetween({ minimum: 5, maximum: 480 }, { message: "must be between 5 and 480 minutes" }),
)
const Note = Schema.optional(Schema.NullOr(Schema.Trim.check(Schema.isMaxLength(2000, { message: "must be at most 2000 characters" }))))
const Topic = NonEmptyTrimmed.check(Schema.isMaxLength(200, { message: "must be at most 200 characters" }))
const Agenda = NonEmptyTrimmed.check(Schema.isMaxLength(2000, { message: "must be at most 2000 characters" }))

/** POST /counselling/create: the spec's fields; `date` + `time` (with offset) name the start instant. */
export const CreateSessionRequest = Schema.Struct({
  userId: Id,
  counsellorId: Id,
  date: SessionDate,
  time: SessionTime,
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
  topic: Topic,
  agenda: Agenda,
  duration: Duration,
  note: Note,
})
export type UpdateSessionRequest = typeof UpdateSessionRequest.Type

/** Paging for session lists; the dashboard asks for page 1, limit 5000. `status` keeps only upcoming or past sessions. */
export const SessionListQuery = Schema.Struct({
  page: PageParam,
  limit: PageParam,
  status: Schema.optional(SessionStatus),
})
export type SessionListQuery = typeof SessionListQuery.Type

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
