import { createHash } from "node:crypto"
import { sql } from "kysely"
import type { Db } from "../../db/database.ts"

/*
 * The event log's hash chain (issue 25; NIST SP 800-53 AU-9(3)). Events commit unsealed; soon after,
 * one instance seals every unsealed event in id order, in batches: a seal's hash covers the text of its
 * events and the previous seal's hash, and each event names its seal. Changing, deleting or slipping in a
 * row by hand, or removing a seal, breaks the chain where it happened, which `verifyChain` finds.
 */

/** The previous hash of the first seal. */
export const GENESIS = "0".repeat(64)
const BATCH = 1000
/*
 * Every `order by` on a seal's number names the column (`audit_seals.seq`): a bare `seq` would mean the text
 * alias selected beside it, and "9" sorts after "10", so the tenth seal onwards was read out of order.
 */

/**
 * An event as the chain hashes it: PostgreSQL's own text of its fields, the moment in UTC to the
 * microsecond, so one row gives one text on both databases, in every session, through every driver.
 * An event's source (address, request id) is covered too; events written before it was kept (both null)
 * keep the text they were sealed with.
 */
const eventText = sql<string>`case when e.ip is null and e.request_id is null
  then json_build_array(e.id::text, e.entity_type, e.entity_id, e.type, e.actor_id, to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), e.before, e.after, e.machine)::text
  else json_build_array(e.id::text, e.entity_type, e.entity_id, e.type, e.actor_id, to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), e.before, e.after, e.machine, e.ip, e.request_id)::text
end`

export const sealHash = (prevHash: string, seq: string, texts: readonly string[]): string =>
  createHash("sha256")
    .update(`${prevHash}\n${seq}\n${texts.join("\n")}`)
    .digest("hex")

export interface Checkpoint {
  day: string
  seq: string
  hash: string
}

async function sealOnce(db: Db, now: Date, batch: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await sql<{
      id: string
      text: string
    }>`select e.id::text as id, ${eventText} as text from events e where e.seal is null order by e.id limit ${batch}`.execute(trx)
    if (rows.rows.length === 0) return 0
    const head = (await sql<{ seq: string; hash: string }>`select seq::text as seq, hash from audit_seals order by audit_seals.seq desc limit 1`.execute(trx))
      .rows[0]
    const prevHash = head?.hash ?? GENESIS
    const seq = String(Number(head?.seq ?? 0) + 1)
    // Two instances sealing at once compute the same seq: the second insert fails and its batch waits for the next round.
    await trx
      .insertInto("audit_seals")
      .values({
        seq,
        prev_hash: prevHash,
        hash: sealHash(
          prevHash,
          seq,
          rows.rows.map((r) => r.text),
        ),
        events: rows.rows.length,
        sealed_at: now,
      })
      .execute()
    const ids = rows.rows.map((r) => r.id).join(",")
    // Built, not raw SQL, so the write clock sees it touches events alone (db/write-clock.ts).
    await trx
      .updateTable("events")
      .set({ seal: seq })
      .where(sql<boolean>`id = any(string_to_array(${ids}, ',')::bigint[])`)
      .execute()
    return rows.rows.length
  })
}

/**
 * Seals every event not sealed yet; answers how many it sealed, and today's checkpoint when this call
 * wrote it (a server's first seal of a UTC day keeps the head; a seed leaves that to the server, which
 * also writes it to the file an auditor copies).
 */
export async function sealPending(
  db: Db,
  now: Date,
  options: { batch?: number; checkpoint?: boolean } = {},
): Promise<{ sealed: number; checkpoint: Checkpoint | null }> {
  const batch = options.batch ?? BATCH
  let sealed = 0
  for (let n = await sealOnce(db, now, batch); n > 0; n = await sealOnce(db, now, batch)) sealed += n
  if (sealed === 0 || options.checkpoint === false) return { sealed, checkpoint: null }
  const day = now.toISOString().slice(0, 10)
  // Built, not raw SQL, so the write clock sees it touches audit_checkpoints alone (db/write-clock.ts).
  const written = await db
    .insertInto("audit_checkpoints")
    .columns(["day", "seq", "hash", "written_at"])
    .expression(
      db
        .selectFrom("audit_seals")
        .select([sql<string>`${day}::date`.as("day"), "seq", "hash", sql<Date>`${now}`.as("written_at")])
        .orderBy("audit_seals.seq", "desc")
        .limit(1),
    )
    .onConflict((conflict) => conflict.column("day").doNothing())
    .returning([sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"), sql<string>`seq::text`.as("seq"), "hash"])
    .executeTakeFirst()
  return { sealed, checkpoint: written ?? null }
}

export interface ChainReport {
  intact: boolean
  seals: number
  sealedEvents: number
  /** Events committed but not sealed yet (the last few seconds' writes). */
  unsealed: number
  head: string
  /** Where the chain first stops matching, in words an auditor can act on. */
  firstBreak: string | null
}

/**
 * Walks the seals in order: each must follow the previous (seq and hash), and its events, read again,
 * must give its hash; no event may name a seal that does not exist; every checkpoint (the database's own,
 * and any an auditor kept elsewhere) must still be the chain's hash at its seal.
 */
export async function verifyChain(db: Db, kept: readonly Checkpoint[] = []): Promise<ChainReport> {
  const report: ChainReport = { intact: true, seals: 0, sealedEvents: 0, unsealed: 0, head: GENESIS, firstBreak: null }
  const broken = (why: string) => {
    report.intact = false
    report.firstBreak = why
    return report
  }
  const hashes = new Map<string, string>()
  let expectedSeq = 1
  for (;;) {
    const seals = (
      await sql<{ seq: string; prev_hash: string; hash: string; events: number }>`
      select seq::text as seq, prev_hash, hash, events from audit_seals where seq >= ${expectedSeq} order by audit_seals.seq limit 200`.execute(db)
    ).rows
    if (seals.length === 0) break
    for (const seal of seals) {
      if (seal.seq !== String(expectedSeq)) return broken(`Seal #${expectedSeq} is missing (the next one is #${seal.seq}): a seal was removed.`)
      if (seal.prev_hash !== report.head)
        return broken(`Seal #${seal.seq} does not follow seal #${expectedSeq - 1}: the previous hash it names differs, so a seal was changed or replaced.`)
      const events = (
        await sql<{
          id: string
          text: string
        }>`select e.id::text as id, ${eventText} as text from events e where e.seal = ${seal.seq}::bigint order by e.id`.execute(db)
      ).rows
      const span = events.length > 0 ? `events ${events[0]!.id} to ${events.at(-1)!.id}` : "no events left"
      if (events.length !== Number(seal.events))
        return broken(`Seal #${seal.seq} covered ${seal.events} events and now finds ${events.length} (${span}): an event was removed or moved out by hand.`)
      if (
        sealHash(
          seal.prev_hash,
          seal.seq,
          events.map((e) => e.text),
        ) !== seal.hash
      )
        return broken(`Seal #${seal.seq} no longer matches its events (${span}): one of them was changed by hand.`)
      report.head = seal.hash
      report.seals += 1
      report.sealedEvents += events.length
      hashes.set(seal.seq, seal.hash)
      expectedSeq += 1
    }
  }
  const stray = (
    await sql<{
      id: string
      seal: string
    }>`select e.id::text as id, e.seal::text as seal from events e where e.seal is not null and e.seal >= ${expectedSeq} order by e.id limit 1`.execute(db)
  ).rows[0]
  if (stray) return broken(`Event ${stray.id} names seal #${stray.seal}, which the chain does not have: it was slipped in or its seal removed.`)
  report.unsealed = Number((await sql<{ n: string }>`select count(*)::text as n from events where seal is null`.execute(db)).rows[0]?.n ?? 0)
  const own = (await sql<Checkpoint>`select to_char(day, 'YYYY-MM-DD') as day, seq::text as seq, hash from audit_checkpoints order by day`.execute(db)).rows
  for (const checkpoint of [...own, ...kept]) {
    if (hashes.get(checkpoint.seq) !== checkpoint.hash)
      return broken(`The checkpoint of ${checkpoint.day} (seal #${checkpoint.seq}) no longer matches the chain: the log was rewritten after it.`)
  }
  return report
}

/** A checkpoint as one line of the file an auditor keeps: `2026-11-27 seal 42 <hash>`. */
export const checkpointLine = (c: Checkpoint) => `${c.day} seal ${c.seq} ${c.hash}`

/** Reads such lines back (blank and malformed lines are skipped). */
export function parseCheckpoints(text: string): Checkpoint[] {
  return text
    .split("\n")
    .map((line) => /^(\d{4}-\d{2}-\d{2}) seal (\d+) ([0-9a-f]{64})$/.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ day: m[1]!, seq: m[2]!, hash: m[3]! }))
}
