import type { Db } from "../../db/database.ts"
import { lockEnquiry, markAccessSent } from "../../db/repositories/counselling-enquiries.repository.ts"
import { findUserByEmail, insertUser, isUniqueViolation } from "../../db/repositories/users.repository.ts"
import { setPasswordInvite } from "../auth/auth.service.ts"
import type { Caller } from "../auth/tokens.ts"
import { conflict, notFound } from "../errors.ts"
import { snapshotOf } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"
import { deliverQueued, queueNotifications, type NotifyDeps, type Queued } from "../notifications/queue.ts"

export const ACCESS_SENT = "Access sent successfully."

export interface AccessDeps extends NotifyDeps {
  db: Db
  now: () => number
}

/**
 * Gives the enquiry's client an account: the User with the enquiry's email if there is one, a new
 * one otherwise (the enquiry row lock and the unique email index make a double send reuse it),
 * marks the enquiry isAccessSend and queues the set-password link's mail, in one transaction; the mail
 * goes out once it commits (or, if the mail server is away, as soon as it answers).
 */
export async function sendUserLoginAccess(deps: AccessDeps, caller: Caller, enquiryId: string) {
  const queued = await grantAccess(deps, caller, enquiryId).catch((error: unknown) => {
    // Two enquiries with one email sent at the same moment: the loser finds the winner's account.
    if (isUniqueViolation(error)) return grantAccess(deps, caller, enquiryId)
    throw error
  })
  const sent = await deliverQueued(deps, queued)
  return { success: true, message: sent ? ACCESS_SENT : `${ACCESS_SENT} The email could not be sent yet; it will be retried automatically.` }
}

function grantAccess(deps: AccessDeps, caller: Caller, enquiryId: string): Promise<Queued> {
  const at = new Date(deps.now())
  return deps.db.transaction().execute(async (trx) => {
    const enquiry = await lockEnquiry(trx, enquiryId)
    if (!enquiry) throw notFound("Counselling enquiry not found.")
    let user = await findUserByEmail(trx, enquiry.email)
    if (user && user.role !== "User") throw conflict(`${enquiry.email} already belongs to a ${user.role} account.`)
    if (!user) {
      user = await insertUser(trx, {
        name: enquiry.name,
        email: enquiry.email,
        number: enquiry.number,
        role: "User",
        status: "Approve",
        created_at: at,
        updated_at: at,
      })
      await recordChange(trx, { entityType: "user", entityId: user.id, type: "user.created", actorId: caller.id })
    }
    const before = await snapshotOf(trx, "counsellingEnquiry", enquiry.id)
    await markAccessSent(trx, enquiry.id, user.id, at)
    await recordChange(trx, { entityType: "counsellingEnquiry", entityId: enquiry.id, type: "counsellingEnquiry.accessSent", actorId: caller.id, before })
    const invite = await setPasswordInvite({ ...deps, db: trx }, user, "access.sent")
    return queueNotifications(trx, at, [invite], deps.postman)
  })
}
