import { Schema } from "effect"
import { IsoDateTime, RangeInstant } from "../common.ts"
import { ImageUrl } from "../content/content-common.ts"
import { BlogUpdateFields } from "./blog.ts"

/**
 * A blog's scheduled publish (issue 28): changes made on the update page that go live at `publishAt`
 * instead of at once, in the name of whoever scheduled them (`by`, `at`). When they go live the blog is
 * updated with them and published; until then the blog stays as it is and the schedule can be moved or
 * cancelled. `values` are the scheduled text fields, `image` a new image if one was chosen.
 */
export const BlogSchedule = Schema.Struct({
  publishAt: IsoDateTime,
  by: Schema.NullOr(Schema.String),
  at: IsoDateTime,
  values: Schema.Struct({
    blogName: Schema.optional(Schema.String),
    title: Schema.optional(Schema.String),
    keyword: Schema.optional(Schema.String),
    description: Schema.optional(Schema.String),
    about: Schema.optional(Schema.String),
  }),
  image: Schema.NullOr(ImageUrl),
})
export type BlogSchedule = typeof BlogSchedule.Type

/** GET /blog/schedule/:id: the blog's pending schedule, or null when nothing is scheduled. */
export const BlogScheduleAnswer = Schema.Struct({ success: Schema.Boolean, data: Schema.NullOr(BlogSchedule) })
export const BlogScheduledAnswer = Schema.Struct({ success: Schema.Boolean, message: Schema.String, data: BlogSchedule })

/** PUT /blog/schedule/:id, multipart: the update's fields, optionally a new `image`, and when they go live. */
export const BlogScheduleFields = Schema.Struct({
  ...BlogUpdateFields.fields,
  publishAt: RangeInstant.annotate({ description: "When the changes go live: in the future, within a year" }),
})

export const SCHEDULE_SAVED = "Changes scheduled. They go live at the time set."
export const SCHEDULE_CANCELLED = "Scheduled publish cancelled."
export const NO_SCHEDULE = "No publish is scheduled for this blog."
export const PUBLISH_AT_PAST = "publishAt: must be in the future"
export const PUBLISH_AT_TOO_LATE = "publishAt: must be within a year"
/** How far ahead a publish may be scheduled. */
export const MAX_SCHEDULE_DAYS = 366
