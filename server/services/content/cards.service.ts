import { randomUUID } from "node:crypto"
import type { ContentPageQuery } from "../../../src/api/contract/content/content-common.ts"
import type { CardRepository } from "../../db/repositories/card-repository.ts"
import type { AppDeps } from "../../deps.ts"
import type { UploadedFile } from "../../plugins/multipart.ts"
import type { Caller } from "../auth/tokens.ts"
import { notFound } from "../errors.ts"
import { snapshotOf } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"
import { chooseImage, releaseImage, withStoredImage, type LibraryChoice } from "./content-images.ts"
import { contentPaging, listAnswer } from "./list-answer.ts"

/** One kind of image card (experts, testimonials, press): its table, image field and wording. */
export interface CardKind<Row, Item extends { _id: string }, Fields> {
  repository: CardRepository<Row, Item, Fields>
  /** Event entity type, e.g. `expert` (events `expert.created`, `expert.updated`, `expert.deleted`). */
  entityType: string
  /** Shown in messages, e.g. `Expert`. */
  noun: string
  imageField: string
  /** The text fields, as the table's columns and the form's names: what a revision holds and a restore puts back. */
  textFields: readonly (keyof Fields & string)[]
  /** The field that names an item in its revisions. */
  titleField: keyof Fields & string
}

type Deps = Pick<AppDeps, "db" | "uploads" | "now">

/** A card's upload joins the media library described by the card's title field (an expert's name, a press link). */
const altOf = <Row, Item extends { _id: string }, Fields>(kind: CardKind<Row, Item, Fields>, row: Row): string =>
  String((row as Record<string, unknown>)[kind.titleField] ?? kind.noun)

export async function addCard<Row, Item extends { _id: string }, Fields>(
  deps: Deps,
  kind: CardKind<Row, Item, Fields>,
  caller: Caller,
  body: Fields & LibraryChoice,
  files: UploadedFile[],
) {
  const { libraryImage, ...rest } = body
  const fields = rest as Fields
  const choice = chooseImage(files, kind.imageField, libraryImage, true)
  const data = await withStoredImage(deps, caller.id, choice, async (image) => {
    const result = await deps.db.transaction().execute(async (trx) => {
      const row = await kind.repository.insert(trx, { id: randomUUID(), fields, image: image!.name, at: new Date(deps.now()) })
      const item = kind.repository.toItem(row)
      await image!.keep(trx, altOf(kind, row))
      await recordChange(trx, { entityType: kind.entityType, entityId: item._id, type: `${kind.entityType}.created`, actorId: caller.id })
      return item
    })
    return { result }
  })
  return { success: true, message: `${kind.noun} added successfully!`, data }
}

export async function updateCard<Row, Item extends { _id: string }, Fields>(
  deps: Deps,
  kind: CardKind<Row, Item, Fields>,
  caller: Caller,
  id: string,
  body: Partial<Fields> & LibraryChoice,
  files: UploadedFile[],
) {
  const { libraryImage, ...rest } = body
  const fields = rest as Partial<Fields>
  const choice = chooseImage(files, kind.imageField, libraryImage, false)
  const data = await withStoredImage(deps, caller.id, choice, (image) =>
    deps.db.transaction().execute(async (trx) => {
      const before = await kind.repository.lock(trx, id)
      if (!before) throw notFound(`${kind.noun} not found.`)
      const fieldsBefore = await snapshotOf(trx, kind.entityType, id)
      const row = await kind.repository.update(trx, { id, fields, image: image?.name ?? null, at: new Date(deps.now()) })
      const item = kind.repository.toItem(row)
      await image?.keep(trx, altOf(kind, row))
      await recordChange(trx, { entityType: kind.entityType, entityId: id, type: `${kind.entityType}.updated`, actorId: caller.id, before: fieldsBefore })
      return { result: item, replaced: image ? kind.repository.imageOf(before) : null }
    }),
  )
  return { success: true, message: `${kind.noun} updated successfully!`, data }
}

export async function deleteCard<Row, Item extends { _id: string }, Fields>(deps: Deps, kind: CardKind<Row, Item, Fields>, caller: Caller, id: string) {
  const image = await deps.db.transaction().execute(async (trx) => {
    const before = await kind.repository.lock(trx, id)
    if (!before) throw notFound(`${kind.noun} not found.`)
    const fieldsBefore = await snapshotOf(trx, kind.entityType, id)
    await kind.repository.remove(trx, id)
    await recordChange(trx, { entityType: kind.entityType, entityId: id, type: `${kind.entityType}.deleted`, actorId: caller.id, before: fieldsBefore })
    return kind.repository.imageOf(before)
  })
  // The file goes only once the row is gone for good.
  await releaseImage(deps, image)
  return { success: true, message: `${kind.noun} deleted successfully.` }
}

export async function listCards<Row, Item extends { _id: string }, Fields>(
  deps: Pick<AppDeps, "db">,
  kind: CardKind<Row, Item, Fields>,
  query: ContentPageQuery,
) {
  const at = contentPaging(query)
  return listAnswer(await kind.repository.list(deps.db, at), at)
}
