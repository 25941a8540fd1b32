import type { UpdateUserStatusRequest } from "../../../src/api/contract/vendors/vendor.ts"
import { refusalOf } from "../../../src/machines/vendors/vendor-status.machine.ts"
import type { Db } from "../../db/database.ts"
import { lockUser, setUserStatus } from "../../db/repositories/people.repository.ts"
import { toPersonListItem } from "../../db/repositories/users.repository.ts"
import { STATUS_CHANGED } from "../../db/repositories/status-history.repository.ts"
import { isVendorRole } from "../../../src/api/contract/common.ts"
import { endSessions } from "../auth/sessions.ts"
import type { TokenVersionStore } from "../auth/token-versions.ts"
import type { Caller } from "../auth/tokens.ts"
import { conflict, notFound } from "../errors.ts"
import { snapshotOfRow } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"
import { deliverQueued, NOTHING_QUEUED, queueNotifications, type NotifyDeps } from "../notifications/queue.ts"
import { statusChangedMail } from "./status-mail.ts"

export interface ChangeStatusDeps extends NotifyDeps {
  db: Db
  now: () => number
  tokenVersions: TokenVersionStore
}

/**
 * PATCH /user/updateUser. In one transaction: lock the vendor, ask the vendor status machine,
 * update the row (the dashboard counters move with it, by trigger), append the event, and on
 * Reject end the vendor's sessions (refresh tokens revoked, access tokens refused from the next
 * request), and queue the vendor's email; it is delivered once the change is committed.
 */
export async function changeVendorStatus(deps: ChangeStatusDeps, caller: Caller, request: UpdateUserStatusRequest) {
  const at = new Date(deps.now())
  let endedVersion: number | null = null
  let queued = NOTHING_QUEUED
  const updated = await deps.db.transaction().execute(async (trx) => {
    const vendor = await lockUser(trx, request.userId)
    const inOrganization = request.organizationId == null || request.organizationId === vendor?.organization_id
    if (!vendor || !isVendorRole(vendor.role) || !inOrganization) throw notFound("No vendor found with this id in this organization.")
    const refusal = refusalOf(vendor.status, request.status)
    if (refusal) throw conflict(refusal)
    const to = request.status as typeof vendor.status
    const row = await setUserStatus(trx, vendor.id, to, at)
    // Ending the sessions moves only token_version, which events do not carry: the row the update returned stands for the after.
    if (to === "Reject") endedVersion = await endSessions(trx, vendor.id, at)
    // Only `status` changes, so the event is `{ status }` before and after, as the status history reads it. Both
    // snapshots come from rows this transaction already holds (the locked read, the update's returning).
    await recordChange(trx, {
      entityType: "user",
      entityId: vendor.id,
      type: STATUS_CHANGED,
      actorId: caller.id,
      before: snapshotOfRow("user", vendor),
      row,
    })
    queued = await queueNotifications(trx, at, [statusChangedMail(row, row.status, deps.publicUrl)], deps.postman)
    return row
  })
  if (endedVersion !== null) await deps.tokenVersions.remember(updated.id, endedVersion)
  // The change stands either way; the admin is told when the vendor's email is still on its way.
  const message = (await deliverQueued(deps, queued))
    ? "User status updated successfully."
    : "User status updated. The email to the vendor could not be sent yet; it will be retried automatically."
  return { success: true, message, data: toPersonListItem(updated) }
}
