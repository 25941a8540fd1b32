import { isVendorRole } from "../../../src/api/contract/common.ts"
import {
  CHANGE_WITHDRAWN,
  isReviewedField,
  PROFILE_SAVED,
  profileSavedForReview,
  type ProfileEditRequest,
  type ProfileField,
} from "../../../src/api/contract/vendors/profile-change.ts"
import type { Db } from "../../db/database.ts"
import { lockUser } from "../../db/repositories/people.repository.ts"
import { decideChange, insertChange, latestChangeOf, lockPendingChange, replaceChange } from "../../db/repositories/profile-changes.repository.ts"
import { toPerson } from "../../db/repositories/users.repository.ts"
import type { UserRow } from "../../db/users.table.ts"
import type { UploadedFile } from "../../plugins/multipart.ts"
import { snapshotOfRow } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"
import type { Caller } from "../auth/tokens.ts"
import { badRequest, conflict, notFound } from "../errors.ts"
import { activeAdmins } from "../notifications/admin-notices.ts"
import { deliverQueued, NOTHING_QUEUED, queueNotifications, type Notification, type NotifyDeps } from "../notifications/queue.ts"
import type { UploadStore } from "../storage/uploads.ts"
import { changedFieldsText, toProfileChange } from "./change-view.ts"
import { profileValuesOf, type ProfileValues } from "./profile-values.ts"
import { writeProfileValues } from "./profile-write.ts"

export interface OwnProfileDeps extends NotifyDeps {
  db: Db
  uploads: UploadStore
  now: () => number
}

/** Statuses in which an Admin has approved the vendor's fields, so changing them needs a review. */
const isReviewing = (row: UserRow) => row.status === "Approve" || row.status === "Temp Approve"

const IMAGE_FILES = { profileImg: "public", certificationImg: "private" } as const

/** The images sent, stored (checked by content, metadata stripped) before the transaction; at most one each. */
function storeImages(uploads: UploadStore, files: UploadedFile[]): Partial<Record<keyof typeof IMAGE_FILES, string>> {
  const stored: Partial<Record<keyof typeof IMAGE_FILES, string>> = {}
  try {
    for (const file of files) {
      const field = file.field as keyof typeof IMAGE_FILES
      if (!Object.hasOwn(IMAGE_FILES, field)) throw badRequest(`${file.field}: unexpected file`)
      if (stored[field]) throw badRequest(`${field}: only one image is accepted`)
      stored[field] = uploads.saveImage(file, ["png", "jpeg"], IMAGE_FILES[field]).name
    }
  } catch (error) {
    removeImages(uploads, stored)
    throw error
  }
  return stored
}

function removeImages(uploads: UploadStore, stored: Partial<Record<keyof typeof IMAGE_FILES, string>>) {
  for (const [field, name] of Object.entries(stored)) uploads.remove(name, IMAGE_FILES[field as keyof typeof IMAGE_FILES])
}

/** The form's values as stored: optional fields sent empty are cleared (null); fields left out are not touched. */
function submittedValues(form: ProfileEditRequest, images: Partial<Record<string, string>>): ProfileValues {
  const values: ProfileValues = {}
  for (const [field, value] of Object.entries(form)) if (value !== undefined) values[field as ProfileField] = value === "" ? null : value
  return { ...values, ...images }
}

/**
 * PATCH /user/profile. In one transaction: lock the vendor and their pending change; write the fields that
 * change at once; put a reviewed field's new value into the pending change (a new one, or the pending one
 * replaced) while an approved vendor's approved value stays; record each as an event; tell the Admins of a
 * new change. A field set back to its approved value leaves the change; a change left empty is withdrawn.
 */
export async function updateOwnProfile(deps: OwnProfileDeps, caller: Caller, form: ProfileEditRequest, files: UploadedFile[]) {
  const at = new Date(deps.now())
  const images = storeImages(deps.uploads, files)
  let queued = NOTHING_QUEUED
  try {
    const done = await deps.db.transaction().execute(async (trx) => {
      const vendor = await lockUser(trx, caller.id)
      if (!vendor || !isVendorRole(vendor.role)) throw notFound("No vendor profile for this account.")
      const current = profileValuesOf(vendor)
      const pending = await lockPendingChange(trx, vendor.id)
      const direct: ProfileValues = {}
      const proposed: ProfileValues = isReviewing(vendor) ? { ...pending?.changes } : {}
      for (const [field, value] of Object.entries(submittedValues(form, images)) as Array<[ProfileField, string | null]>) {
        if (isReviewing(vendor) && isReviewedField(field)) {
          if (value === current[field]) delete proposed[field]
          else proposed[field] = value
        } else if (value !== current[field]) direct[field] = value
      }
      const row =
        Object.keys(direct).length > 0 ? await writeProfileValues(trx, vendor, direct, { type: "user.profileUpdated", actorId: caller.id, at }) : vendor
      const change = await keepChange(trx, { vendor: row, pending, proposed, current, at })
      if (change?.created) queued = await queueNotifications(trx, at, await submittedNotices(trx, row, change.row, deps.publicUrl), deps.postman)
      return { row, change: change?.row ?? null }
    })
    await deliverQueued(deps, queued)
    const waiting = done.change?.status === "pending" ? Object.keys(done.change.changes).length : 0
    return {
      success: true,
      message: waiting > 0 ? profileSavedForReview(waiting) : PROFILE_SAVED,
      data: { profile: toPerson(done.row), change: done.change?.status === "pending" ? toProfileChange(done.change) : null },
    }
  } catch (error) {
    removeImages(deps.uploads, images)
    throw error
  }
}

type PendingRow = Awaited<ReturnType<typeof lockPendingChange>>

/** Ends the vendor's pending change as withdrawn, with its audit record: an edit that leaves nothing to ask, or the vendor taking it back. */
async function withdrawChange(trx: Db, pending: NonNullable<PendingRow>, vendorId: string, at: Date) {
  const before = snapshotOfRow("profileChange", pending)
  const row = await decideChange(trx, pending.id, { status: "withdrawn", by: vendorId }, at)
  await recordChange(trx, { entityType: "profileChange", entityId: row.id, type: "profileChange.withdrawn", actorId: vendorId, before, row })
  return row
}

/** The pending change after an edit: created, replaced, withdrawn (nothing left to ask), or none at all. */
async function keepChange(
  trx: Db,
  edit: { vendor: UserRow; pending: PendingRow; proposed: ProfileValues; current: Record<ProfileField, string | null>; at: Date },
) {
  const { vendor, pending, proposed, current, at } = edit
  const fields = Object.keys(proposed) as ProfileField[]
  const approved = Object.fromEntries(fields.map((f) => [f, current[f]]))
  const same = pending && JSON.stringify(pending.changes) === JSON.stringify(proposed)
  if (same) return { row: pending, created: false }
  if (fields.length === 0) {
    if (!pending) return null
    return { row: await withdrawChange(trx, pending, vendor.id, at), created: false }
  }
  if (pending) {
    const before = snapshotOfRow("profileChange", pending)
    const row = await replaceChange(trx, pending.id, proposed as Record<string, string | null>, approved, at)
    await recordChange(trx, { entityType: "profileChange", entityId: row.id, type: "profileChange.updated", actorId: vendor.id, before, row })
    return { row, created: false }
  }
  const row = await insertChange(trx, vendor.id, proposed as Record<string, string | null>, approved, at)
  await recordChange(trx, { entityType: "profileChange", entityId: row.id, type: "profileChange.submitted", actorId: vendor.id, row })
  return { row, created: true }
}

async function submittedNotices(trx: Db, vendor: UserRow, change: { changes: Record<string, string | null> }, publicUrl: string): Promise<Notification[]> {
  const admins = await activeAdmins(trx)
  return admins.map((admin) => ({
    template: "profileChange.submitted",
    entity: { type: "user", id: vendor.id },
    to: admin.email,
    fields: {
      name: admin.name,
      vendorName: vendor.name,
      vendorEmail: vendor.email,
      fieldsList: changedFieldsText(change),
      link: `${publicUrl}/vendor-details/${vendor.id}`,
    },
  }))
}

/** GET /user/profile/change: the vendor's newest change (pending, or the last decision, so they read why). */
export async function ownProfileChange(db: Db, caller: Caller) {
  const row = await latestChangeOf(db, caller.id)
  return { success: true, data: row && row.status !== "withdrawn" ? toProfileChange(row) : null }
}

/** DELETE /user/profile/change: the vendor takes back their pending change. */
export async function withdrawOwnChange(deps: { db: Db; now: () => number }, caller: Caller) {
  const at = new Date(deps.now())
  const withdrawn = await deps.db.transaction().execute(async (trx) => {
    const pending = await lockPendingChange(trx, caller.id)
    if (!pending) throw conflict("There are no changes waiting for review.")
    return withdrawChange(trx, pending, caller.id, at)
  })
  return { success: true, message: CHANGE_WITHDRAWN, data: toProfileChange(withdrawn) }
}
