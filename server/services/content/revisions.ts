import type { RevisionSummary } from "../../../src/api/contract/revisions.ts"
import type { Db } from "../../db/database.ts"
import { type Fields, snapshotOf } from "../audit/projections.ts"
import { notFound } from "../errors.ts"

/** An item's revision: what the list says of it, and the item's fields as they stood then. */
export interface Revision {
  summary: RevisionSummary
  fields: Fields
}

/** How one kind of item reads its revisions out of its events (issue 28). */
export interface RevisionKind {
  /** The events' entity type (`blog`, `expert`, ...). */
  entityType: string
  /** The change each event type makes, in words, from the fields after it; event types not named are not revisions. */
  changeOf: Record<string, (after: Fields) => string>
  /** The item's name in a revision's row. */
  titleOf: (fields: Fields) => string
  /** Said when the item does not exist, and when it has no such revision. */
  notFound: string
  noRevision: string
}

export const text = (value: unknown): string => (typeof value === "string" ? value : "")

/**
 * The item after each of its recorded changes, newest first. Walked back from the row as it is now: each
 * event's `before` holds the old values of the fields it changed, so the item before a change is the item
 * after it with those values put back. A log without the item's creation ends with the item as first recorded.
 */
export async function revisionsOf(db: Db, kind: RevisionKind, id: string): Promise<Revision[]> {
  const now = await snapshotOf(db, kind.entityType, id)
  if (!now) throw notFound(kind.notFound)
  const events = await db
    .selectFrom("events")
    .leftJoin("users", "users.id", "events.actor_id")
    .select(["events.id", "events.type", "events.at", "events.before", "users.name"])
    .where("events.entity_type", "=", kind.entityType)
    .where("events.entity_id", "=", id)
    .orderBy("events.id", "desc")
    .execute()
  const created = `${kind.entityType}.created`
  const revisions: Revision[] = []
  let fields: Fields | null = now
  for (const event of events) {
    if (!fields) break
    const change = kind.changeOf[event.type]
    if (change) {
      revisions.push({
        fields,
        summary: {
          id: String(event.id),
          at: new Date(event.at).toISOString(),
          by: event.name,
          change: change(fields),
          title: kind.titleOf(fields),
          current: revisions.length === 0,
        },
      })
    }
    fields = event.type === created ? null : { ...fields, ...((event.before as Fields | null) ?? {}) }
  }
  if (fields) {
    revisions.push({
      fields,
      summary: { id: "initial", at: null, by: null, change: "As first recorded", title: kind.titleOf(fields), current: revisions.length === 0 },
    })
  }
  return revisions
}

/** One revision of the item, or 404 in the kind's words. */
export async function revisionOf(db: Db, kind: RevisionKind, id: string, revision: string): Promise<Revision> {
  const found = (await revisionsOf(db, kind, id)).find((r) => r.summary.id === revision)
  if (!found) throw notFound(kind.noRevision)
  return found
}
