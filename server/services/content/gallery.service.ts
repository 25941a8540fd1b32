import { randomUUID } from "node:crypto"
import type { ContentPageQuery } from "../../../src/api/contract/content/content-common.ts"
import { GALLERY_IMAGE_FIELD } from "../../../src/api/contract/content/gallery.ts"
import { deleteGalleryItem, insertGalleryItem, listGalleryItems, lockGalleryItem, toGalleryItem } from "../../db/repositories/gallery.repository.ts"
import type { AppDeps } from "../../deps.ts"
import type { UploadedFile } from "../../plugins/multipart.ts"
import type { Caller } from "../auth/tokens.ts"
import { notFound } from "../errors.ts"
import { snapshotOf } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"
import { chooseImage, releaseImage, withStoredImage, type LibraryChoice } from "./content-images.ts"
import { contentPaging, listAnswer } from "./list-answer.ts"

export async function addGalleryImage(deps: Pick<AppDeps, "db" | "uploads" | "now">, caller: Caller, body: LibraryChoice, files: UploadedFile[]) {
  const choice = chooseImage(files, GALLERY_IMAGE_FIELD, body.libraryImage, true)
  const data = await withStoredImage(deps, caller.id, choice, async (image) => {
    const result = await deps.db.transaction().execute(async (trx) => {
      const row = await insertGalleryItem(trx, { id: randomUUID(), image: image!.name, created_by: caller.id, created_at: new Date(deps.now()) })
      const item = toGalleryItem(row)
      await image!.keep(trx, "Gallery image")
      await recordChange(trx, { entityType: "gallery", entityId: item._id, type: "gallery.created", actorId: caller.id })
      return item
    })
    return { result }
  })
  return { success: true, message: "Image uploaded successfully!", data }
}

export async function deleteGalleryImage(deps: Pick<AppDeps, "db" | "uploads">, caller: Caller, id: string) {
  const image = await deps.db.transaction().execute(async (trx) => {
    const before = await lockGalleryItem(trx, id)
    if (!before) throw notFound("Gallery image not found.")
    const beforeFields = await snapshotOf(trx, "gallery", id)
    await deleteGalleryItem(trx, id)
    await recordChange(trx, { entityType: "gallery", entityId: id, type: "gallery.deleted", actorId: caller.id, before: beforeFields })
    return before.image
  })
  await releaseImage(deps, image)
  return { success: true, message: "Image deleted successfully." }
}

export async function listGallery(deps: Pick<AppDeps, "db">, query: ContentPageQuery) {
  const at = contentPaging(query)
  return listAnswer(await listGalleryItems(deps.db, at), at)
}
