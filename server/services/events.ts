import { json, type Db } from "../db/database.ts"
import { markCommitted } from "./idempotency.ts"
import { currentOrigin } from "./request-origin.ts"
import { workflowHashOf } from "./audit/workflows.ts"

export interface DomainEvent {
  entityType: string
  entityId: string
  type: string
  actorId: string | null
  before?: unknown
  after?: unknown
}

let appended = 0

/** How many events this process has appended so far (the sealer seals after a request during which this grew). */
export const eventsAppended = (): number => appended

/**
 * Appends to the event log; callers pass their transaction so the event and the change commit together.
 * A request sent with an Idempotency-Key has its key marked committed in the same transaction. The event
 * names the workflow version that allowed it; the hash chain seals it after the commit (audit-chain.ts).
 */
export async function appendEvent(db: Db, event: DomainEvent): Promise<void> {
  await markCommitted(db)
  const origin = currentOrigin()
  await db
    .insertInto("events")
    .values({
      entity_type: event.entityType,
      entity_id: event.entityId,
      type: event.type,
      actor_id: event.actorId,
      before: event.before === undefined ? null : json(event.before),
      after: event.after === undefined ? null : json(event.after),
      machine: workflowHashOf(event.type),
      ip: origin?.ip ?? null,
      request_id: origin?.requestId ?? null,
    })
    .execute()
  appended += 1
}
