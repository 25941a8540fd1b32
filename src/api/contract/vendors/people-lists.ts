import type { ListRole, ReviewListKind } from "./vendor.ts"

/**
 * The people lists' one definition (spec section 2), in two files: here each Admin screen, the call that
 * reads it, its title and the tables its answers are read from; in people-list-screens.ts its other texts, CSV
 * file and columns. The console's routes, sidebar, list machines and tables, and the server's CSV exports and
 * answer cache are derived from them.
 *
 * Plain data with type-only imports: the sidebar imports this half (the route table reads it at build time,
 * route-access.at-build.ts), so neither carries the contract's schemas (issue 9) nor the screens' texts and columns.
 */

/** The screens by path (`/lawyer`), which is also the name their CSV export is asked for by. */
export const peopleListNames = [
  "lawyer",
  "counsellor",
  "nutritionist",
  "yogateacher",
  "imageconsultant",
  "user",
  "under-review-vendors",
  "temp-approve-vendors",
  "rejected-vendors",
] as const
export type PeopleListName = (typeof peopleListNames)[number]

/**
 * Active people of one role (the roleList call), or vendors of one review status (the reviewList call); the
 * title is the page's heading and its route's title.
 */
export type RoleList = { call: "roleList"; role: ListRole; title: string }
export type ReviewList = { call: "reviewList"; kind: ReviewListKind; title: string }
export type PeopleList = RoleList | ReviewList

export const peopleLists: Record<PeopleListName, PeopleList> = {
  lawyer: { call: "roleList", role: "Lawyer", title: "Lawyers" },
  counsellor: { call: "roleList", role: "Counsellor", title: "Counsellors" },
  nutritionist: { call: "roleList", role: "Nutritionist", title: "Nutritionists" },
  yogateacher: { call: "roleList", role: "YogaTeacher", title: "YogaTeachers" },
  imageconsultant: { call: "roleList", role: "ImageConsultant", title: "Active ImageConsultants" },
  user: { call: "roleList", role: "User", title: "Users" },
  "under-review-vendors": { call: "reviewList", kind: "pending", title: "Under Review" },
  "temp-approve-vendors": { call: "reviewList", kind: "temp", title: "Temp Approve" },
  "rejected-vendors": { call: "reviewList", kind: "reject", title: "Rejected" },
}

/**
 * The tables a people list's answer is read from: the server keeps a cached list until one of them is
 * written (user_counts is kept by a trigger on users, and is named for the count it holds).
 */
export const peopleListTables = ["users", "user_counts"] as const

/** The review lists also show each vendor's onboarding progress, read from their pending change and their hours. */
export const reviewListTables = [
  ...peopleListTables,
  "profile_changes",
  "vendor_availability",
  "vendor_default_availability",
  "vendor_weekly_availability",
] as const
