import { isVendorRole } from "../../../src/api/contract/common.ts"
import { CHANGE_APPROVED, CHANGE_REJECTED, NO_PENDING_CHANGE } from "../../../src/api/contract/vendors/profile-change.ts"
import type { Db } from "../../db/database.ts"
import { lockUser } from "../../db/repositories/people.repository.ts"
import { decideChange, lockPendingChange, pendingChangeOf } from "../../db/repositories/profile-changes.repository.ts"
import { findUserById } from "../../db/repositories/users.repository.ts"
import type { ProfileChangeRow } from "../../db/profile-changes.table.ts"
import type { UserRow } from "../../db/users.table.ts"
import { snapshotOfRow } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"
import type { Caller } from "../auth/tokens.ts"
import { conflict, notFound } from "../errors.ts"
import { deliverQueued, queueNotifications, type Notification, type NotifyDeps } from "../notifications/queue.ts"
import { changedFieldsText, toProfileChange } from "./change-view.ts"
import type { ProfileValues } from "./profile-values.ts"
import { writeProfileValues } from "./profile-write.ts"

export interface ReviewChangeDeps extends NotifyDeps {
  db: Db
  now: () => number
}

async function vendorOrNotFound(db: Db, id: string, lock: boolean): Promise<UserRow> {
  const vendor = lock ? await lockUser(db, id) : await findUserById(db, id)
  if (!vendor || !isVendorRole(vendor.role)) throw notFound("No vendor details found.")
  return vendor
}

/** GET /user/vendorDetails/:id/change: the change waiting for review, or null. */
export async function pendingProfileChange(db: Db, vendorId: string) {
  await vendorOrNotFound(db, vendorId, false)
  const row = await pendingChangeOf(db, vendorId)
  return { success: true, data: row ? toProfileChange(row) : null }
}

function decidedMail(vendor: UserRow, change: ProfileChangeRow, publicUrl: string): Notification {
  const approved = change.status === "approved"
  return {
    template: approved ? "profileChange.decided.approved" : "profileChange.decided.rejected",
    entity: { type: "user", id: vendor.id },
    to: vendor.email,
    fields: { name: vendor.name, fieldsList: changedFieldsText(change), reason: change.reason ?? "", profileUrl: `${publicUrl}/profile` },
  }
}

/**
 * An Admin's decision on a vendor's pending change, in one transaction with the vendor and the change
 * locked: approved, its values replace the approved ones (an event on the vendor says which); rejected,
 * nothing of the vendor changes. Either way the change records the decision and the vendor is told.
 * A second decision (another Admin, a withdrawal meanwhile) finds nothing pending and is refused.
 */
export async function decideProfileChange(
  deps: ReviewChangeDeps,
  caller: Caller,
  vendorId: string,
  decision: { approve: true } | { approve: false; reason: string },
) {
  const at = new Date(deps.now())
  const decided = await deps.db.transaction().execute(async (trx) => {
    const vendor = await vendorOrNotFound(trx, vendorId, true)
    const pending = await lockPendingChange(trx, vendor.id)
    if (!pending) throw conflict(NO_PENDING_CHANGE)
    const row = decision.approve
      ? await writeProfileValues(trx, vendor, pending.changes as ProfileValues, { type: "user.profileChangeApproved", actorId: caller.id, at })
      : vendor
    const before = snapshotOfRow("profileChange", pending)
    const status = decision.approve ? "approved" : "rejected"
    const change = await decideChange(trx, pending.id, { status, by: caller.id, reason: decision.approve ? null : decision.reason }, at)
    await recordChange(trx, { entityType: "profileChange", entityId: change.id, type: `profileChange.${status}`, actorId: caller.id, before, row: change })
    return { change, queued: await queueNotifications(trx, at, [decidedMail(row, change, deps.publicUrl)], deps.postman) }
  })
  await deliverQueued(deps, decided.queued)
  return { success: true, message: decision.approve ? CHANGE_APPROVED : CHANGE_REJECTED, data: toProfileChange(decided.change) }
}
