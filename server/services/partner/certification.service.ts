import { existsSync, readFileSync } from "node:fs"
import type { Db } from "../../db/database.ts"
import { findUserById } from "../../db/repositories/users.repository.ts"
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
  const name = user.document_details.certificationImg
  if (!name || !isStoredName(name) || !existsSync(deps.uploads.pathOf(name, "private"))) throw notFound("No certification image.")
  const kind = name.split(".").pop() as ImageKind
  return { data: readFileSync(deps.uploads.pathOf(name, "private")), contentType: contentTypes[kind] }
}
