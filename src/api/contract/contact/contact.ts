import { Schema } from "effect"
import { dayRangeFields, Id, isOneOf, IsoDateTime, PageParam, QueryText, StoredEmail } from "../common.ts"
import { trimmedText } from "../text.ts"

const Text = (max: number) => trimmedText({ required: true, max })

/** A contact enquiry from the marketing site (spec section 3: Enquiry). */
export const Enquiry = Schema.Struct({
  _id: Id,
  name: Schema.String,
  email: Schema.String,
  number: Schema.String,
  city: Schema.String,
  state: Schema.String,
  message: Schema.NullOr(Schema.String),
  createdAt: IsoDateTime,
})
export type Enquiry = typeof Enquiry.Type

/** All Enquiries' orders (issue 26): by name, letter case ignored, or by when sent; newest first unless told. */
export const enquirySorts = ["name", "-name", "createdAt", "-createdAt"] as const
export type EnquirySort = (typeof enquirySorts)[number]
export const isEnquirySort = isOneOf(enquirySorts)

/** All Enquiries' Received filter (issue 26): enquiries sent from `from` (inclusive) and before `to` (exclusive), either alone. */
export const EnquiryQuery = Schema.Struct({
  page: PageParam,
  limit: PageParam,
  search: Schema.optional(QueryText),
  sort: Schema.optional(Schema.Literals(enquirySorts)),
  ...dayRangeFields("enquiries sent"),
})
export type EnquiryQuery = typeof EnquiryQuery.Type

/** GET /contact/fetchEnquiry: reads `enquiry` and `totalRecords` (spec section 7). */
export const EnquiryListAnswer = Schema.Struct({
  success: Schema.Boolean,
  enquiry: Schema.Array(Enquiry),
  totalRecords: Schema.Number,
})
export type EnquiryListAnswer = typeof EnquiryListAnswer.Type

/** POST /contact/create (public, the marketing site's contact form). */
export const CreateEnquiryRequest = Schema.Struct({
  name: Text(100),
  email: StoredEmail,
  number: trimmedText({ pattern: { re: /^\+?[0-9][0-9 -]{6,18}[0-9]$/, message: "must be a phone number (digits, spaces, dashes, optional leading +)" } }),
  city: Text(100),
  state: Text(100),
  message: Schema.optional(Schema.NullOr(trimmedText({ max: 2000 }))),
})
export type CreateEnquiryRequest = typeof CreateEnquiryRequest.Type

export const CreateEnquiryAnswer = Schema.Struct({ success: Schema.Boolean, message: Schema.String, data: Enquiry })
