import { readFileSync } from "node:fs"
import {
  MEDIA_ADDED,
  MEDIA_ALT_SAVED,
  MEDIA_DELETED,
  MEDIA_IMAGE_FIELD,
  MEDIA_IN_USE,
  MEDIA_NOT_FOUND,
  MEDIA_UPLOAD_BYTES,
  type MediaItem,
  type MediaUse,
} from "../../../src/api/contract/media/media.ts"
import type { PageQuery } from "../../../src/api/contract/common.ts"
import type { MediaRow } from "../../db/media.table.ts"
import { uploadUrl } from "../../db/repositories/blogs.repository.ts"
import { findMedia, listMedia, lockMedia, usesOf } from "../../db/repositories/media.repository.ts"
import type { AppDeps } from "../../deps.ts"
import type { UploadedFile } from "../../plugins/multipart.ts"
import { snapshotOf } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"
import type { Caller } from "../auth/tokens.ts"
import { CONTENT_IMAGE_KINDS, requireImage } from "../content/content-images.ts"
import { contentPaging, listAnswer } from "../content/list-answer.ts"
import { badRequest, conflict, notFound } from "../errors.ts"
import { contentTypes, sniffImage, type ImageKind } from "../storage/image-types.ts"
import type { UploadStore } from "../storage/uploads.ts"
import { processImage, type ProcessedImage } from "./image-variants.ts"
import { addToLibrary, processChecked, storeFiles } from "./library-writes.ts"
import { pictureOf, variantsOf } from "./pictures.ts"

type Deps = Pick<AppDeps, "db" | "uploads" | "now">

export function toMediaItem(row: MediaRow & { uploader: string | null }, usedIn: MediaUse[]): MediaItem {
  const variants = variantsOf(row)
  const kind = row.kind as ImageKind
  const { srcset, webpSrcset } = pictureOf(row)
  return {
    _id: row.id,
    url: uploadUrl(row.file),
    type: contentTypes[kind],
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    alt: row.alt,
    srcset,
    webpSrcset,
    variants: variants.map((v) => ({ width: v.width, height: v.height, type: contentTypes[v.kind as ImageKind], url: uploadUrl(v.file), bytes: v.bytes })),
    uploadedBy: row.uploader,
    createdAt: new Date(row.created_at).toISOString(),
    usedIn,
  }
}

/** GET /media */
export async function listLibrary(deps: Pick<Deps, "db">, query: PageQuery) {
  const at = contentPaging(query)
  const page = await listMedia(deps.db, at, query.search)
  const uses = await usesOf(
    deps.db,
    page.rows.map((r) => r.file),
  )
  return listAnswer({ rows: page.rows.map((r) => toMediaItem(r, uses.get(r.file) ?? [])), total: page.total }, at)
}

/** Checks the bytes, then strips, turns upright and makes the variants; a file that does not decode is refused in the field's words. */
async function processUpload(file: UploadedFile): Promise<ProcessedImage> {
  if (file.data.length > MEDIA_UPLOAD_BYTES) throw badRequest(`${file.field}: the file is larger than ${MEDIA_UPLOAD_BYTES / 1024 / 1024} MB`)
  const kind = sniffImage(file.data)
  if (!kind || !CONTENT_IMAGE_KINDS.includes(kind))
    throw badRequest(`${file.field}: only ${CONTENT_IMAGE_KINDS.map((k) => k.toUpperCase()).join(", ")} images are accepted`)
  return processChecked(file, kind)
}

/**
 * An image stored before it came through the library (the demo's, a form's upload): its file stays the original,
 * under its own name; its variants are made and stored. Answers the processed image, to add with `libraryEntryOf`.
 */
export async function variantsForStored(uploads: UploadStore, file: string): Promise<ProcessedImage> {
  const data = readFileSync(uploads.pathOf(file, "public"))
  const kind = sniffImage(data)
  if (!kind) throw new Error(`${file} is not an image`)
  const image = await processImage(data, kind)
  const original = { ...image.original, name: file, data }
  storeFiles(uploads, { original, variants: image.variants })
  return { original, variants: image.variants }
}

/** POST /media */
export async function uploadToLibrary(deps: Deps, caller: Caller, body: { alt: string }, files: UploadedFile[]) {
  const image = await processUpload(requireImage(files, MEDIA_IMAGE_FIELD))
  const written = storeFiles(deps.uploads, image)
  try {
    const { row, added } = await deps.db.transaction().execute((trx) => addToLibrary(trx, image, body.alt, caller.id, new Date(deps.now())))
    const uses = await usesOf(deps.db, [row.file])
    return { success: true, message: added ? MEDIA_ADDED : "This image is already in the library.", data: toMediaItem(row, uses.get(row.file) ?? []) }
  } catch (error) {
    // Nothing half-written: the files this call wrote go with the failed row.
    for (const name of written) deps.uploads.remove(name, "public")
    throw error
  }
}

/** PATCH /media/:id */
export async function changeAlt(deps: Pick<Deps, "db" | "now">, caller: Caller, id: string, alt: string) {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await lockMedia(trx, id))) throw notFound(MEDIA_NOT_FOUND)
    const before = await snapshotOf(trx, "media", id)
    const row = await trx
      .updateTable("media")
      .set((eb) => ({ alt, updated_at: new Date(deps.now()), version: eb("version", "+", 1) }))
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await recordChange(trx, { entityType: "media", entityId: id, type: "media.updated", actorId: caller.id, before, row })
  })
  const row = (await findMedia(deps.db, id))!
  const uses = await usesOf(deps.db, [row.file])
  return { success: true, message: MEDIA_ALT_SAVED, data: toMediaItem(row, uses.get(row.file) ?? []) }
}

/**
 * DELETE /media/:id: an image still shown somewhere is refused (409) unless forced after the warning; forced, the
 * library entry and its variants go, and the original stays while a record shows it.
 */
export async function deleteFromLibrary(deps: Pick<Deps, "db" | "uploads">, caller: Caller, id: string, force: boolean) {
  const { files } = await deps.db.transaction().execute(async (trx) => {
    const row = await lockMedia(trx, id)
    if (!row) throw notFound(MEDIA_NOT_FOUND)
    const used = (await usesOf(trx, [row.file])).get(row.file) ?? []
    if (used.length > 0 && !force) throw conflict(MEDIA_IN_USE)
    const before = await snapshotOf(trx, "media", id)
    await trx.deleteFrom("media").where("id", "=", id).execute()
    await recordChange(trx, { entityType: "media", entityId: id, type: "media.deleted", actorId: caller.id, before })
    return { files: [...variantsOf(row).map((v) => v.file), ...(used.length > 0 ? [] : [row.file])] }
  })
  for (const file of files) deps.uploads.remove(file, "public")
  return { success: true, message: MEDIA_DELETED }
}
