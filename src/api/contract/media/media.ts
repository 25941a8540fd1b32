import { Schema } from "effect"
import { Id, IsoDateTime, PageQuery } from "../common.ts"
import { ImageUrl, itemAnswer, listAnswer, requiredText } from "../content/content-common.ts"

/**
 * The media library (issue 28): every image uploaded for the website, once, with its alt text, size and
 * dimensions, who uploaded it and where it is used. Each is checked by its bytes, stripped of metadata (EXIF
 * location included) and stored with responsive variants: 320, 640 and 1280 px wide (never wider than the
 * original), each as WebP and in the original's format. Every file name is a hash of its bytes, so it is
 * served with a year-long, immutable cache lifetime.
 */

/** The multipart file field of an upload. */
export const MEDIA_IMAGE_FIELD = "image"
/** A photo straight from a camera fits: larger than the forms' own uploads. */
export const MEDIA_UPLOAD_BYTES = 20 * 1024 * 1024
/** The variants' widths, in pixels. */
export const mediaWidths = [320, 640, 1280] as const
export const ALT_MAX_LENGTH = 300

/** One stored variant: its width and height, its media type and address, its size in bytes. */
export const MediaVariant = Schema.Struct({
  width: Schema.Number,
  height: Schema.Number,
  type: Schema.String,
  url: ImageUrl,
  bytes: Schema.Number,
})
export type MediaVariant = typeof MediaVariant.Type

/** The kinds of record that show an image, as the library names them. */
export const mediaUseKinds = ["blog", "scheduledBlog", "expert", "testimonial", "press", "gallery"] as const
export const mediaUseLabels: Record<(typeof mediaUseKinds)[number], string> = {
  blog: "Blog",
  scheduledBlog: "Blog (scheduled changes)",
  expert: "Expert",
  testimonial: "Testimonial",
  press: "Press item",
  gallery: "Gallery",
}
/** A record that shows the image: its kind, id and name (a blog's title, an expert's name...). */
export const MediaUse = Schema.Struct({ kind: Schema.Literals(mediaUseKinds), id: Id, label: Schema.String })
export type MediaUse = typeof MediaUse.Type

export const MediaItem = Schema.Struct({
  _id: Id,
  /** The original (metadata stripped), at its own size. */
  url: ImageUrl,
  type: Schema.String,
  width: Schema.Number,
  height: Schema.Number,
  bytes: Schema.Number,
  alt: Schema.String,
  /** `srcset` values ready for an `<img>` (original format) and a WebP `<source>`: "url 320w, url 640w, …". */
  srcset: Schema.String,
  webpSrcset: Schema.String,
  variants: Schema.Array(MediaVariant),
  uploadedBy: Schema.NullOr(Schema.String),
  createdAt: IsoDateTime,
  usedIn: Schema.Array(MediaUse),
})
export type MediaItem = typeof MediaItem.Type

/** GET /media: newest first; `search` finds words of the alt text. */
export const MediaListQuery = PageQuery
export const MediaListAnswer = listAnswer(MediaItem)
export const MediaAnswer = itemAnswer(MediaItem)

/** POST /media, multipart: the `image` file and its alt text (what the image shows, for people who cannot see it). */
export const MediaUploadFields = Schema.Struct({
  alt: requiredText(ALT_MAX_LENGTH).annotate({ description: "What the image shows, read aloud to people who cannot see it" }),
})
export const MediaAltRequest = Schema.Struct({ alt: requiredText(ALT_MAX_LENGTH) })
/** DELETE /media/:id: an image still in use is deleted only with `force=true`, after the warning. */
export const MediaDeleteQuery = Schema.Struct({ force: Schema.optional(Schema.Literals(["true"])) })

export const MEDIA_ADDED = "Image added to the library."
export const MEDIA_ALT_SAVED = "Alt text saved."
export const MEDIA_DELETED = "Image deleted from the library."
export const MEDIA_NOT_FOUND = "Image not found."
export const MEDIA_IN_USE =
  "This image is still used. Delete it anyway to take it out of the library; the pages that show it keep it until they get another image."
