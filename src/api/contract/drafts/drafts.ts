import { Schema } from "effect"

/**
 * Drafts (issue 28): a content form's text saved as it is typed, before it is published. A draft may be
 * incomplete, so only lengths are checked (the form's own rules apply when it is published); files are
 * not part of a draft. Kept per person and form: `blog:new` for Add Blog, `blog:<id>` for a blog's update,
 * and the same for the card forms (`expert:`, `testimonial:`, `press:`).
 */
export const draftForms = ["blog", "expert", "testimonial", "press"] as const
export type DraftForm = (typeof draftForms)[number]
export const DRAFT_KEY_PATTERN = /^(blog|expert|testimonial|press):(new|[A-Za-z0-9_-]{1,64})$/u
export const DraftKey = Schema.String.check(
  Schema.isPattern(DRAFT_KEY_PATTERN, { message: "must be <form>:new or <form>:<id>, the form one of blog, expert, testimonial, press" }),
)
export const draftKeyOf = (form: DraftForm, recordId: string | null): string => `${form}:${recordId ?? "new"}`

const upTo = (max: number) => Schema.String.check(Schema.isMaxLength(max, { message: `must be at most ${max} characters` }))

/**
 * The content forms' text fields as typed, each form using its own (the limits are the forms' own): the blog's
 * name, title, keyword, description and body; an expert's name and designation; a testimonial's name and
 * content (`summery`); a press item's link and type.
 */
export const DraftValues = Schema.Struct({
  blogName: Schema.optional(upTo(200)),
  title: Schema.optional(upTo(200)),
  keyword: Schema.optional(upTo(300)),
  description: Schema.optional(upTo(2000)),
  about: Schema.optional(upTo(200_000)),
  name: Schema.optional(upTo(120)),
  designation: Schema.optional(upTo(200)),
  summery: Schema.optional(upTo(2000)),
  link: Schema.optional(upTo(2000)),
  type: Schema.optional(upTo(40)),
})
export type DraftValues = typeof DraftValues.Type

/** GET /drafts?form=blog: only that form's drafts (the Blogs list shows the blog drafts). */
export const DraftListQuery = Schema.Struct({ form: Schema.optional(Schema.Literals(draftForms)) })

export const DraftParams = Schema.Struct({ key: DraftKey })
export const SaveDraftRequest = Schema.Struct({ values: DraftValues })
export type SaveDraftRequest = typeof SaveDraftRequest.Type

export const Draft = Schema.Struct({ key: Schema.String, values: DraftValues, updatedAt: Schema.String })
export type Draft = typeof Draft.Type

/** GET /drafts/:key: the person's draft of that form, or null when there is none. */
export const DraftAnswer = Schema.Struct({ success: Schema.Boolean, data: Schema.NullOr(Draft) })

/** PUT /drafts/:key: when it was saved. */
export const SavedDraftAnswer = Schema.Struct({
  success: Schema.Boolean,
  message: Schema.String,
  data: Schema.Struct({ key: Schema.String, updatedAt: Schema.String }),
})

/** One of the person's drafts: which form, the title (or name, or link) typed so far, when it was saved. */
export const DraftSummary = Schema.Struct({ key: Schema.String, title: Schema.String, updatedAt: Schema.String })
export type DraftSummary = typeof DraftSummary.Type
export const DraftListAnswer = Schema.Struct({ success: Schema.Boolean, data: Schema.Array(DraftSummary) })

export const DRAFT_SAVED = "Draft saved."
export const DRAFT_DISCARDED = "Draft discarded."
