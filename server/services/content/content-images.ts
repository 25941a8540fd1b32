import { LIBRARY_IMAGE_FIELD } from "../../../src/api/contract/content/content-common.ts"
import type { UploadedFile } from "../../plugins/multipart.ts"
import type { ImageKind } from "../storage/image-types.ts"
import type { UploadStore } from "../storage/uploads.ts"
import { badRequest } from "../errors.ts"
import type { Db } from "../../db/database.ts"
import { findMedia, findMediaByFile, holdMedia, usesOf } from "../../db/repositories/media.repository.ts"
import { addToLibrary, processChecked, storeFiles } from "../media/library-writes.ts"

/** Content images: checked by their bytes, never SVG or HTML; public, since the website shows them. */
export const CONTENT_IMAGE_KINDS: readonly ImageKind[] = ["png", "jpeg", "webp", "gif"]

export const LIBRARY_IMAGE_GONE = `${LIBRARY_IMAGE_FIELD}: that image is no longer in the media library`

/** The one image a content form may send, in its named field; any other file is refused before anything is stored. */
export function pickImage(files: UploadedFile[], field: string): UploadedFile | null {
  const stray = files.find((f) => f.field !== field)
  if (stray) throw badRequest(`${stray.field}: unexpected file; send the image as '${field}'`)
  if (files.length > 1) throw badRequest(`${field}: send one image only`)
  return files[0] ?? null
}

export function requireImage(files: UploadedFile[], field: string): UploadedFile {
  const file = pickImage(files, field)
  if (!file) throw badRequest(`${field}: is required`)
  return file
}

/** A content form's `libraryImage` text field. */
export type LibraryChoice = { libraryImage?: string }

/** What a content form sent for its image: a new file, a library image's id, or (on an update) nothing. */
export type ImageChoice = { file: UploadedFile } | { libraryId: string } | null

/** Reads a content form's image: its file part or `libraryImage`, not both; `required` on an add. */
export function chooseImage(files: UploadedFile[], field: string, libraryId: string | undefined, required: boolean): ImageChoice {
  const file = pickImage(files, field)
  if (file && libraryId) throw badRequest(`${field}: send either an image or ${LIBRARY_IMAGE_FIELD}, not both`)
  if (file) return { file }
  if (libraryId) return { libraryId }
  if (required) throw badRequest(`${field}: is required`)
  return null
}

/** The image a record is about to show: its stored file, and what keeps it in the library. */
export interface ChosenImage {
  name: string
  /**
   * Inside the record's transaction: an upload joins the media library (described by `alt`, the record's name),
   * a library image is held so it cannot be deleted from under the record. Every write that shows the image calls it.
   */
  keep(trx: Db, alt: string): Promise<void>
}

type ImageDeps = { db: Db; uploads: UploadStore; now: () => number }

/**
 * Prepares the chosen image, then runs the change. An upload is checked against the forms' own limit and its
 * bytes, stripped of metadata and stored with its responsive variants under content-hashed names; if the change
 * fails, the files this call wrote are removed, so nothing is left behind. When it succeeds, the image it
 * replaced (if any) is released.
 */
export async function withStoredImage<T>(
  deps: ImageDeps,
  by: string | null,
  choice: ImageChoice,
  change: (image: ChosenImage | null) => Promise<{ result: T; replaced?: string | null }>,
): Promise<T> {
  let chosen: ChosenImage | null = null
  let written: string[] = []
  if (choice && "file" in choice) {
    const image = await processChecked(choice.file, deps.uploads.checkImage(choice.file, CONTENT_IMAGE_KINDS))
    written = storeFiles(deps.uploads, image)
    chosen = {
      name: image.original.name,
      keep: async (trx, alt) => void (await addToLibrary(trx, image, alt, by, new Date(deps.now()))),
    }
  } else if (choice) {
    const row = await findMedia(deps.db, choice.libraryId)
    if (!row) throw badRequest(LIBRARY_IMAGE_GONE)
    chosen = {
      name: row.file,
      keep: async (trx) => {
        if (!(await holdMedia(trx, choice.libraryId))) throw badRequest(LIBRARY_IMAGE_GONE)
      },
    }
  }
  let outcome: { result: T; replaced?: string | null }
  try {
    outcome = await change(chosen)
  } catch (error) {
    for (const name of written) deps.uploads.remove(name, "public")
    throw error
  }
  if (outcome.replaced && outcome.replaced !== chosen?.name) await releaseImage(deps, outcome.replaced)
  return outcome.result
}

/**
 * A public image its record no longer shows (replaced, or the record deleted): its file goes, unless the media
 * library keeps it (issue 28) or another record still shows it.
 */
export async function releaseImage(deps: { db: Db; uploads: UploadStore }, name: string): Promise<void> {
  if ((await findMediaByFile(deps.db, name)) || ((await usesOf(deps.db, [name])).get(name) ?? []).length > 0) return
  deps.uploads.remove(name, "public")
}
