import type { UploadedFile } from "../../plugins/multipart.ts"
import type { ImageKind } from "../storage/image-types.ts"
import type { UploadStore } from "../storage/uploads.ts"
import { badRequest } from "../errors.ts"

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
  uploads: UploadStore,
  file: UploadedFile | null,
  change: (image: string | null) => Promise<{ result: T; replaced?: string | null }>,
): Promise<T> {
  const stored = file ? uploads.saveImage(file, CONTENT_IMAGE_KINDS, "public") : null
  let outcome: { result: T; replaced?: string | null }
  try {
    outcome = await change(stored?.name ?? null)
  } catch (error) {
    if (stored) uploads.remove(stored.name, "public")
    throw error
  }
  if (outcome.replaced && outcome.replaced !== stored?.name) uploads.remove(outcome.replaced, "public")
  return outcome.result
}
