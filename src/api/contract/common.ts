import { Schema, SchemaTransformation } from "effect"
import { trimmedText } from "./text.ts"

/** Every role of the product (spec section 6). */
export const roles = ["Admin", "Editor", "User", "Lawyer", "Counsellor", "YogaTeacher", "Nutritionist", "ImageConsultant"] as const
export const Role = Schema.Literals(roles)
export type Role = typeof Role.Type

/**
 * Whether a text read from outside the types (an address, a form, a stored preference) is one of `values`, the
 * members of a literal union: the guard every list of sorts, states and roles uses.
 */
export const isOneOf =
  <const T extends string>(values: readonly T[]) =>
  (value: string | undefined): value is T =>
    (values as readonly string[]).includes(value ?? "")

/** The roles a vendor can have; they share the vendor screens. */
export const vendorRoles = ["Lawyer", "Counsellor", "YogaTeacher", "Nutritionist", "ImageConsultant"] as const
export type VendorRole = (typeof vendorRoles)[number]
export const isVendorRole = isOneOf(vendorRoles)

/** Vendor approval status values (spec section 4); 'Approve' is displayed 'Approved'. */
export const vendorStatuses = ["Under Review", "Approve", "Temp Approve", "Reject"] as const
export const VendorStatus = Schema.Literals(vendorStatuses)
export type VendorStatus = typeof VendorStatus.Type
/** The refusal of a status outside the list, naming the list. */
export const notAVendorStatus = (value: string): string => `'${value}' is not a vendor status; use one of ${vendorStatuses.join(", ")}.`
/**
 * A status a client asks for, trimmed: one of the list, else refused with 400 in words that name the list
 * (the API document shows the list). Typed as the list on both sides, which is what a client following
 * the document sends: a plain Literals could not say which text was refused, nor 'is required' for a
 * blank one.
 */
export const RequestedVendorStatus: Schema.Codec<VendorStatus> = Schema.String.check(
  Schema.makeFilter(
    (value: string) => {
      const status = value.trim()
      return (vendorStatuses as readonly string[]).includes(status) || (status ? notAVendorStatus(status) : "is required")
    },
    { toJsonSchema: () => ({ enum: [...vendorStatuses] }) },
  ),
).pipe(Schema.decodeTo(Schema.Trimmed, SchemaTransformation.trim())) as unknown as Schema.Codec<VendorStatus>

export const Id = Schema.String.check(Schema.isNonEmpty())
export const IsoDateTime = Schema.String
/** An instant with its zone, `2030-01-06T00:00:00.000Z` or `2030-01-06T00:00:00+05:30`: the bound of a list's or a calendar's range. */
export const RangeInstant = Schema.String.check(
  Schema.isPattern(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/u, {
    message: "must be a date and time with its zone (ISO 8601)",
  }),
)

/**
 * A list's days as its query carries them (issue 26: All Enquiries' Received, My Tickets' Raised, the people lists'
 * Joined…): `from` inclusive, `to` exclusive, either alone; `what` names the rows, "tickets raised".
 */
export const dayRangeFields = (what: string) => ({
  from: Schema.optional(RangeInstant.annotate({ description: `Only ${what} at or after this instant` })),
  to: Schema.optional(RangeInstant.annotate({ description: `Only ${what} before this instant; later than \`from\` when both are given` })),
})

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const EMAIL_RULE = { re: EMAIL_PATTERN, message: "must be a valid email address" }
export const Email = trimmedText({ pattern: EMAIL_RULE })
/** An email address the server keeps: at most 254 characters (RFC 5321). */
export const StoredEmail = trimmedText({ max: 254, pattern: EMAIL_RULE })
/** The same rule as `Email`, for a form that checks before it calls. */
export const isEmail = (text: string): boolean => EMAIL_PATTERN.test(text.trim())
export const NonEmptyTrimmed = trimmedText({ required: true })

/** Query-string numbers arrive as text. */
export const PageParam = Schema.optional(Schema.FiniteFromString.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1)))

/**
 * A free-text field of a query string (a search, a filter): bounded, so the work one request can ask
 * for is bounded too (a 10,000-character search cost seconds of the database's time).
 */
export const QUERY_TEXT_MAX_LENGTH = 100
export const QueryText = Schema.String.check(Schema.isMaxLength(QUERY_TEXT_MAX_LENGTH, { message: `must be at most ${QUERY_TEXT_MAX_LENGTH} characters` }))

export const PageQuery = Schema.Struct({
  page: PageParam,
  limit: PageParam,
  search: Schema.optional(QueryText),
})
export type PageQuery = typeof PageQuery.Type

/** Answers that only carry a message. */
export const MessageAnswer = Schema.Struct({
  success: Schema.optional(Schema.Boolean),
  message: Schema.String,
})
export type MessageAnswer = typeof MessageAnswer.Type

/** Every error the server sends. */
export const ErrorAnswer = Schema.Struct({ success: Schema.Literal(false), message: Schema.String })
export type ErrorAnswer = typeof ErrorAnswer.Type

export const NoBody = Schema.Struct({})
