import { Schema } from "effect"
import { Id, isOneOf, IsoDateTime, PageParam, dayRangeFields } from "../common.ts"
import { ImageUrl, itemAnswer, libraryImageField, listAnswer, requiredText } from "../content/content-common.ts"

/** The text colours the blog editor offers (spec section 2), by name and hex; the server allows only these. */
export const blogColors = [
  { name: "black", hex: "#000000" },
  { name: "red", hex: "#ff0000" },
  { name: "green", hex: "#008000" },
  { name: "blue", hex: "#0000ff" },
  { name: "yellow", hex: "#ffff00" },
  { name: "white", hex: "#ffffff" },
  { name: "orange", hex: "#ffa500" },
  { name: "purple", hex: "#800080" },
] as const
export type BlogColor = (typeof blogColors)[number]["name"]

/**
 * A blog (spec section 3). `about` is the rich-text body as HTML, sanitised by the server with an
 * allowlist; `slug` is made from the blog name and unique; `status` true means published.
 */
export const Blog = Schema.Struct({
  _id: Id,
  blogName: Schema.String,
  title: Schema.String,
  keyword: Schema.String,
  description: Schema.String,
  image: ImageUrl,
  about: Schema.String,
  slug: Schema.String,
  status: Schema.Boolean,
  createdAt: IsoDateTime,
})
export type Blog = typeof Blog.Type

/** The multipart file field of a blog's image. */
export const BLOG_IMAGE_FIELD = "image"

const blogFields = {
  blogName: requiredText(200),
  title: requiredText(200),
  keyword: requiredText(300),
  description: requiredText(2000),
  about: requiredText(200_000),
}

/** POST /blog/create, multipart: these text fields plus the `image` file (required). */
export const BlogCreateFields = Schema.Struct({ ...blogFields, ...libraryImageField }).annotate({
  description: "`about` is rich text (HTML or Slate JSON): unsafe markup is removed, and what is left must hold some text.",
})

/** PATCH /blog/update/:id, multipart: any of the fields (nulls skipped) and optionally a new `image`. */
export const BlogUpdateFields = Schema.Struct({
  blogName: Schema.optional(blogFields.blogName),
  title: Schema.optional(blogFields.title),
  keyword: Schema.optional(blogFields.keyword),
  description: Schema.optional(blogFields.description),
  about: Schema.optional(blogFields.about),
  ...libraryImageField,
})

export const BlogStatusRequest = Schema.Struct({ status: Schema.Boolean })

export const BlogListAnswer = listAnswer(Blog)

/** The Blogs list's orders (issue 26): by name, letter case ignored, or by when created; newest first unless told. */
export const blogSorts = ["blogName", "-blogName", "createdAt", "-createdAt"] as const
export type BlogSort = (typeof blogSorts)[number]
export const isBlogSort = isOneOf(blogSorts)

/** The Blogs list's Status filter: the blogs switched Active (shown on the site) or Inactive only. */
export const blogStatuses = ["active", "inactive"] as const
export type BlogStatusFilter = (typeof blogStatuses)[number]
export const isBlogStatusFilter = isOneOf(blogStatuses)

/** GET /blog/get: the content lists' paging, with the Blogs screen's order and Status filter. */
export const BlogListQuery = Schema.Struct({
  page: PageParam,
  limit: PageParam,
  sort: Schema.optional(Schema.Literals(blogSorts)),
  status: Schema.optional(Schema.Literals(blogStatuses)),
  // The Created days (issue 26).
  ...dayRangeFields("blogs created"),
})
export type BlogListQuery = typeof BlogListQuery.Type
/** GET /blog/getDetails/:id answers `data` as an array; the console uses the first item. */
export const BlogDetailsAnswer = Schema.Struct({ success: Schema.Boolean, data: Schema.Array(Blog) })
export const BlogAnswer = itemAnswer(Blog)
export const SlugParams = Schema.Struct({ slug: Schema.String.check(Schema.isPattern(/^[a-z0-9-]{1,120}$/u, { message: "is not a blog address" })) })
