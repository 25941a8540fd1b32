import { Schema } from "effect"
import { trimmedText } from "../text.ts"
import { dayRangeFields, Email, Id, IsoDateTime, isOneOf, PageParam } from "../common.ts"
import { enquirySorts } from "../contact/contact.ts"

const Text = (max: number) => trimmedText({ required: true, max })
const OptionalText = (max: number) => Schema.optional(Schema.NullOr(trimmedText({ max })))

/** A phone number as people type it: digits with an optional +, spaces, dashes or brackets. */
export const PhoneNumber = trimmedText({ pattern: { re: /^\+?[0-9][0-9 ()-]{5,18}[0-9]$/, message: "must be a phone number (7 to 20 digits)" } })

/** An ISO-8601 instant with its zone (`2025-03-30T09:30:00.000Z` or `…+05:30`); stored in UTC. */
export const IsoInstant = Schema.String.check(
  Schema.isPattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/u, { message: "must be an ISO date-time with a zone" }),
  Schema.makeFilter((s: string) => !Number.isNaN(Date.parse(s)) || "must be a real date and time"),
)

/** A 1:1 counselling enquiry from the marketing site (spec section 3). */
export const CounsellingEnquiry = Schema.Struct({
  _id: Id,
  name: Schema.String,
  email: Schema.String,
  number: Schema.String,
  age: Schema.NullOr(Schema.Number),
  question1: Schema.String,
  otherQuestion1: Schema.NullOr(Schema.String),
  question2: Schema.String,
  otherQuestion2: Schema.NullOr(Schema.String),
  /** The date and time the client asked for, as a UTC instant. */
  dateTime: Schema.NullOr(IsoDateTime),
  createdAt: IsoDateTime,
  isAccessSend: Schema.Boolean,
})
export type CounsellingEnquiry = typeof CounsellingEnquiry.Type

/**
 * The public intake form of the marketing site (POST /enquiry/create). `otherQuestion1/2` carry the
 * free-text answer when the visitor picked "Other"; `dateTime` is the preferred slot as an ISO instant.
 */
export const NewCounsellingEnquiry = Schema.Struct({
  name: Text(120),
  email: Email,
  number: PhoneNumber,
  age: Schema.Number.check(
    Schema.isInt({ message: "must be a whole number" }),
    Schema.isBetween({ minimum: 1, maximum: 120 }, { message: "must be between 1 and 120" }),
  ),
  question1: Text(500),
  otherQuestion1: OptionalText(2000),
  question2: Text(500),
  otherQuestion2: OptionalText(2000),
  dateTime: IsoInstant,
})
export type NewCounsellingEnquiry = typeof NewCounsellingEnquiry.Type

/** GET /enquiry/fetch: `data.enquiry`, `totalRecords`, `totalPages`, `currentPage` (spec section 7). */
export const CounsellingEnquiryListAnswer = Schema.Struct({
  success: Schema.Boolean,
  data: Schema.Struct({ enquiry: Schema.Array(CounsellingEnquiry) }),
  totalRecords: Schema.Number,
  totalPages: Schema.Number,
  currentPage: Schema.Number,
})
export type CounsellingEnquiryListAnswer = typeof CounsellingEnquiryListAnswer.Type

/**
 * POST /user/sendUserLoginAccess. `enquiryId` decides everything: the account is made from the
 * enquiry's stored name, email and number; the other three fields are accepted as the spec lists
 * them but are informational only.
 */
export const SendAccessRequest = Schema.Struct({
  enquiryId: Id,
  name: Schema.optional(Schema.String),
  email: Schema.optional(Schema.String),
  number: Schema.optional(Schema.String),
})
export type SendAccessRequest = typeof SendAccessRequest.Type

/**
 * The 1:1 Counselling list's orders and filter (issue 26): by name (letter case ignored) or by when the enquiry came,
 * newest first unless told; `access` keeps the enquiries whose client was sent sign-in access, or those still waiting.
 */
export const counsellingEnquirySorts = enquirySorts
export type CounsellingEnquirySort = (typeof counsellingEnquirySorts)[number]
export const isCounsellingEnquirySort = isOneOf(counsellingEnquirySorts)
export const accessFilters = ["sent", "waiting"] as const
export type AccessFilter = (typeof accessFilters)[number]
export const isAccessFilter = isOneOf(accessFilters)
export const CounsellingEnquiryListQuery = Schema.Struct({
  page: PageParam,
  limit: PageParam,
  sort: Schema.optional(Schema.Literals(counsellingEnquirySorts)),
  access: Schema.optional(Schema.Literals(accessFilters)),
  ...dayRangeFields("enquiries received"),
})
export type CounsellingEnquiryListQuery = typeof CounsellingEnquiryListQuery.Type
