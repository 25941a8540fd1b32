import { Schema } from "effect"
import { RevisionSummary } from "../revisions.ts"

/**
 * One of a card's revisions (an expert, a testimonial, a press item; issue 28) in full: its text fields by
 * name as the form names them (`name`, `designation`; `name`, `summery`; `link`, `type`) and its image's URL.
 */
export const CardRevision = Schema.Struct({
  ...RevisionSummary.fields,
  values: Schema.Record(Schema.String, Schema.String),
  image: Schema.String,
})
export type CardRevision = typeof CardRevision.Type
export const CardRevisionAnswer = Schema.Struct({ success: Schema.Boolean, data: CardRevision })

export const CARD_REVISION_RESTORED = "Revision restored. It is now the current content, kept as a new revision."
export const cardRevisionNotFound = (noun: string) => `This ${noun.toLowerCase()} has no such revision.`
