import { sql } from "kysely"
import { json, type Db } from "../database.ts"
import type { OutboxMessage } from "../outbox.table.ts"
import { relaxedCommit } from "../relaxed-commit.ts"

export interface QueuedMail {
  kind: string
  key: string
  recipient: string
  entityType: string
  entityId: string
  subject: string
  message: OutboxMessage
}

export interface ClaimedMail {
  id: string
  seq: string
  kind: string
  key: string
  recipient: string
  subject: string
  message: OutboxMessage | null
  attempts: number
}

/**
 * Queues mails inside the caller's transaction; answers their ids. A key already queued is not queued again.
 * With `leaseUntil` the rows are queued claimed until then, as if claimDue had claimed them: answered as such
 * (`held`), for the process that queued them to send without claiming them first. They commit with the change,
 * so a process that dies before sending them leaves them due once the claim runs out.
 */
export async function insertQueued(trx: Db, mails: QueuedMail[], at: Date, leaseUntil?: Date): Promise<{ ids: string[]; held: ClaimedMail[] }> {
  if (mails.length === 0) return { ids: [], held: [] }
  const rows = await trx
    .insertInto("outbox")
    .values(
      mails.map((mail) => ({
        kind: mail.kind,
        key: mail.key,
        recipient: mail.recipient,
        entity_type: mail.entityType,
        entity_id: mail.entityId,
        subject: mail.subject,
        message: json(mail.message),
        next_attempt_at: at,
        created_at: at,
        ...(leaseUntil ? { lease_until: leaseUntil, attempts: 1 } : {}),
      })),
    )
    .onConflict((oc) => oc.column("key").doNothing())
    .returning(["id", "seq", "key"])
    .execute()
  if (!leaseUntil) return { ids: rows.map((row) => row.id), held: [] }
  // Matched by key: a row not inserted (its key already queued) is not answered.
  const byKey = new Map(mails.map((mail) => [mail.key, mail]))
  const held = rows.map((row) => {
    const mail = byKey.get(row.key)!
    return {
      id: row.id,
      seq: String(row.seq),
      kind: mail.kind,
      key: mail.key,
      recipient: mail.recipient,
      subject: mail.subject,
      message: mail.message,
      attempts: 1,
    }
  })
  return { ids: held.map((row) => row.id), held }
}

/**
 * Claims up to `limit` due rows (only `ids` when given) until `leaseUntil`: a row claimed by another
 * instance, or by this one, is skipped (SKIP LOCKED, then the lease), so each row has one sender at a time.
 * A lease that ran out belongs to a sender that died or hung: the row is due again. One statement: a claim a
 * crash of the database loses only makes its rows due again at once.
 */
export async function claimDue(db: Db, options: { now: Date; leaseUntil: Date; limit: number; ids?: string[] }): Promise<ClaimedMail[]> {
  if (options.ids && options.ids.length === 0) return []
  const claimed = await db
    .updateTable("outbox")
    .set((eb) => ({ lease_until: options.leaseUntil, attempts: eb("attempts", "+", 1) }))
    .where("id", "in", (subquery) => {
      let due = subquery
        .selectFrom("outbox")
        .select("id")
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", options.now)
        .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", options.now)]))
      if (options.ids) due = due.where("id", "in", options.ids)
      return due.orderBy("next_attempt_at").limit(options.limit).forUpdate().skipLocked()
    })
    .where(relaxedCommit)
    .returning(["id", "seq", "kind", "key", "recipient", "subject", "message", "attempts"])
    .execute()
  // A bigint: pg answers text, PGlite a number.
  return claimed.map((row) => ({ ...row, seq: String(row.seq) }))
}

/** When the earliest pending row falls due: its next attempt, or the end of the claim on it if later. */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom("outbox")
    .select(sql<Date | null>`min(greatest(next_attempt_at, coalesce(lease_until, next_attempt_at)))`.as("at"))
    .where("status", "=", "pending")
    .executeTakeFirst()
  return row?.at ? new Date(row.at) : null
}

/**
 * Sent: the message is dropped (its links may be secrets); the row stays as the record of the delivery. A mark lost
 * with a crash of the database leaves the row due again once its claim runs out, and it is sent again under the same
 * delivery id, which the transport takes as a repeat: the mark need not wait for the disk.
 */
export async function markSent(db: Db, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return
  await db
    .updateTable("outbox")
    .set({ status: "sent", sent_at: at, message: null, lease_until: null, last_error: null })
    .where("id", "in", [...ids])
    .where(relaxedCommit)
    .execute()
}

/** Failed: due again at `retryAt`, or dead when `retryAt` is null. */
export async function markFailed(db: Db, id: string, error: string, retryAt: Date | null): Promise<void> {
  await db
    .updateTable("outbox")
    .set(retryAt ? { next_attempt_at: retryAt, lease_until: null, last_error: error } : { status: "dead", lease_until: null, last_error: error })
    .where("id", "=", id)
    .execute()
}

export interface DeadMail {
  id: string
  kind: string
  recipient: string
  subject: string
  entity_type: string
  entity_id: string
  attempts: number
  last_error: string | null
  created_at: Date
}

/** The dead rows, newest first, a page at a time. */
export async function listDead(db: Db, page: { offset: number; limit: number }): Promise<{ rows: DeadMail[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom("outbox")
      .select(["id", "kind", "recipient", "subject", "entity_type", "entity_id", "attempts", "last_error", "created_at"])
      .where("status", "=", "dead")
      .orderBy("seq", "desc")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("status", "=", "dead")
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

/** A dead row is due again, its attempts counted afresh; answers whether there was such a dead row. */
export async function reviveDead(db: Db, id: string, at: Date): Promise<boolean> {
  const row = await db
    .updateTable("outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: at, lease_until: null })
    .where("id", "=", id)
    .where("status", "=", "dead")
    .returning("id")
    .executeTakeFirst()
  return row !== undefined
}
