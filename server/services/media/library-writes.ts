import { randomUUID } from "node:crypto"
import type { StoredVariant } from "../../db/media.table.ts"
import type { Db } from "../../db/database.ts"
import { findMedia, findMediaByFile, insertMedia, type NewMedia } from "../../db/repositories/media.repository.ts"
import { recordChange } from "../audit/record-change.ts"
import type { UploadStore } from "../storage/uploads.ts"
import type { UploadedFile } from "../../plugins/multipart.ts"
import { badRequest } from "../errors.ts"
import type { ImageKind } from "../storage/image-types.ts"
import { processImage, type ProcessedImage } from "./image-variants.ts"

/* The library's writes, shared by its own upload and by the content forms' uploads (which go into it too). */

/** Writes the processed files; answers the names this call wrote (a file with the same bytes may be there already). */
export function storeFiles(uploads: UploadStore, image: ProcessedImage): string[] {
  return [image.original, ...image.variants].filter((f) => uploads.saveNamed(f.name, f.data, "public")).map((f) => f.name)
}

const storedVariants = (image: ProcessedImage): StoredVariant[] =>
  image.variants.map((v) => ({ width: v.width, height: v.height, kind: v.kind, file: v.name, bytes: v.data.length }))

/** The library row of a processed image whose files are stored. */
export const libraryEntryOf = (image: ProcessedImage, alt: string, by: string | null, at: Date): NewMedia => ({
  id: randomUUID(),
  file: image.original.name,
  kind: image.original.kind,
  width: image.original.width,
  height: image.original.height,
  bytes: image.original.data.length,
  alt,
  variants: storedVariants(image),
  uploadedBy: by,
  at,
})

/**
 * Adds a processed image to the library in the caller's transaction, with its event. The same bytes uploaded
 * again are the same image: the row already there is answered.
 */
export async function addToLibrary(trx: Db, image: ProcessedImage, alt: string, by: string | null, at: Date) {
  const known = await findMediaByFile(trx, image.original.name)
  if (known) return { row: known, added: false }
  const row = await insertMedia(trx, libraryEntryOf(image, alt, by, at))
  if (!row) return { row: (await findMediaByFile(trx, image.original.name))!, added: false }
  await recordChange(trx, { entityType: "media", entityId: row.id, type: "media.created", actorId: by, row })
  return { row: (await findMedia(trx, row.id))!, added: true }
}

/** Strips and makes the variants of an image whose kind its bytes showed; one that does not decode is refused in the field's words. */
export async function processChecked(file: UploadedFile, kind: ImageKind): Promise<ProcessedImage> {
  try {
    return await processImage(file.data, kind)
  } catch {
    throw badRequest(`${file.field}: the file is not a valid ${kind.toUpperCase()} image`)
  }
}
