import {
  type AssignablePerson,
  type AssignableRoleTotal,
  assignableRoles,
  type CounsellingUser,
  isCounsellingUserSort,
  type UnassignedUser,
} from "../contract/counselling/counselling-user.ts"
import * as api from "../contract/counselling/counselling-users.endpoints.ts"
import type { AuditRecord } from "../contract/audit/audit.ts"
import { call } from "../client.ts"
import type { RowsPage, SortedPageAsk } from "./counselling-enquiry.api.ts"
import { dayQuery } from "../day-query.ts"

/** A clients list's page in its order (newest first unless the list says otherwise), inside its Joined days (as instants) when it has them. */
const pageQuery = (ask: SortedPageAsk & { filters?: Record<string, string> }) => ({
  page: String(ask.page),
  limit: String(ask.limit),
  ...(isCounsellingUserSort(ask.sort) ? { sort: ask.sort } : {}),
  ...dayQuery(ask.filters),
})

export async function fetchUnassignedUsersPage(ask: SortedPageAsk & { filters?: Record<string, string> }): Promise<RowsPage<UnassignedUser>> {
  const answer = await call(api.fetchUnassignedUsers, { query: pageQuery(ask) })
  return { rows: [...answer.data.data], total: answer.totalRecords }
}

/**
 * The Admin dashboard's 'UnAssign Users' count: totalRecords of GET /user/unassignUser with
 * page 1, limit 1 (spec section 7: dashboard counts).
 */
export async function fetchUnassignedUserCount(): Promise<number> {
  return (await call(api.fetchUnassignedUsers, { query: { page: "1", limit: "1" } })).totalRecords
}

/** Counselling Users in its order; only one counsellor's clients when the list's Counsellor filter names them (their id). */
export async function fetchCounsellingUsersPage(ask: SortedPageAsk & { filters?: Record<string, string> }): Promise<RowsPage<CounsellingUser>> {
  const counsellorId = ask.filters?.counsellor
  const answer = await call(api.fetchCounsellingUsers, { query: { ...pageQuery(ask), ...(counsellorId ? { counsellorId } : {}) } })
  return { rows: [...answer.data.data], total: answer.totalRecords }
}

/** People the 'Assign To' form lists for a search ("" for none), and how many each role has in all. */
export interface AssignablePeoplePage {
  people: AssignablePerson[]
  totals: AssignableRoleTotal[]
}

export async function fetchAssignablePeople(search: string): Promise<AssignablePeoplePage> {
  const answer = await call(api.fetchAssignablePeople, { query: search.trim() === "" ? {} : { search: search.trim() } })
  const people = [...answer.data]
  // An answer of the spec's shape carries no totals: what it lists is then all there is.
  const totals = answer.totals ? [...answer.totals] : assignableRoles.map((role) => ({ role, total: people.filter((p) => p.role === role).length }))
  return { people, totals }
}

export const assignCounsellor = (userId: string, counsellorId: string) => call(api.assignOrUpdateCounsellor, { params: { userId }, body: { counsellorId } })

export const fetchCounsellingDetails = async (userId: string) => (await call(api.fetchCounsellingDetails, { params: { userId } })).data

/** How many of each role the Counsellor filter lists for a search: a few to pick from, typing narrows them. */
export const COUNSELLOR_CHOICES_PER_ROLE = 5

/** Counsellors whose name or email holds `search`, as the Counsellor filter lists them: name and role, then email. */
export async function findCounsellors(search: string): Promise<AuditRecord[]> {
  const answer = await call(api.fetchAssignablePeople, { query: { search: search.trim(), limit: String(COUNSELLOR_CHOICES_PER_ROLE) } })
  return answer.data.map((p) => ({ id: p._id, label: `${p.name} (${p.role})`, detail: p.email }))
}
