import { json, type Db } from "../db/database.ts"
import { markCommitted } from "./idempotency.ts"

export interface DomainEvent {
  entityType: string
  entityId: string
  type: string
  actorId: string | null
  before?: unknown
  after?: unknown
}

/**
 * Appends to the event log; callers pass their transaction so the event and the change commit together.
 * A request sent with an Idempotency-Key has its key marked committed in the same transaction.
 */
export async function appendEvent(db: Db, event: DomainEvent): Promise<void> {
  await markCommitted(db)
  await db
    .insertInto("events")
    .values({
      entity_type: event.entityType,
      entity_id: event.entityId,
      type: event.type,
      actor_id: event.actorId,
      before: event.before === undefined ? null : json(event.before),
      after: event.after === undefined ? null : json(event.after),
    })
    .execute()
}
