import { Schema } from "effect"
import { trimmedText } from "../text.ts"
import { dayRangeFields, Id, isOneOf, IsoDateTime, PageParam, Role } from "../common.ts"

/** Spec section 9: ticket types, attachment types and the rating scale. */
export const ticketTypes = ["Technical", "General"] as const
export const TicketType = Schema.Literals(ticketTypes)
export type TicketType = (typeof ticketTypes)[number]

/** The console refuses other file names before sending; the server checks the bytes (png or jpeg). */
export const ticketImageExtensions = [".png", ".jpg", ".jpeg"] as const
export const hasTicketImageExtension = (fileName: string): boolean => ticketImageExtensions.some((ext) => fileName.toLowerCase().endsWith(ext))

export const RATING_MIN = 1
export const RATING_MAX = 5

/** Longest query, question or answer accepted, so nobody can store a book in a ticket. */
export const TICKET_TEXT_MAX = 2000

export const TicketText = trimmedText({ required: true, max: TICKET_TEXT_MAX })

/** The human-readable ticket number shown to people and used by feedback, e.g. TKT-000123. */
export const TicketCode = Schema.String.check(Schema.isPattern(/^TKT-\d{6,}$/u, { message: "must look like TKT-000123" }))
export const ticketCode = (n: number): string => `TKT-${String(n).padStart(6, "0")}`

/** The number a search names (TKT-000123, tkt123 or 123), or null when it names none. */
export const ticketNumberOf = (search: string): number | null => {
  const digits = /^(?:tkt-?)?0*(\d{1,9})$/i.exec(search.trim())?.[1]
  return digits === undefined ? null : Number(digits)
}

/** A ticket's question cut to a line, for a search result. */
export const ticketGist = (query: string): string => (query.length > 60 ? `${query.slice(0, 60)}...` : query)

export const Rating = Schema.Number.check(
  Schema.isInt({ message: "must be a whole number from 1 to 5" }),
  Schema.isBetween({ minimum: RATING_MIN, maximum: RATING_MAX }, { message: "must be a whole number from 1 to 5" }),
)

/**
 * A support ticket (spec section 3). `_id` and `queryId` are both the row id (the spec uses
 * queryId in /ticket/{queryId}); `ticketId` is the human-readable number. `status` true means
 * Closed. `name`, `role` and `userId` are the raiser's. `hasImage` says whether an attachment can
 * be fetched from GET /userQuery/attachment/{queryId}.
 */
export const Ticket = Schema.Struct({
  _id: Id,
  queryId: Id,
  ticketId: TicketCode,
  ticketType: TicketType,
  query: Schema.String,
  createdAt: IsoDateTime,
  status: Schema.Boolean,
  userId: Id,
  name: Schema.String,
  role: Role,
  userRating: Schema.NullOr(Rating),
  userReview: Schema.NullOr(Schema.String),
  hasImage: Schema.Boolean,
})
export type Ticket = typeof Ticket.Type

/**
 * One chat message. The raiser's messages carry `question`, the Admin's carry `answer`
 * (the other is null). `addedBy` is who wrote it.
 */
export const TicketResponse = Schema.Struct({
  _id: Id,
  question: Schema.NullOr(Schema.String),
  answer: Schema.NullOr(Schema.String),
  createdAt: IsoDateTime,
  addedBy: Schema.Struct({ _id: Id, name: Schema.String, role: Role }),
})
export type TicketResponse = typeof TicketResponse.Type

/** A ticket with its whole conversation, oldest message first: what Ticket Details shows. */
export const TicketThread = Schema.Struct({ ...Ticket.fields, responses: Schema.Array(TicketResponse) })
export type TicketThread = typeof TicketThread.Type

export const TicketPagination = Schema.Struct({
  total: Schema.Number,
  page: Schema.Number,
  limit: Schema.Number,
  totalPages: Schema.Number,
})

/** The tickets a list may be narrowed to: those still open, or those closed. */
export const ticketStates = ["open", "closed"] as const
export type TicketState = (typeof ticketStates)[number]
export const isTicketState = isOneOf(ticketStates)

/** My Tickets' orders (issue 26): by when raised, newest first unless told; oldest first works a queue in the order it came. */
export const ticketSorts = ["createdAt", "-createdAt"] as const
export type TicketSort = (typeof ticketSorts)[number]
export const isTicketSort = isOneOf(ticketSorts)

/**
 * GET /userQuery/get?page&limit (default limit 10, at most 100); no search. `state` keeps the open or the closed tickets only;
 * `sort` orders them (newest first without it).
 */
export const TicketListQuery = Schema.Struct({
  page: PageParam,
  limit: PageParam,
  state: Schema.optional(Schema.Literals(ticketStates)),
  sort: Schema.optional(Schema.Literals(ticketSorts)),
  ...dayRangeFields("tickets raised"),
})

/** GET /userQuery/get: newest first, or in `sort`'s order; the Admin gets every ticket, anybody else only their own. */
export const TicketListAnswer = Schema.Struct({
  success: Schema.Boolean,
  data: Schema.Array(Ticket),
  pagination: TicketPagination,
})
export type TicketListAnswer = typeof TicketListAnswer.Type

/** POST /userQuery/create: multipart text fields; the optional file goes in the `image` part. */
export const CreateTicketFields = Schema.Struct({ ticketType: TicketType, query: TicketText })
export type CreateTicketFields = typeof CreateTicketFields.Type

export const TicketAnswer = Schema.Struct({ success: Schema.Boolean, message: Schema.String, data: Ticket })
export type TicketAnswer = typeof TicketAnswer.Type

export const TicketThreadAnswer = Schema.Struct({ success: Schema.Boolean, data: TicketThread })
export type TicketThreadAnswer = typeof TicketThreadAnswer.Type

export const ThreadChangeAnswer = Schema.Struct({ success: Schema.Boolean, message: Schema.String, data: TicketThread })
export type ThreadChangeAnswer = typeof ThreadChangeAnswer.Type

/** PATCH /userQuery/update closes the ticket named by `queryId` (spec section 7). */
export const CloseTicketRequest = Schema.Struct({ queryId: Id })

/**
 * POST /userQuery/addResponse {question, answer, queryId} (spec section 7): the raiser sends
 * `question`, the Admin sends `answer`; the other field is left out (or empty).
 */
const OptionalMessage = Schema.optional(
  Schema.NullOr(Schema.String.check(Schema.isMaxLength(TICKET_TEXT_MAX, { message: `must be at most ${TICKET_TEXT_MAX} characters` }))),
)
export const AddResponseRequest = Schema.Struct({ question: OptionalMessage, answer: OptionalMessage, queryId: Id }).annotate({
  description: "The raiser sends `question` and the Admin sends `answer` (required for each, not blank); the other field is left out, null or empty.",
})
export type AddResponseRequest = typeof AddResponseRequest.Type

export const QueryIdParams = Schema.Struct({ queryId: Id })

/** Feedback (spec section 3): rating 1 to 5, remark, ticketId (the TKT- number). */
export const FeedbackRequest = Schema.Struct({
  rating: Rating,
  remark: TicketText,
  ticketId: TicketCode,
})
export type FeedbackRequest = typeof FeedbackRequest.Type

/** The attachment call answers the image bytes themselves, not JSON. */
export const ImageBytes = Schema.Unknown
