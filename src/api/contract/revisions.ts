import { Schema } from "effect"
import { Id, IsoDateTime } from "./common.ts"

/**
 * A content item's revisions (issue 28): the item as it stood after each recorded change, read back from the
 * event log (which holds every change's old and new values), so a revision is an event the auditors' log shows.
 * `id` is the event's id; "initial" names the item as it stood before its first recorded change, when the log
 * does not hold its creation (items that came with the demo data).
 */
export const RevisionSummary = Schema.Struct({
  id: Schema.String,
  /** When the change was made; null for "initial", whose moment the log does not know. */
  at: Schema.NullOr(IsoDateTime),
  /** Who made it, by name; null when nobody signed in did (or for "initial"). */
  by: Schema.NullOr(Schema.String),
  /** What the change was, in words: Created, Updated, Published, Unpublished, or As first recorded. */
  change: Schema.String,
  /** The item's name or title in that revision. */
  title: Schema.String,
  /** The item as it stands now. */
  current: Schema.Boolean,
})
export type RevisionSummary = typeof RevisionSummary.Type
export const RevisionsAnswer = Schema.Struct({ success: Schema.Boolean, data: Schema.Array(RevisionSummary) })

export const RevisionParams = Schema.Struct({ id: Id, revision: Schema.String.check(Schema.isMaxLength(40)) })
