import { onboardingOfVendors } from "../profile/onboarding.ts"
import { readFileSync } from "node:fs"
import { vendorRoles } from "../../../src/api/contract/common.ts"
import { type ListRole, type ReviewListKind, type ReviewListQuery, type RoleListQuery, statusOfReviewList } from "../../../src/api/contract/vendors/vendor.ts"
import type { Db } from "../../db/database.ts"
import { paging } from "../../db/paging.ts"
import { listPeople } from "../../db/repositories/people.repository.ts"
import { statusHistoryOf } from "../../db/repositories/status-history.repository.ts"
import { findUserById, toPerson } from "../../db/repositories/users.repository.ts"
import type { Caller } from "../auth/tokens.ts"
import { forbidden, notFound } from "../errors.ts"
import { instantRange } from "../instant-range.ts"
import { contentTypes, sniffImage } from "../storage/image-types.ts"
import { isStoredName, type UploadStore } from "../storage/uploads.ts"

/** Spec section 7: the default limit of the user calls is 100. */
const USER_CALL_LIMIT = 100

/** GET /user/:role: active (status Approve) people of one role. */
export async function roleList(db: Db, role: ListRole, query: RoleListQuery) {
  const { rows, total, capped } = await listPeople(
    db,
    { roles: [role], status: "Approve", organizationId: query.organizationId, search: query.search, sort: query.sort, joined: instantRange(query) },
    paging(query, USER_CALL_LIMIT),
  )
  return { success: true, data: rows, totalRecords: total, ...(capped ? { totalCapped: true } : {}) }
}

/** A review list's page (vendors of every vendor role, or the one asked for, in one review status), as the CSV export reads it. */
export async function reviewListPage(db: Db, kind: ReviewListKind, query: ReviewListQuery) {
  const { rows, total, capped } = await listPeople(
    db,
    {
      roles: query.role ? [query.role] : vendorRoles,
      status: statusOfReviewList[kind],
      search: query.search,
      sort: query.sort,
      joined: instantRange(query),
    },
    paging(query, USER_CALL_LIMIT),
  )
  return { success: true, data: rows, totalRecords: total, ...(capped ? { totalCapped: true } : {}) }
}

/**
 * GET /user/allUsers/:kind, a review list's page on screen: each vendor with their onboarding progress (issue 26), in
 * three reads for the page (the checklist reads the vendors' whole rows by primary key: the list selects only its columns).
 */
export async function reviewList(deps: { db: Db; now: () => number }, kind: ReviewListKind, query: ReviewListQuery) {
  const page = await reviewListPage(deps.db, kind, query)
  const onboarding = await onboardingOfVendors(
    deps.db,
    page.data.map((p) => p._id),
    deps.now(),
  )
  const data = page.data.map((p) => {
    const checklist = onboarding.get(p._id)
    return checklist ? { ...p, onboarding: { done: checklist.done, total: checklist.total } } : p
  })
  return { ...page, data }
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

/** The certificate is a private upload: only an admin or its owner may see it. */
export async function certificate(deps: { db: Db; uploads: UploadStore }, caller: Caller, id: string) {
  if (caller.role !== "Admin" && caller.id !== id) throw forbidden()
  const user = await findUserById(deps.db, id)
  const name = user?.document_details.certificationImg
  if (!name || !isStoredName(name)) throw notFound("No certificate uploaded.")
  let bytes: Buffer
  try {
    bytes = readFileSync(deps.uploads.pathOf(name, "private"))
  } catch {
    throw notFound("No certificate uploaded.")
  }
  const kind = sniffImage(bytes)
  if (!kind) throw notFound("No certificate uploaded.")
  return { success: true, data: { dataUrl: `data:${contentTypes[kind]};base64,${bytes.toString("base64")}` } }
}
