import type { VendorStatus } from "../common.ts"
import type { ListColumn } from "../list-column.ts"
import type { PersonListItem } from "../user.ts"
import type { ListRole, ReviewListKind } from "./vendor.ts"

/**
 * The people lists' one definition (spec section 2): each Admin screen, the call that reads it, its texts,
 * its CSV file, its columns and the tables its answers are read from. The console's routes, sidebar, list
 * machines and tables, and the server's CSV exports and answer cache are derived from it.
 *
 * Plain data with type-only imports: the route table imports it, and the first load of /login must not
 * carry the contract's schemas (issue 9).
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

interface ListTexts {
  /** The page's heading, which is also its route's title. */
  title: string
  empty: string
  failure: string
  /** The CSV file's name, without its date and extension. */
  file: string
}

/** Active people of one role (the roleList call), or vendors of one review status (the reviewList call). */
export type RoleList = ListTexts & { call: "roleList"; role: ListRole }
export type ReviewList = ListTexts & { call: "reviewList"; kind: ReviewListKind }
export type PeopleList = RoleList | ReviewList

export const peopleLists: Record<PeopleListName, PeopleList> = {
  lawyer: { call: "roleList", role: "Lawyer", title: "Lawyers", empty: "No Active Lawyer", failure: "Failed to fetch lawyers", file: "lawyers" },
  counsellor: {
    call: "roleList",
    role: "Counsellor",
    title: "Counsellors",
    empty: "No Active counsellor",
    failure: "Failed to fetch Counsellor",
    file: "counsellors",
  },
  nutritionist: {
    call: "roleList",
    role: "Nutritionist",
    title: "Nutritionists",
    empty: "No Active Nutritionist",
    failure: "Failed to fetch Nutritionist",
    file: "nutritionists",
  },
  yogateacher: {
    call: "roleList",
    role: "YogaTeacher",
    title: "YogaTeachers",
    empty: "No Active YogaTeachers",
    failure: "Failed to fetch YogaTeacher",
    file: "yogateachers",
  },
  imageconsultant: {
    call: "roleList",
    role: "ImageConsultant",
    title: "Active ImageConsultants",
    empty: "No Active ImageConsultant",
    failure: "Failed to fetch ImageConsultant",
    file: "imageconsultants",
  },
  user: { call: "roleList", role: "User", title: "Users", empty: "No Active Users", failure: "Failed to fetch User", file: "users" },
  "under-review-vendors": {
    call: "reviewList",
    kind: "pending",
    title: "Under Review",
    empty: "No users under review found.",
    failure: "Failed to fetch users under review.",
    file: "under-review",
  },
  "temp-approve-vendors": {
    call: "reviewList",
    kind: "temp",
    title: "Temp Approve",
    empty: "No Temp Approve users found.",
    failure: "Failed to fetch Temp Approve users.",
    file: "temp-approve",
  },
  "rejected-vendors": {
    call: "reviewList",
    kind: "reject",
    title: "Rejected",
    empty: "No rejected users found.",
    failure: "Failed to fetch rejected users.",
    file: "rejected",
  },
}

/** The list of one role, and of one review status. */
export const roleListName = (role: ListRole): PeopleListName => peopleListNames.find((n) => peopleListOf(n, "roleList")?.role === role)!
export const reviewListName = (kind: ReviewListKind): PeopleListName => peopleListNames.find((n) => peopleListOf(n, "reviewList")?.kind === kind)!

function peopleListOf<C extends PeopleList["call"]>(name: PeopleListName, call: C): Extract<PeopleList, { call: C }> | undefined {
  const list = peopleLists[name]
  return list.call === call ? (list as Extract<PeopleList, { call: C }>) : undefined
}

const orNA = (value: string | null) => (value ? value : "N/A")
const approvedLabel = (status: VendorStatus) => (status === "Approve" ? "Approved" : status)

/** A column of every people list after its S.No, in the spec's order. */
export type PeopleListColumn = ListColumn<PersonListItem, "name" | "email" | "number" | "role" | "createdAt" | "status" | "organization">

export const peopleListColumns: readonly PeopleListColumn[] = [
  { key: "name", header: "Name", text: (r) => r.name },
  { key: "email", header: "Email", text: (r) => r.email },
  { key: "number", header: "Number", text: (r) => orNA(r.number) },
  { key: "role", header: "Role", text: (r) => r.role },
  { key: "createdAt", header: "Date | Time", text: (r) => r.createdAt },
  { key: "status", header: "Status", text: (r) => approvedLabel(r.status) },
  { key: "organization", header: "Organization", text: (r) => orNA(r.organizationName) },
]

/**
 * The tables a people list's answer is read from: the server keeps a cached list until one of them is
 * written (user_counts is kept by a trigger on users, and is named for the count it holds).
 */
export const peopleListTables = ["users", "user_counts"] as const
