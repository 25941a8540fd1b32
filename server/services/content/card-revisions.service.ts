import { CARD_REVISION_RESTORED, cardRevisionNotFound, type CardRevision } from "../../../src/api/contract/content/card-revisions.ts"
import { uploadUrl } from "../../db/repositories/blogs.repository.ts"
import type { AppDeps } from "../../deps.ts"
import type { Caller } from "../auth/tokens.ts"
import { updateCard, type CardKind } from "./cards.service.ts"
import { revisionOf, revisionsOf, text, type RevisionKind } from "./revisions.ts"
import type { Fields } from "../audit/projections.ts"

type Deps = Pick<AppDeps, "db" | "uploads" | "now">

/** A card kind's revisions (issue 28): created, then each update (a restore is an update too). */
const revisionKindOf = <Row, Item extends { _id: string }, F>(kind: CardKind<Row, Item, F>): RevisionKind => ({
  entityType: kind.entityType,
  changeOf: { [`${kind.entityType}.created`]: () => "Created", [`${kind.entityType}.updated`]: () => "Updated" },
  titleOf: (fields) => text(fields[kind.titleField]),
  notFound: `${kind.noun} not found.`,
  noRevision: cardRevisionNotFound(kind.noun),
})

const valuesOf = <Row, Item extends { _id: string }, F>(kind: CardKind<Row, Item, F>, fields: Fields): Record<string, string> =>
  Object.fromEntries(kind.textFields.map((key) => [key, text(fields[key])]))

/** GET /<kind>/revisions/:id */
export async function listCardRevisions<Row, Item extends { _id: string }, F>(deps: Pick<Deps, "db">, kind: CardKind<Row, Item, F>, id: string) {
  return { success: true, data: (await revisionsOf(deps.db, revisionKindOf(kind), id)).map((r) => r.summary) }
}

/** GET /<kind>/revisions/:id/:revision */
export async function getCardRevision<Row, Item extends { _id: string }, F>(
  deps: Pick<Deps, "db">,
  kind: CardKind<Row, Item, F>,
  id: string,
  revision: string,
) {
  const { summary, fields } = await revisionOf(deps.db, revisionKindOf(kind), id, revision)
  const data: CardRevision = { ...summary, values: valuesOf(kind, fields), image: uploadUrl(text(fields[kind.imageField])) }
  return { success: true, data }
}

/**
 * POST /<kind>/revisions/:id/:revision/restore: the revision's text goes back through the update itself (its
 * lock and event), so a restore is one more revision. The image stays: a replaced one was deleted.
 */
export async function restoreCardRevision<Row, Item extends { _id: string }, F>(
  deps: Deps,
  kind: CardKind<Row, Item, F>,
  caller: Caller,
  id: string,
  revision: string,
) {
  const { fields } = await revisionOf(deps.db, revisionKindOf(kind), id, revision)
  const restored = await updateCard(deps, kind, caller, id, valuesOf(kind, fields) as Partial<F>, [])
  return { ...restored, message: CARD_REVISION_RESTORED }
}
