import { Schema } from "effect"
import { Id, isOneOf, QueryText, RangeInstant, vendorRoles } from "./common.ts"
import { sessionSorts, sessionStates } from "./counselling/counselling-session.ts"
import { peopleListNames } from "./vendors/people-lists.ts"
import { peopleSorts } from "./vendors/vendor.ts"
import { enquirySorts } from "./contact/contact.ts"
import { ticketSorts, ticketStates } from "./tickets/ticket.ts"
import { blogSorts, blogStatuses } from "./blogs/blog.ts"
import { accessFilters, counsellingEnquirySorts } from "./counselling/counselling-enquiry.ts"

/** The Admin's list screens that export as CSV; the name is the last part of the call's path. */
export const exportLists = [
  ...peopleListNames,
  "enquiries",
  "counselling",
  "unassign-users",
  "counselling-users",
  "all-sessions",
  "my-tickets",
  "blogs",
  "editor",
  "gallery",
  "testimonials",
  "experts",
  "press-release-and-recognition",
] as const
export const ExportList = Schema.Literals(exportLists)
export type ExportList = typeof ExportList.Type

export const ExportListParams = Schema.Struct({ list: ExportList })
/** Every order a list screen can be in: All Sessions', the people lists' (All Enquiries' and My Tickets' are among them) and the Blogs'. */
export const listSorts = [...sessionSorts, ...peopleSorts, "blogName", "-blogName"] as const
export type ListSort = (typeof listSorts)[number]
// A list whose orders are not all here could not export in its order: the compiler says so.
const _enquirySortsListed: readonly ListSort[] = enquirySorts
const _ticketSortsListed: readonly ListSort[] = ticketSorts
const _blogSortsListed: readonly ListSort[] = blogSorts
const _counsellingEnquirySortsListed: readonly ListSort[] = counsellingEnquirySorts
export const isListSort = isOneOf(listSorts)

/** The files an export can be: CSV, or an Excel workbook (.xlsx). */
export const exportFormats = ["csv", "xlsx"] as const
export type ExportFormat = (typeof exportFormats)[number]

/** The State filters' values: My Tickets' and All Sessions' (each list reads only its own). */
export const exportStates = [...ticketStates, ...sessionStates] as const
export const isExportState = isOneOf(exportStates)

/**
 * The list's current search, order and filter (lists without a search, that cannot be sorted so, or without
 * the filter ignore them): `role` is a review list's Role filter, `state` My Tickets' Open / Closed or All Sessions' State
 * (each list reads only its own states), `status` the Blogs' Active / Inactive, `access` the 1:1 Counselling list's
 * Access sent / Waiting, `counsellor` the Counselling Users list's counsellor (their id), `from` and `to` the people lists' Joined,
 * All Enquiries' and 1:1 Counselling's Received, My Tickets' Raised or All Sessions' Starts days (as instants, `to` exclusive).
 */
export const ExportListQuery = Schema.Struct({
  /** CSV (the default) or an Excel workbook. */
  format: Schema.optional(Schema.Literals(exportFormats)),
  search: Schema.optional(QueryText),
  sort: Schema.optional(Schema.Literals(listSorts)),
  role: Schema.optional(Schema.Literals(vendorRoles)),
  state: Schema.optional(Schema.Literals(exportStates)),
  status: Schema.optional(Schema.Literals(blogStatuses)),
  access: Schema.optional(Schema.Literals(accessFilters)),
  counsellor: Schema.optional(Id),
  from: Schema.optional(RangeInstant),
  to: Schema.optional(RangeInstant),
})

/** The filters an export may carry beside its search and order. */
export type ExportFilters = Omit<typeof ExportListQuery.Type, "search" | "sort" | "format">
