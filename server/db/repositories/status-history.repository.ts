import type { StatusChange } from "../../../src/api/contract/vendors/vendor.ts"
import type { Db } from "../database.ts"

/** The event type of a vendor status change; its `before`/`after` are `{ status }`. */
export const STATUS_CHANGED = "user.statusChanged"

type StatusSnapshot = { status: StatusChange["from"] }

/** Every status change of one user, oldest first, on the events (entity_type, entity_id, id) index. */
export async function statusHistoryOf(db: Db, userId: string): Promise<StatusChange[]> {
  const rows = await db
    .selectFrom("events")
    .leftJoin("users as actor", "actor.id", "events.actor_id")
    .select(["events.at", "events.actor_id", "actor.name as actor_name", "events.before", "events.after"])
    .where("events.entity_type", "=", "user")
    .where("events.entity_id", "=", userId)
    .where("events.type", "=", STATUS_CHANGED)
    .orderBy("events.id", "asc")
    .execute()
  return rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    actorId: r.actor_id,
    actorName: r.actor_name,
    from: (r.before as StatusSnapshot).status,
    to: (r.after as StatusSnapshot).status,
  }))
}
