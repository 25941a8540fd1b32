import { Schema } from "effect"

/**
 * Drafts (issue 28): a content form's text saved as it is typed, before it is published. A draft may be
 * incomplete, so only lengths are checked (the form's own rules apply when it is published); files are
 * not part of a draft. Kept per person and form: `blog:new` for Add Blog, `blog:<id>` for a blog's update.
 */
export const DRAFT_KEY_PATTERN = /^blog:(new|[A-Za-z0-9_-]{1,64})$/u
export const DraftKey = Schema.String.check(Schema.isPattern(DRAFT_KEY_PATTERN, { message: "must be blog:new or blog:<id>" }))
export const draftKeyOf = (form: "blog", recordId: string | null): string => `${form}:${recordId ?? "new"}`

const upTo = (max: number) => Schema.String.check(Schema.isMaxLength(max, { message: `must be at most ${max} characters` }))

/** The blog form's text fields as typed (the limits are the blog's own). */
export const BlogDraftValues = Schema.Struct({
  blogName: Schema.optional(upTo(200)),
  title: Schema.optional(upTo(200)),
  keyword: Schema.optional(upTo(300)),
  description: Schema.optional(upTo(2000)),
  about: Schema.optional(upTo(200_000)),
})
export type BlogDraftValues = typeof BlogDraftValues.Type

export const DraftParams = Schema.Struct({ key: DraftKey })
export const SaveDraftRequest = Schema.Struct({ values: BlogDraftValues })
export type SaveDraftRequest = typeof SaveDraftRequest.Type

export const Draft = Schema.Struct({ key: Schema.String, values: BlogDraftValues, updatedAt: Schema.String })
export type Draft = typeof Draft.Type

/** GET /drafts/:key: the person's draft of that form, or null when there is none. */
export const DraftAnswer = Schema.Struct({ success: Schema.Boolean, data: Schema.NullOr(Draft) })

/** PUT /drafts/:key: when it was saved. */
export const SavedDraftAnswer = Schema.Struct({
  success: Schema.Boolean,
  message: Schema.String,
  data: Schema.Struct({ key: Schema.String, updatedAt: Schema.String }),
})

/** One of the person's drafts in the Blogs list: which form, the title typed so far, when it was saved. */
export const DraftSummary = Schema.Struct({ key: Schema.String, title: Schema.String, updatedAt: Schema.String })
export type DraftSummary = typeof DraftSummary.Type
export const DraftListAnswer = Schema.Struct({ success: Schema.Boolean, data: Schema.Array(DraftSummary) })

export const DRAFT_SAVED = "Draft saved."
export const DRAFT_DISCARDED = "Draft discarded."
