import { Schema } from "effect"
import { trimmedText } from "./text.ts"
import { Id, IsoDateTime, PageParam, PageQuery, Role } from "./common.ts"

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
  Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/u, { message: "must be a date (YYYY-MM-DD)" }),
  Schema.makeFilter((s: string) => {
    const day = new Date(`${s}T00:00:00Z`)
    return (!Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === s) || "must be a real calendar date"
  }, { toJsonSchema: () => ({ format: "date" }) }),
)

/**
 * `HH:mm`, the spec's plain wall-clock time, or `HH:mm` followed by the UTC offset in force on that date
 * (`14:30+05:30`, `09:00Z`), which is what the console sends: it reads the time in the browser's zone and
 * adds the offset, so a date across a daylight-saving change still names one instant. A plain time is
 * read in the request's `timeZone` (UTC when it names none).
 */
export const SessionTime = Schema.String.check(
  Schema.isPattern(/^([01]\d|2[0-3]):[0-5]\d(Z|[+-](0\d|1[0-4]):[0-5]\d)?$/u, { message: "must be a time (HH:mm), with its zone offset if you like (HH:mm+HH:MM)" }),
)

const isTimeZone = (name: string): boolean => {
  try {
    return name.length <= 64 && new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone.length > 0
  } catch {
    return false
  }
}

/** An IANA time zone (`Asia/Kolkata`, `Europe/Berlin`, `UTC`): where a plain `HH:mm` is read. */
export const TimeZone = Schema.String.check(
  Schema.makeFilter((name: string) => isTimeZone(name) || "must be a time zone name such as Asia/Kolkata", {
    toJsonSchema: () => ({ maxLength: 64, description: "An IANA time zone name the server's time zone database knows (Asia/Kolkata, Europe/Berlin, UTC)." }),
  }),
)

/** Minutes the zone's clocks are ahead of UTC at an instant. */
function zoneOffsetMinutes(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" }).formatToParts(at)
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value)
  const wallClockAsUtc = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"))
  return Math.round((wallClockAsUtc - Math.floor(at / 1000) * 1000) / 60_000)
}

/**
 * The instant a wall-clock `date` and `HH:mm` name in a zone. The offset is read at the naive instant and
 * read again where that lands, which settles it on both sides of a daylight-saving change; a time the
 * change skips (02:30 on a spring-forward night) lands an hour later, as calendars place it.
 */
function zonedInstant(date: string, time: string, timeZone: string): Date {
  const naive = Date.parse(`${date}T${time}:00Z`)
  const first = naive - zoneOffsetMinutes(timeZone, naive) * 60_000
  const settled = naive - zoneOffsetMinutes(timeZone, first) * 60_000
  return new Date(zoneOffsetMinutes(timeZone, settled) === zoneOffsetMinutes(timeZone, first) ? settled : Math.max(first, settled))
}

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

/** Paging for session lists; the dashboard asks for page 1, limit 5000. `status` keeps only upcoming or past sessions. */
export const SessionListQuery = Schema.Struct({
  page: PageParam,
  limit: PageParam,
  status: Schema.optional(SessionStatus),
})
export type SessionListQuery = typeof SessionListQuery.Type

/** Everyone's sessions by session date, earliest first or ("-") latest first; without: most recently booked first. */
export const sessionSorts = ["dateTime", "-dateTime"] as const
export type SessionSort = (typeof sessionSorts)[number]
export const isSessionSort = (sort: string | undefined): sort is SessionSort => (sessionSorts as readonly string[]).includes(sort ?? "")
export const AllSessionsQuery = Schema.Struct({ ...PageQuery.fields, sort: Schema.optional(Schema.Literals(sessionSorts)) })
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
