import { Schema } from "effect"
import { trimmedText } from "../text.ts"
import { Id, PageParam } from "../common.ts"

/**
 * Shapes shared by the website-content calls (blogs, gallery, experts, testimonials, press, editors).
 * Lists take page and limit (the console asks page 1, limit 100; the blog table pages by 10) and
 * answer `data` with `pagination.total`. Images are answered as the public address of the stored
 * file, `/uploads/<random name>`.
 */
export const ContentPageQuery = Schema.Struct({ page: PageParam, limit: PageParam })
export type ContentPageQuery = typeof ContentPageQuery.Type

export const Pagination = Schema.Struct({
  total: Schema.Number,
  page: Schema.Number,
  limit: Schema.Number,
  totalPages: Schema.Number,
})
export type Pagination = typeof Pagination.Type

export const listAnswer = <S extends Schema.Top>(item: S) => Schema.Struct({ success: Schema.Boolean, data: Schema.Array(item), pagination: Pagination })

/** Create and update answers: the message to show and the item as stored. */
export const itemAnswer = <S extends Schema.Top>(item: S) => Schema.Struct({ success: Schema.Boolean, message: Schema.String, data: item })

export const IdParams = Schema.Struct({ id: Id })

/** A required form field: trimmed, not empty, bounded. */
export const requiredText = (max: number) => trimmedText({ required: true, max })

/** The public address of a stored image, e.g. `/uploads/3f9c…e1.png`. */
export const ImageUrl = Schema.String

/**
 * What a screen needs to show a record's image responsively (issue 28): the library's dimensions (to reserve the
 * space before it loads), its alt text, and `srcset` values for an `<img>` (the original's format) and a WebP
 * `<source>`. Null for an image that is not in the media library.
 */
export const Picture = Schema.Struct({
  width: Schema.Number,
  height: Schema.Number,
  alt: Schema.String,
  srcset: Schema.String,
  webpSrcset: Schema.String,
}).annotate({ description: "The image's dimensions, alt text and srcset values (320, 640, 1280 px as available), from the media library" })
export type Picture = typeof Picture.Type

/** Lists give each record the library's picture of its image: the console's cards and the public calls alike. */
export const pictureField = { picture: Schema.NullOr(Picture) }

/** Image kinds every content upload accepts, checked by the server from the file's bytes (never SVG or HTML). */
export const contentImageTypes = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const

/**
 * "Choose from library": a content form may name an image of the media library (its `_id`) instead of uploading
 * one; the record then shows that image. Sending both is refused.
 */
export const LIBRARY_IMAGE_FIELD = "libraryImage"
export const libraryImageField = {
  [LIBRARY_IMAGE_FIELD]: Schema.optional(
    Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(64)).annotate({
      description: "The `_id` of a media library image to show instead of uploading a file",
    }),
  ),
}

/** The file part of a content form that may come from the library instead. */
export const contentImagePart = (required: boolean) => ({ required, mediaTypes: contentImageTypes, instead: LIBRARY_IMAGE_FIELD }) as const
