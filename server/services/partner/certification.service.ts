import { existsSync, readFileSync } from "node:fs"
import type { Db } from "../../db/database.ts"
import { findUserById } from "../../db/repositories/users.repository.ts"
import { pendingChangeOf } from "../../db/repositories/profile-changes.repository.ts"
import type { Caller } from "../auth/tokens.ts"
import { forbidden, notFound } from "../errors.ts"
import { contentTypes, type ImageKind } from "../storage/image-types.ts"
import { isStoredName, type UploadStore } from "../storage/uploads.ts"

/**
 * The certificate is private: only the Admin and the vendor it belongs to may see it
 * (Vendor Details and Profile). Answers its bytes and checked content type.
 */
export async function readCertificationImage(deps: { db: Db; uploads: UploadStore }, caller: Caller, userId: string) {
  if (caller.role !== "Admin" && caller.id !== userId) throw forbidden("Only the Admin and the vendor may see this certificate.")
  const user = await findUserById(deps.db, userId)
  if (!user) throw notFound("User not found.")
  return privateImage(deps.uploads, user.document_details.certificationImg)
}

/** The certification image a vendor's pending change brings, for the Admin reviewing it (or the vendor). */
export async function readProposedCertificationImage(deps: { db: Db; uploads: UploadStore }, caller: Caller, vendorId: string) {
  if (caller.role !== "Admin" && caller.id !== vendorId) throw forbidden("Only the Admin and the vendor may see this certificate.")
  const change = await pendingChangeOf(deps.db, vendorId)
  return privateImage(deps.uploads, change?.changes["certificationImg"])
}

function privateImage(uploads: UploadStore, name: string | null | undefined) {
  if (!name || !isStoredName(name) || !existsSync(uploads.pathOf(name, "private"))) throw notFound("No certification image.")
  const kind = name.split(".").pop() as ImageKind
  return { data: readFileSync(uploads.pathOf(name, "private")), contentType: contentTypes[kind] }
}
