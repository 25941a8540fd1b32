import { CARD_REVISION_RESTORED, type CardRevision } from "../../api/contract/content/card-revisions.ts"
import type { cardRevisionEndpoints } from "../../api/contract/content/card-revisions.endpoints.ts"
import { expertRevisions } from "../../api/contract/content/expert.endpoints.ts"
import { pressRevisions } from "../../api/contract/content/press.endpoints.ts"
import { testimonialRevisions } from "../../api/contract/content/testimonial.endpoints.ts"
import { cardRevisionsApi } from "../../api/content/card-revisions.api.ts"
import type { FieldSpec } from "../form/field-spec.ts"
import { createRevisionsMachine, type RevisionComparison } from "../revisions.machine.ts"
import { wordDiff } from "../word-diff.ts"
import { expertFields } from "./experts.machine.ts"
import { pressFields } from "./press.machine.ts"
import { testimonialFields } from "./testimonials.machine.ts"

/**
 * Two revisions of a card, in its form's words: each short field that differs side by side, the long text
 * (a testimonial's Content, the form's text area) word by word.
 */
export const compareCardRevisions =
  (fields: readonly FieldSpec[]) =>
  (older: CardRevision, newer: CardRevision): RevisionComparison => {
    const long = fields.find((f) => f.kind === "textarea")
    const before = (name: string) => older.values[name] ?? ""
    const after = (name: string) => newer.values[name] ?? ""
    return {
      from: older,
      to: newer,
      fields: fields
        .filter((f) => f !== long && before(f.name) !== after(f.name))
        .map((f) => ({ label: f.label, before: before(f.name), after: after(f.name) })),
      body: long && before(long.name) !== after(long.name) ? wordDiff(before(long.name), after(long.name)) : null,
      bodyLabel: long?.label ?? "",
      imageChanged: older.image !== newer.image,
    }
  }

const cardRevisionsMachine = (id: string, calls: ReturnType<typeof cardRevisionEndpoints>, fields: readonly FieldSpec[]) => {
  const api = cardRevisionsApi(calls)
  return createRevisionsMachine<CardRevision>({
    id,
    calls,
    list: api.list,
    get: api.get,
    restore: api.restore,
    compare: compareCardRevisions(fields),
    restoredText: CARD_REVISION_RESTORED,
  })
}

/** The Revisions of an expert, a testimonial, a press item (issue 28), opened from its card. */
export const expertRevisionsMachine = cardRevisionsMachine("expertRevisions", expertRevisions, expertFields)
export const testimonialRevisionsMachine = cardRevisionsMachine("testimonialRevisions", testimonialRevisions, testimonialFields)
export const pressRevisionsMachine = cardRevisionsMachine("pressRevisions", pressRevisions, pressFields)
