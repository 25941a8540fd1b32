import { fromJson, type Db } from "../../db/database.ts"
import {
  claimDueScheduled,
  deletePendingScheduled,
  insertScheduled,
  markScheduled,
  nextScheduledAt,
} from "../../db/repositories/scheduled-notifications.repository.ts"
import { bothQueued, NOTHING_QUEUED, queueNotifications, type Notification, type Queued } from "./queue.ts"

/** Notifications to tell at `dueAt` (a session's reminders); past `expiresAt` they are dropped untold. */
export interface Scheduled {
  key: string
  entity: { type: string; id: string }
  dueAt: Date
  expiresAt: Date | null
  notifications: Notification[]
}

/** Schedules inside the change's transaction; answers the earliest due time, for the postman to wake then. */
export async function scheduleNotifications(trx: Db, at: Date, entries: Scheduled[]): Promise<Date | null> {
  const future = entries.filter((e) => e.dueAt.getTime() > at.getTime())
  await insertScheduled(
    trx,
    future.map((e) => ({
      key: e.key,
      entityType: e.entity.type,
      entityId: e.entity.id,
      dueAt: e.dueAt,
      expiresAt: e.expiresAt,
      notifications: e.notifications,
    })),
    at,
  )
  return future.length === 0 ? null : new Date(Math.min(...future.map((e) => e.dueAt.getTime())))
}

/** Forgets what a record still had scheduled, inside the change's transaction. */
export const unscheduleFor = (trx: Db, entity: { type: string; id: string }) => deletePendingScheduled(trx, entity.type, entity.id)

const BATCH = 50

/**
 * Tells what has fallen due: each batch claims its rows, queues their notifications (outbox and inbox,
 * as any change does) and marks them done in one transaction, so a crash tells them again or not at all,
 * and another instance skips them. Rows past their expiry are dropped. Answers what was queued.
 */
export async function fireDueScheduled(db: Db, now: Date): Promise<Queued> {
  let queued = NOTHING_QUEUED
  // Most sweeps find nothing due: one indexed read, no transaction.
  const next = await nextScheduledAt(db)
  if (!next || next.getTime() > now.getTime()) return queued
  for (;;) {
    const round = await db.transaction().execute(async (trx) => {
      const rows = await claimDueScheduled(trx, now, BATCH)
      const expired = rows.filter((r) => r.expires_at && new Date(r.expires_at).getTime() <= now.getTime())
      const live = rows.filter((r) => !expired.includes(r))
      const told = await queueNotifications(
        trx,
        now,
        live.flatMap((r) => fromJson<Notification[]>(r.notifications)),
      )
      await markScheduled(
        trx,
        live.map((r) => r.id),
        "done",
      )
      await markScheduled(
        trx,
        expired.map((r) => r.id),
        "dropped",
      )
      return { told, claimed: rows.length }
    })
    queued = bothQueued(queued, round.told)
    if (round.claimed < BATCH) return queued
  }
}

export { nextScheduledAt }
