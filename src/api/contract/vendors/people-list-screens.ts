import type { VendorStatus } from "../common.ts"
import { addedColumn, orNA, personColumns, type ListColumn } from "../list-column.ts"
import type { PersonListItem } from "../account/user.ts"
import { peopleListNames, peopleLists, type PeopleList, type PeopleListName } from "./people-lists.ts"
import type { ListRole, ReviewListKind } from "./vendor.ts"

/*
 * The people lists' screens (their definition's other half, people-lists.ts): each list's empty and failure
 * texts and CSV file, and the lists' columns; apart, so the route table, which the first load of /login
 * carries, does not carry them.
 */

/** Each list's empty and failure texts (word for word from the spec, sections 2 and 8) and its CSV file's name (without its date). */
export const peopleListScreens: Record<PeopleListName, { empty: string; failure: string; file: string }> = {
  lawyer: { empty: "No Active Lawyer", failure: "Failed to fetch lawyers", file: "lawyers" },
  counsellor: { empty: "No Active counsellor", failure: "Failed to fetch Counsellor", file: "counsellors" },
  nutritionist: { empty: "No Active Nutritionist", failure: "Failed to fetch Nutritionist", file: "nutritionists" },
  yogateacher: { empty: "No Active YogaTeachers", failure: "Failed to fetch YogaTeacher", file: "yogateachers" },
  imageconsultant: { empty: "No Active ImageConsultant", failure: "Failed to fetch ImageConsultant", file: "imageconsultants" },
  user: { empty: "No Active Users", failure: "Failed to fetch User", file: "users" },
  "under-review-vendors": { empty: "No users under review found.", failure: "Failed to fetch users under review.", file: "under-review" },
  "temp-approve-vendors": { empty: "No Temp Approve users found.", failure: "Failed to fetch Temp Approve users.", file: "temp-approve" },
  "rejected-vendors": { empty: "No rejected users found.", failure: "Failed to fetch rejected users.", file: "rejected" },
}

const approvedLabel = (status: VendorStatus) => (status === "Approve" ? "Approved" : status)

/** A column of every people list after its S.No, in the spec's order. */
export type PeopleListColumn = ListColumn<PersonListItem, "name" | "email" | "number" | "role" | "createdAt" | "status" | "organization">

export const peopleListColumns: readonly PeopleListColumn[] = [
  personColumns.name,
  personColumns.email,
  personColumns.number,
  { key: "role", header: "Role", text: (r) => r.role },
  addedColumn,
  { key: "status", header: "Status", text: (r) => approvedLabel(r.status) },
  { key: "organization", header: "Organization", text: (r) => orNA(r.organizationName) },
]

/** The list of one role, and of one review status (the list machines, which a role or status makes, read their texts by it). */
export const roleListName = (role: ListRole): PeopleListName => listNameWhere((list) => list.call === "roleList" && list.role === role)
export const reviewListName = (kind: ReviewListKind): PeopleListName => listNameWhere((list) => list.call === "reviewList" && list.kind === kind)

const listNameWhere = (matches: (list: PeopleList) => boolean): PeopleListName => peopleListNames.find((name) => matches(peopleLists[name]))!
