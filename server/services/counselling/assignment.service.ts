import {
  ASSIGNABLE_PEOPLE_LIMIT,
  type AssignablePeopleQuery,
  assignableRoles,
  type AssignedUsersQuery,
  type CounsellingUsersQuery,
} from "../../../src/api/contract/counselling/counselling-user.ts"
import type { Db } from "../../db/database.ts"
import { paging, totalPages } from "../../db/paging.ts"
import { latestEnquiriesOf, toCounsellingEnquiry } from "../../db/repositories/counselling-enquiries.repository.ts"
import {
  findCounsellingDetails,
  listAssignablePeople,
  listCounsellingClients,
  listUnassignedClients,
  setCounsellor,
} from "../../db/repositories/counselling-users.repository.ts"
import { findUserById } from "../../db/repositories/users.repository.ts"
import type { Caller } from "../auth/tokens.ts"
import { badRequest, notFound } from "../errors.ts"
import { snapshotOf } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"
import { instantRange } from "../instant-range.ts"
import { deliverQueued, NOTHING_QUEUED, queueNotifications, type Notification, type NotifyDeps } from "../notifications/queue.ts"

export const COUNSELLOR_ASSIGNED = "Counsellor assigned successfully."

export async function fetchUnassignedUsers(deps: { db: Db }, query: CounsellingUsersQuery) {
  const page = paging(query, 10)
  const { rows, total } = await listUnassignedClients(deps.db, page, query.sort, instantRange(query))
  const enquiries = await latestEnquiriesOf(
    deps.db,
    rows.map((r) => r._id),
  )
  return {
    success: true,
    data: { data: rows.map((r) => ({ ...r, enquiry: enquiries.has(r._id) ? toCounsellingEnquiry(enquiries.get(r._id)!) : null })) },
    totalRecords: total,
    totalPages: totalPages(total, page.limit),
    currentPage: page.page,
  }
}

export async function fetchCounsellingUsers(deps: { db: Db }, query: AssignedUsersQuery) {
  const page = paging(query, 10)
  const { rows, total } = await listCounsellingClients(deps.db, page, query.sort, query.counsellorId, instantRange(query))
  return { success: true, data: { data: rows }, totalRecords: total, totalPages: totalPages(total, page.limit), currentPage: page.page }
}

/** The 'Assign To' form's people: a few per role, each role's total, so the form never holds every approved person. */
export async function fetchAssignablePeople(deps: { db: Db }, query: AssignablePeopleQuery) {
  const roles = query.role ? [query.role] : assignableRoles
  const groups = await listAssignablePeople(deps.db, { roles, search: query.search ?? "", limit: query.limit ?? ASSIGNABLE_PEOPLE_LIMIT })
  return {
    success: true,
    data: groups.flatMap((g) => g.people),
    totals: groups.map((g) => (g.capped ? { role: g.role, total: g.total, capped: true } : { role: g.role, total: g.total })),
  }
}

export async function fetchCounsellingDetails(deps: { db: Db }, userId: string) {
  const details = await findCounsellingDetails(deps.db, userId)
  if (!details) throw notFound("User not found.")
  return { success: true, data: details }
}

/** The client and the counsellor each hear who the other is, with a link to where they follow sessions. */
function assignedMails(
  publicUrl: string,
  client: { id: string; name: string; email: string },
  counsellor: { name: string; email: string; role: string },
): Notification[] {
  const entity = { type: "user", id: client.id }
  const sessionsUrl = `${publicUrl}/upcoming-session`
  return [
    {
      template: "counsellor.assigned.toClient",
      entity,
      to: client.email,
      fields: { name: client.name, counsellorName: counsellor.name, counsellorRole: counsellor.role, sessionsUrl },
    },
    {
      template: "counsellor.assigned.toCounsellor",
      entity,
      to: counsellor.email,
      fields: { name: counsellor.name, clientName: client.name, sessionsUrl },
    },
  ]
}

/** Assigns (or changes) a client's counsellor: an approved person of an assignable role, not the client. */
export async function assignCounsellor(deps: NotifyDeps & { db: Db; now: () => number }, caller: Caller, userId: string, counsellorId: string) {
  const queued = await deps.db.transaction().execute(async (trx) => {
    const client = await findUserById(trx, userId)
    if (!client || client.role !== "User") throw notFound("User not found.")
    if (counsellorId === userId) throw badRequest("counsellorId: a user cannot be their own counsellor")
    const counsellor = await findUserById(trx, counsellorId)
    if (!counsellor) throw notFound("Counsellor not found.")
    if (!(assignableRoles as readonly string[]).includes(counsellor.role) || counsellor.status !== "Approve") {
      throw badRequest("counsellorId: must be an approved person of an assignable role")
    }
    const before = await snapshotOf(trx, "user", userId)
    await setCounsellor(trx, userId, counsellorId, new Date(deps.now()))
    await recordChange(trx, {
      entityType: "user",
      entityId: userId,
      type: client.counsellor_id ? "user.counsellorChanged" : "user.counsellorAssigned",
      actorId: caller.id,
      before,
    })
    // Assigning the counsellor the client already has changes nothing and tells nobody.
    return client.counsellor_id === counsellorId
      ? NOTHING_QUEUED
      : queueNotifications(trx, new Date(deps.now()), assignedMails(deps.publicUrl, client, counsellor), deps.postman)
  })
  await deliverQueued(deps, queued)
  return { success: true, message: COUNSELLOR_ASSIGNED }
}
