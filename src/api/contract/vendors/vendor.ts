import { Schema } from "effect"
import {
  dayRangeFields,
  IsoDateTime,
  isOneOf,
  NonEmptyTrimmed,
  PageParam,
  PageQuery,
  QueryText,
  RequestedVendorStatus,
  VendorStatus,
  vendorRoles,
} from "../common.ts"
import { Person, PersonListItem } from "../account/user.ts"
import { trimmedText } from "../text.ts"

/** The roles that have an "active people" list (spec section 2, Role list pages). */
export const listRoles = ["Lawyer", "Counsellor", "Nutritionist", "YogaTeacher", "User", "ImageConsultant"] as const
export const ListRole = Schema.Literals(listRoles)
export type ListRole = typeof ListRole.Type

export const RoleListParams = Schema.Struct({ role: ListRole })

/**
 * How a people list may be ordered, from its Name and Date | Time headers: A-Z or Z-A by name (letter case
 * ignored), oldest or newest first. Without one a list shows its newest people first, as before.
 */
export const peopleSorts = ["name", "-name", "createdAt", "-createdAt"] as const
export type PeopleSort = (typeof peopleSorts)[number]
export const isPeopleSort = isOneOf(peopleSorts)

/** The people lists' Joined days (issue 26): people who signed up from `from` (inclusive) and before `to` (exclusive), either alone. */
const joinedFields = dayRangeFields("people who joined")

/**
 * Query of the role lists. `organizationId` scopes the list to one organization (the Active
 * ImageConsultants list passes the signed-in admin's); without it every organization is listed.
 */
export const RoleListQuery = Schema.Struct({
  page: PageParam,
  limit: PageParam,
  search: Schema.optional(QueryText),
  organizationId: Schema.optional(QueryText),
  sort: Schema.optional(Schema.Literals(peopleSorts)),
  ...joinedFields,
})
export type RoleListQuery = typeof RoleListQuery.Type

/** Answer of every people list (spec section 7: reads `data` and `totalRecords`). */
export const PeopleListAnswer = Schema.Struct({
  success: Schema.Boolean,
  data: Schema.Array(PersonListItem),
  totalRecords: Schema.Number,
  /** Present (true) when a search matched more people than were counted: totalRecords is then a lower bound. */
  totalCapped: Schema.optional(Schema.Boolean),
})
export type PeopleListAnswer = typeof PeopleListAnswer.Type

/** The three review lists: GET /user/allUsers/pending | temp | reject. */
export const reviewListKinds = ["pending", "temp", "reject"] as const
export const ReviewListKind = Schema.Literals(reviewListKinds)
export type ReviewListKind = typeof ReviewListKind.Type
export const ReviewListParams = Schema.Struct({ kind: ReviewListKind })
/** A review list's query: its paging, search and order, `role` to show the vendors of one role only, and the Joined days. */
export const ReviewListQuery = Schema.Struct({
  ...PageQuery.fields,
  sort: Schema.optional(Schema.Literals(peopleSorts)),
  role: Schema.optional(Schema.Literals(vendorRoles)),
  ...joinedFields,
})
export type ReviewListQuery = typeof ReviewListQuery.Type

/** Which vendor status each review list shows. */
export const statusOfReviewList: Record<ReviewListKind, VendorStatus> = {
  pending: "Under Review",
  temp: "Temp Approve",
  reject: "Reject",
}

/**
 * PATCH /user/updateUser. A status outside the list is bad input (400, like any other invalid value);
 * whether a listed one is a legal move from the vendor's status the vendor status machine decides (409).
 * `organizationId`, when given, must be the vendor's organization (the row the admin looked at).
 */
export const UpdateUserStatusRequest = Schema.Struct({
  status: RequestedVendorStatus,
  organizationId: Schema.optional(Schema.NullOr(Schema.String)),
  userId: NonEmptyTrimmed,
})
export type UpdateUserStatusRequest = typeof UpdateUserStatusRequest.Type

export const UpdateUserStatusAnswer = Schema.Struct({
  success: Schema.Boolean,
  message: Schema.String,
  data: PersonListItem,
})

export const VendorIdParams = Schema.Struct({ id: NonEmptyTrimmed })

/** GET /user/vendorDetails/:id: `data` is an array; the console uses its first item (spec section 7). */
export const VendorDetailsAnswer = Schema.Struct({ success: Schema.Boolean, data: Schema.Array(Person) })
export type VendorDetailsAnswer = typeof VendorDetailsAnswer.Type

/** One status change of a vendor, read from the event log (beyond the spec: the History section). */
export const StatusChange = Schema.Struct({
  at: IsoDateTime,
  actorId: Schema.NullOr(Schema.String),
  actorName: Schema.NullOr(Schema.String),
  from: VendorStatus,
  to: VendorStatus,
})
export type StatusChange = typeof StatusChange.Type

/** GET /user/statusHistory/:id: every status change, oldest first. */
export const StatusHistoryAnswer = Schema.Struct({ success: Schema.Boolean, data: Schema.Array(StatusChange) })
export type StatusHistoryAnswer = typeof StatusHistoryAnswer.Type

/**
 * GET /user/certificate/:id: a person's Proof of Certification (a private upload) as a data URL, so
 * the console can show it without the file ever being public. Admins, or the person themself.
 */
export const CertificateAnswer = Schema.Struct({
  success: Schema.Boolean,
  data: Schema.Struct({
    dataUrl: Schema.String.check(Schema.isPattern(/^data:image\/(png|jpeg|webp|gif);base64,/u, { message: "must be an image data URL" })),
  }),
})
export type CertificateAnswer = typeof CertificateAnswer.Type

/** Why an Admin needs a vendor's full account number: kept in the access log with the reveal. */
export const RevealReason = trimmedText({ required: true, min: 5, max: 300 })

/** POST /user/vendorDetails/:id/account-number (Admin only): the reason for looking. */
export const RevealAccountNumberRequest = Schema.Struct({ reason: RevealReason })
export type RevealAccountNumberRequest = typeof RevealAccountNumberRequest.Type

/** The full account number, once; every other answer carries it masked. */
export const RevealAccountNumberAnswer = Schema.Struct({
  success: Schema.Boolean,
  message: Schema.String,
  data: Schema.Struct({ accountNumber: Schema.String }),
})
export type RevealAccountNumberAnswer = typeof RevealAccountNumberAnswer.Type
