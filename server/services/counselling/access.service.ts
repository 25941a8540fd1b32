import type { Db } from "../../db/database.ts"
import { lockEnquiry, markAccessSent } from "../../db/repositories/counselling-enquiries.repository.ts"
import { findUserByEmail, insertUser, isUniqueViolation } from "../../db/repositories/users.repository.ts"
import type { UserRow } from "../../db/users.table.ts"
import { sendSetPasswordInvite } from "../auth/auth.service.ts"
import type { Caller } from "../auth/tokens.ts"
import { conflict, HttpError, notFound } from "../errors.ts"
import { snapshotOf } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"
import type { Mailer } from "../mail/mailer.ts"

export const ACCESS_SENT = "Access sent successfully."
const INVITE_REASON = "You have been given access to the Console, where you can follow your 1:1 counselling sessions."

export interface AccessDeps {
  db: Db
  mailer: Mailer
  publicUrl: string
  now: () => number
}

/**
 * Gives the enquiry's client an account: the User with the enquiry's email if there is one, a new
 * one otherwise (the enquiry row lock and the unique email index make a double send reuse it),
 * marks the enquiry isAccessSend, then emails a set-password link.
 */
export async function sendUserLoginAccess(deps: AccessDeps, caller: Caller, enquiryId: string) {
  const user = await grantAccess(deps, caller, enquiryId).catch((error: unknown) => {
    // Two enquiries with one email sent at the same moment: the loser finds the winner's account.
    if (isUniqueViolation(error)) return grantAccess(deps, caller, enquiryId)
    throw error
  })
  try {
    await sendSetPasswordInvite(deps, user, INVITE_REASON)
  } catch {
    throw new HttpError(502, "Access was recorded, but the email could not be sent. Please send access again.")
  }
  return { success: true, message: ACCESS_SENT }
}

function grantAccess(deps: AccessDeps, caller: Caller, enquiryId: string): Promise<UserRow> {
  const at = new Date(deps.now())
  return deps.db.transaction().execute(async (trx) => {
    const enquiry = await lockEnquiry(trx, enquiryId)
    if (!enquiry) throw notFound("Counselling enquiry not found.")
    let user = await findUserByEmail(trx, enquiry.email)
    if (user && user.role !== "User") throw conflict(`${enquiry.email} already belongs to a ${user.role} account.`)
    if (!user) {
      user = await insertUser(trx, { name: enquiry.name, email: enquiry.email, number: enquiry.number, role: "User", status: "Approve", created_at: at, updated_at: at })
      await recordChange(trx, { entityType: "user", entityId: user.id, type: "user.created", actorId: caller.id })
    }
    const before = await snapshotOf(trx, "counsellingEnquiry", enquiry.id)
    await markAccessSent(trx, enquiry.id, user.id, at)
    await recordChange(trx, { entityType: "counsellingEnquiry", entityId: enquiry.id, type: "counsellingEnquiry.accessSent", actorId: caller.id, before })
    return user
  })
}
