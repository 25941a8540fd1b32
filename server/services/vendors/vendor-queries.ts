import { vendorRoles } from "../../../src/api/contract/common.ts"
import { type ListRole, type ReviewListKind, type RoleListQuery, statusOfReviewList } from "../../../src/api/contract/vendor.ts"
import type { PageQuery } from "../../../src/api/contract/common.ts"
import type { Db } from "../../db/database.ts"
import { paging } from "../../db/paging.ts"
import { listPeople } from "../../db/repositories/people.repository.ts"
import { statusHistoryOf } from "../../db/repositories/status-history.repository.ts"
import { findUserById, toPerson } from "../../db/repositories/users.repository.ts"
import { notFound } from "../errors.ts"

/** Spec section 7: the default limit of the user calls is 100. */
const USER_CALL_LIMIT = 100

/** GET /user/:role: active (status Approve) people of one role. */
export async function roleList(db: Db, role: ListRole, query: RoleListQuery) {
  const { rows, total } = await listPeople(
    db,
    { roles: [role], status: "Approve", organizationId: query.organizationId, search: query.search },
    paging(query, USER_CALL_LIMIT),
  )
  return { success: true, data: rows, totalRecords: total }
}

/** GET /user/allUsers/:kind: vendors (every vendor role) in one review status. */
export async function reviewList(db: Db, kind: ReviewListKind, query: PageQuery) {
  const { rows, total } = await listPeople(db, { roles: vendorRoles, status: statusOfReviewList[kind], search: query.search }, paging(query, USER_CALL_LIMIT))
  return { success: true, data: rows, totalRecords: total }
}

export async function vendorDetails(db: Db, id: string) {
  const user = await findUserById(db, id)
  if (!user) throw notFound("No vendor details found.")
  return { success: true, data: [toPerson(user)] }
}

export async function statusHistory(db: Db, id: string) {
  const user = await findUserById(db, id)
  if (!user) throw notFound("No vendor details found.")
  return { success: true, data: await statusHistoryOf(db, id) }
}
