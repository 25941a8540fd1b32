import { Schema } from "effect"
import { Id, IsoDateTime } from "../common.ts"

/**
 * A blog's revisions (issue 28): the blog as it stood after each recorded change, read back from the event
 * log (which holds every change's old and new values), so a revision is an event the auditors' log shows.
 * `id` is the event's id; "initial" names the blog as it stood before its first recorded change, when the
 * log does not hold its creation (blogs that came with the demo data).
 */
export const BlogRevisionSummary = Schema.Struct({
  id: Schema.String,
  /** When the change was made; null for "initial", whose moment the log does not know. */
  at: Schema.NullOr(IsoDateTime),
  /** Who made it, by name; null when nobody signed in did (or for "initial"). */
  by: Schema.NullOr(Schema.String),
  /** What the change was, in words: Created, Updated, Published, Unpublished, or As first recorded. */
  change: Schema.String,
  title: Schema.String,
  /** The blog as it stands now. */
  current: Schema.Boolean,
})
export type BlogRevisionSummary = typeof BlogRevisionSummary.Type
export const BlogRevisionsAnswer = Schema.Struct({ success: Schema.Boolean, data: Schema.Array(BlogRevisionSummary) })

/** One revision's full content; `aboutText` is its rich-text body as plain text, the diff's input. */
export const BlogRevision = Schema.Struct({
  ...BlogRevisionSummary.fields,
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

export const BlogRevisionParams = Schema.Struct({ id: Id, revision: Schema.String.check(Schema.isMaxLength(40)) })

export const REVISION_RESTORED = "Revision restored. It is now the blog's content, kept as a new revision."
export const REVISION_NOT_FOUND = "This blog has no such revision."
