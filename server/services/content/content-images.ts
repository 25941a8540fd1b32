import type { UploadedFile } from "../../plugins/multipart.ts"
import type { ImageKind } from "../storage/image-types.ts"
import type { UploadStore } from "../storage/uploads.ts"
import { badRequest } from "../errors.ts"
import type { Db } from "../../db/database.ts"
import { usesOf } from "../../db/repositories/media.repository.ts"

/** Content images: checked by their bytes, never SVG or HTML; public, since the website shows them. */
export const CONTENT_IMAGE_KINDS: readonly ImageKind[] = ["png", "jpeg", "webp", "gif"]

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

/**
 * Stores the image (when one came), then runs the change. If the change fails, the new file is
 * removed so nothing is left behind; if it succeeds, the file it replaced (if any) is removed.
 */
export async function withStoredImage<T>(
  deps: ImageDeps,
  file: UploadedFile | null,
  change: (image: string | null) => Promise<{ result: T; replaced?: string | null }>,
): Promise<T> {
  const { uploads } = deps
  const stored = file ? uploads.saveImage(file, CONTENT_IMAGE_KINDS, "public") : null
  let outcome: { result: T; replaced?: string | null }
  try {
    outcome = await change(stored?.name ?? null)
  } catch (error) {
    if (stored) uploads.remove(stored.name, "public")
    throw error
  }
  if (outcome.replaced && outcome.replaced !== stored?.name) await releaseImage(deps, outcome.replaced)
  return outcome.result
}

type ImageDeps = { db: Db; uploads: UploadStore }

/**
 * A public image its record no longer shows (replaced, or the record deleted): its file goes, unless the media
 * library keeps it (issue 28) or another record still shows it.
 */
export async function releaseImage(deps: ImageDeps, name: string): Promise<void> {
  const kept = await deps.db.selectFrom("media").select("id").where("file", "=", name).executeTakeFirst()
  if (kept || ((await usesOf(deps.db, [name])).get(name) ?? []).length > 0) return
  deps.uploads.remove(name, "public")
}
