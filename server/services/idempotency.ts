import { AsyncLocalStorage } from "node:async_hooks"
import { createHash } from "node:crypto"
import { sql, type ExpressionBuilder } from "kysely"
import type { Database, Db } from "../db/database.ts"
import { badRequest, conflict, HttpError } from "./errors.ts"

/**
 * Retried writes are safe (issue 33), as in Stripe's API: a create or state change sent with an
 * `Idempotency-Key` header claims the key (per caller) before it runs and stores its answer after, so
 * a retry with the same key within 24 hours gets the first answer (with `Idempotent-Replayed: true`)
 * and writes nothing. Retries that arrive while the first still runs wait for its answer. The key's
 * row is marked committed inside the write's own transaction (appendEvent calls markCommitted), so a
 * crash between the commit and the stored answer never lets a retry write twice; a claim that never
 * committed (the first attempt died before) is taken over once its lease has run out.
 */
export const IDEMPOTENCY_HEADER = "idempotency-key"
export const REPLAYED_HEADER = "idempotent-replayed"
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000
/** How long a retry waits for the first request's answer before it is told to try again (on the monotonic clock). */
export const WAIT_MS = 10_000
/**
 * A waiting retry reads the claim again after 25 ms, then twice as long each time up to half a second (the
 * first request may run on another instance); one on the instance running the first request is woken as soon
 * as that request ends.
 */
const FIRST_LOOK_MS = 25
const LONGEST_LOOK_MS = 500
/**
 * A claim older than this with no answer belongs to a request that died (every request ends far sooner).
 * Measured on the database's clock (`leased_at`), which every instance shares and no test moves: on the
 * business clock a frozen time kept a dead request's claim forever, and a jump ahead ended the lease of one
 * that still ran, so its retry wrote a second time.
 */
const LEASE_MS = 20_000
const leaseOver = sql<boolean>`leased_at < now() - make_interval(secs => ${LEASE_MS / 1000})`
const PURGE_EVERY_MS = 60 * 60 * 1000
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/

export const KEY_REUSED = "Idempotency-Key: this key was already used for a different request. Send a new key for a new request."
export const STILL_RUNNING = "Idempotency-Key: the first request with this key is still being processed. Please try again in a moment."
export const ANSWER_LOST = "This request was already carried out, but its answer was lost. Reload the page to see the result."

interface Claim {
  scope: string
  key: string
}

interface OwnClaim extends Claim {
  /** When this request claimed the key: tells its row from a later claim of the same key. */
  at: number
}

export interface StoredAnswer {
  status: number
  body: string | null
}

type Begun = { kind: "claimed"; claim: OwnClaim } | { kind: "replay"; answer: StoredAnswer }

const running = new AsyncLocalStorage<Claim>()

/** The row of one claim: a key is its caller's own. */
const isClaim = (claim: Claim) => (eb: ExpressionBuilder<Database, "idempotency_keys">) => eb.and([eb("scope", "=", claim.scope), eb("key", "=", claim.key)])

/** The key a request names, checked; null without the header. */
export function keyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null
  if (typeof header !== "string" || !KEY_SHAPE.test(header)) throw badRequest("Idempotency-Key: must be 1 to 255 visible characters (a UUID, say)")
  return header
}

/** What makes two requests the same: method, path with its query, and the decoded body and files. */
export function fingerprintOf(
  method: string,
  url: string,
  body: unknown,
  files: ReadonlyArray<{ field: string; filename: string; mimetype: string; data: Buffer }>,
): string {
  const hash = createHash("sha256").update(`${method} ${url}\n${JSON.stringify(body ?? null)}`)
  for (const file of files) hash.update(`\n${file.field}:${file.filename}:${file.mimetype}:`).update(file.data)
  return hash.digest("base64url")
}

export interface Idempotency {
  /** Runs `write` once per (scope, key): the first call's answer is stored and every retry gets it. */
  run(scope: string, key: string, fingerprint: string, write: () => Promise<StoredAnswer>): Promise<{ answer: StoredAnswer; replayed: boolean }>
}

export function idempotency(db: Db, now: () => number, options: { waitMs?: number } = {}): Idempotency {
  const waitMs = options.waitMs ?? WAIT_MS
  let purgedAt = 0
  // Claims of this process whose request ended without its answer stored (the database went away
  // meanwhile): a retry reaching this instance need not wait out the lease to know the first one is over.
  const ended = new Map<string, number>()
  const idOf = (claim: Claim) => `${claim.scope}\n${claim.key}`
  // Retries on this instance waiting for a claim of this instance to end, by claim.
  const waiting = new Map<string, Set<() => void>>()
  const wake = (claim: Claim) => {
    for (const resume of waiting.get(idOf(claim)) ?? []) resume()
    waiting.delete(idOf(claim))
  }
  /** Waits `ms`, or less if the claim ends on this instance meanwhile. */
  const waitFor = (claim: Claim, ms: number) =>
    new Promise<void>((resolve) => {
      const id = idOf(claim)
      const resume = () => {
        clearTimeout(timer)
        waiting.get(id)?.delete(resume)
        if (waiting.get(id)?.size === 0) waiting.delete(id)
        resolve()
      }
      const timer = setTimeout(resume, ms)
      waiting.set(id, (waiting.get(id) ?? new Set()).add(resume))
    })
  const purge = () => {
    if (now() - purgedAt < PURGE_EVERY_MS) return
    purgedAt = now()
    // Best effort: a key past its lifetime is ignored anyway (begin), this only keeps the table small.
    db.deleteFrom("idempotency_keys")
      .where("created_at", "<", new Date(now() - KEY_LIFETIME_MS))
      .where((eb) => eb.or([eb("status", "is not", null), leaseOver]))
      .execute()
      .catch(() => {})
  }

  async function begin(claim: Claim, fingerprint: string): Promise<Begun> {
    const where = db.selectFrom("idempotency_keys").where(isClaim(claim))
    // The business clock may be frozen or set anywhere (tests, a clock jump): the wait is bounded on the monotonic one.
    const deadline = performance.now() + waitMs
    let look = FIRST_LOOK_MS
    for (;;) {
      const at = now()
      const inserted = await db
        .insertInto("idempotency_keys")
        .values({ ...claim, fingerprint, created_at: new Date(at) })
        .onConflict((c) => c.columns(["scope", "key"]).doNothing())
        .returning("key")
        .executeTakeFirst()
      if (inserted) return { kind: "claimed", claim: { ...claim, at } }
      const row = await where.selectAll().select(leaseOver.as("lease_over")).executeTakeFirst()
      if (!row) continue // the first attempt failed and let the key go: claim it now
      const claimedAt = new Date(row.created_at).getTime()
      const age = now() - claimedAt
      const over = row.lease_over || ended.get(idOf(claim)) === claimedAt
      const abandoned = row.status === null && !row.committed && over
      // A key lives a day of business time, but a claim whose request still runs is never forgotten under it.
      const expired = age > KEY_LIFETIME_MS && (row.status !== null || over)
      if (expired || abandoned) {
        await release(claim, row.created_at)
        continue
      }
      if (row.fingerprint !== fingerprint) throw new HttpError(422, KEY_REUSED)
      if (row.status !== null) return { kind: "replay", answer: { status: row.status, body: row.body } }
      if (row.committed && over) return { kind: "replay", answer: { status: 409, body: JSON.stringify({ success: false, message: ANSWER_LOST }) } }
      const left = deadline - performance.now()
      if (left <= 0) throw conflict(STILL_RUNNING)
      await waitFor(claim, Math.min(look, left))
      look = Math.min(look * 2, LONGEST_LOOK_MS)
    }
  }

  const release = async (claim: Claim, createdAt?: Date) => {
    let query = db.deleteFrom("idempotency_keys").where(isClaim(claim))
    if (createdAt) query = query.where("created_at", "=", createdAt)
    await query.execute()
    wake(claim)
  }

  const remember = (claim: OwnClaim) => {
    ended.set(idOf(claim), claim.at)
    if (ended.size > 10_000) ended.delete(ended.keys().next().value as string)
    wake(claim)
  }

  // Refused, or failed before its change committed: the key is free for a corrected retry.
  // Failed after committing: the refusal is kept, since running again would write twice.
  async function settleFailed(claim: Claim, error: unknown): Promise<void> {
    const row = await db.selectFrom("idempotency_keys").select("committed").where(isClaim(claim)).executeTakeFirst()
    if (!row?.committed) return void (await release(claim))
    const refusal = error instanceof HttpError ? error : null
    await store(
      claim,
      refusal
        ? { status: refusal.statusCode, body: JSON.stringify({ success: false, message: refusal.message }) }
        : { status: 409, body: JSON.stringify({ success: false, message: ANSWER_LOST }) },
    )
  }

  const store = async (claim: Claim, answer: StoredAnswer) => {
    await db.updateTable("idempotency_keys").set(answer).where(isClaim(claim)).execute()
    wake(claim)
  }

  return {
    async run(scope, key, fingerprint, write) {
      purge()
      const begun = await begin({ scope, key }, fingerprint)
      if (begun.kind === "replay") return { answer: begun.answer, replayed: true }
      const { claim } = begun
      ended.delete(idOf(claim))
      let answer: StoredAnswer
      try {
        answer = await running.run(claim, write)
      } catch (error) {
        await settleFailed(claim, error).catch((lost) => {
          remember(claim)
          throw lost
        })
        throw error
      }
      await store(claim, answer).catch((lost) => {
        remember(claim)
        throw lost
      })
      return { answer, replayed: false }
    },
  }
}

/**
 * Called inside a write's transaction (appendEvent does, for every domain change): marks the running
 * request's key as committed together with the change, so the two can never disagree after a crash.
 */
export async function markCommitted(trx: Db): Promise<void> {
  const claim = running.getStore()
  if (!claim) return
  await trx.updateTable("idempotency_keys").set({ committed: true }).where(isClaim(claim)).execute()
}
