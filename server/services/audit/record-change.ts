import type { Db } from "../../db/database.ts"
import { appendEvent } from "../events.ts"
import { type Fields, snapshotOf, snapshotOfRow } from "./projections.ts"

export interface Change {
  entityType: string
  entityId: string
  /** `<entity>.<what happened>`; a `.deleted` type ends the entity. */
  type: string
  actorId: string | null
  /** The entity's fields before the change (`snapshotOf` inside the same transaction); none for a creation. */
  before?: Fields | null
  /** The entity's whole row as the change left it (what the write returned), so its fields are not read again. */
  row?: object
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Appends the event of a change the caller just wrote, in its transaction, following the fold's
 * convention: a creation's `after` holds every projected field, an update's `after` the fields
 * that changed (its `before` their old values), a deletion only `before`. The fields come from
 * the entity's projection, so the event and the row cannot drift apart.
 */
export async function recordChange(db: Db, change: Change): Promise<void> {
  const { before, row, ...event } = change
  if (change.type.endsWith(".deleted")) {
    await appendEvent(db, { ...event, before: before ?? undefined })
    return
  }
  const after = row ? snapshotOfRow(change.entityType, row) : await snapshotOf(db, change.entityType, change.entityId)
  if (!after) throw new Error(`${change.type}: ${change.entityType} ${change.entityId} does not exist after the change`)
  if (!before) {
    await appendEvent(db, { ...event, after })
    return
  }
  const changed = Object.keys(after).filter((k) => !same(before[k], after[k]))
  // A step that sets no projected field (e.g. a reply on a ticket) is still logged, with no fields.
  if (changed.length === 0) {
    await appendEvent(db, event)
    return
  }
  await appendEvent(db, {
    ...event,
    before: Object.fromEntries(changed.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(changed.map((k) => [k, after[k]])),
  })
}
