import type { Picture } from "../../../src/api/contract/content/content-common.ts"
import type { MediaRow, StoredVariant } from "../../db/media.table.ts"
import { uploadUrl } from "../../db/repositories/blogs.repository.ts"
import { findMediaByFiles } from "../../db/repositories/media.repository.ts"
import { fromJson, type Db } from "../../db/database.ts"
import type { ImageKind } from "../storage/image-types.ts"

export const variantsOf = (row: Pick<MediaRow, "variants">): StoredVariant[] => fromJson<StoredVariant[]>(row.variants)

const srcsetOf = (variants: StoredVariant[], kind: string) =>
  variants
    .filter((v) => v.kind === kind)
    .map((v) => `${uploadUrl(v.file)} ${v.width}w`)
    .join(", ")

/** A library image's dimensions, alt text and srcset values: the one place they are made, for the library and the public API. */
export function pictureOf(row: Pick<MediaRow, "file" | "kind" | "width" | "height" | "alt" | "variants">): Picture {
  const variants = variantsOf(row)
  // Without variants of its own kind (a GIF), the original is the one candidate.
  const own = srcsetOf(variants, row.kind as ImageKind) || `${uploadUrl(row.file)} ${row.width}w`
  return { width: row.width, height: row.height, alt: row.alt, srcset: own, webpSrcset: srcsetOf(variants, "webp") }
}

const UPLOADS = "/uploads/"

/**
 * Each item with the library's picture of its image (null for one the library does not hold): one read for the
 * page, by the stored file names the items' addresses end in.
 */
export async function withPictures<T>(db: Db, items: readonly T[], imageOf: (item: T) => string): Promise<Array<T & { picture: Picture | null }>> {
  const fileOf = (url: string) => (url.startsWith(UPLOADS) ? url.slice(UPLOADS.length) : "")
  const files = [...new Set(items.map((item) => fileOf(imageOf(item))).filter(Boolean))]
  const rows = files.length === 0 ? [] : await findMediaByFiles(db, files)
  const byFile = new Map(rows.map((row) => [row.file, pictureOf(row)]))
  return items.map((item) => ({ ...item, picture: byFile.get(fileOf(imageOf(item))) ?? null }))
}

/** A list answer whose items each carry their picture: the console's card and gallery lists and the public calls. */
export async function pictured<I, P>(db: Db, answer: { success: boolean; data: readonly I[]; pagination: P }, imageOf: (item: I) => string) {
  return { success: answer.success, data: await withPictures(db, answer.data, imageOf), pagination: answer.pagination }
}
