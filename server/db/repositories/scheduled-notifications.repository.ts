import { json, type Db } from "../database.ts"

export interface ScheduledEntry {
  key: string
  entityType: string
  entityId: string
  dueAt: Date
  expiresAt: Date | null
  notifications: unknown[]
}

/** Schedules inside the caller's transaction; a key already scheduled (or told) is not scheduled again. */
export async function insertScheduled(trx: Db, entries: ScheduledEntry[], at: Date): Promise<void> {
  if (entries.length === 0) return
  await trx
    .insertInto("scheduled_notifications")
    .values(
      entries.map((e) => ({
        key: e.key,
        entity_type: e.entityType,
        entity_id: e.entityId,
        due_at: e.dueAt,
        expires_at: e.expiresAt,
        notifications: json(e.notifications),
        created_at: at,
      })),
    )
    .onConflict((oc) => oc.column("key").doNothing())
    .execute()
}

/** Forgets what a record still had scheduled (it moved, or will not happen). */
export const deletePendingScheduled = (trx: Db, entityType: string, entityId: string) =>
  trx.deleteFrom("scheduled_notifications").where("entity_type", "=", entityType).where("entity_id", "=", entityId).where("status", "=", "pending").execute()

/** Claims up to `limit` due rows for the caller's transaction; another instance skips them. */
export const claimDueScheduled = (trx: Db, now: Date, limit: number) =>
  trx
    .selectFrom("scheduled_notifications")
    .select(["id", "expires_at", "notifications"])
    .where("status", "=", "pending")
    .where("due_at", "<=", now)
    .orderBy("due_at")
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute()

export const markScheduled = (trx: Db, ids: string[], status: "done" | "dropped") =>
  ids.length === 0
    ? Promise.resolve()
    : trx
        .updateTable("scheduled_notifications")
        .set({ status })
        .where("id", "in", ids)
        .execute()
        .then(() => {})

/** When the next scheduled notification falls due. */
export async function nextScheduledAt(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom("scheduled_notifications")
    .select((eb) => eb.fn.min("due_at").as("at"))
    .where("status", "=", "pending")
    .executeTakeFirst()
  return row?.at ? new Date(row.at as Date) : null
}
