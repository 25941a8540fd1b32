import type { CounsellingUser, UnassignedUser } from "./contract/counselling-user.ts"
import * as api from "./contract/endpoints/counselling-users.endpoints.ts"
import { call } from "./client.ts"
import type { PageAsk, RowsPage } from "./counselling-enquiry.api.ts"

const pageQuery = (ask: PageAsk) => ({ page: String(ask.page), limit: String(ask.limit) })

export async function fetchUnassignedUsersPage(ask: PageAsk): Promise<RowsPage<UnassignedUser>> {
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

export async function fetchCounsellingUsersPage(ask: PageAsk): Promise<RowsPage<CounsellingUser>> {
  const answer = await call(api.fetchCounsellingUsers, { query: pageQuery(ask) })
  return { rows: [...answer.data.data], total: answer.totalRecords }
}

export const fetchAssignablePeople = async () => [...(await call(api.fetchAssignablePeople)).data]

export const assignCounsellor = (userId: string, counsellorId: string) =>
  call(api.assignOrUpdateCounsellor, { params: { userId }, body: { counsellorId } })

export const fetchCounsellingDetails = async (userId: string) => (await call(api.fetchCounsellingDetails, { params: { userId } })).data
