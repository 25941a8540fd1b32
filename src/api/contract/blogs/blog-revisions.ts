import { Schema } from "effect"
import { RevisionSummary } from "../revisions.ts"

/** One of a blog's revisions (issue 28, see RevisionSummary) in full; `aboutText` is its rich-text body as plain text, the diff's input. */
export const BlogRevision = Schema.Struct({
  ...RevisionSummary.fields,
  blogName: Schema.String,
  keyword: Schema.String,
  description: Schema.String,
  about: Schema.String,
  aboutText: Schema.String,
  image: Schema.String,
  status: Schema.Boolean,
})
export type BlogRevision = typeof BlogRevision.Type
export const BlogRevisionAnswer = Schema.Struct({ success: Schema.Boolean, data: BlogRevision })

export const REVISION_RESTORED = "Revision restored. It is now the blog's content, kept as a new revision."
export const REVISION_NOT_FOUND = "This blog has no such revision."
