import type { WriteClock, Written } from "../../db/write-clock.ts"
import type { Redis } from "ioredis"
import type { RedisLink } from "./redis-link.ts"

/**
 * The writes of every instance, for instances that share one database through Redis: a write
 * answered by one instance is published, table by table, before its answer leaves, and every cached
 * read checks the tables it read.
 */
export interface SharedWrites {
  /**
   * Other instances' writes to these tables (to any table when none are named), as a stamp that changes
   * with each; null when it cannot be known (Redis is down): then nothing is served from the cache.
   */
  read(tables: readonly string[] | undefined): Promise<string | null>
  publish(tables: Written): Promise<void>
}

/** Fields of the shared hash besides the tables: a write naming no table, and every write. */
const UNNAMED = "*"
const ANY = "+"

/**
 * One Redis hash counts the writes of every table. While Redis is down, writes are not published and
 * reads compute afresh. When it comes back the count of unnamed writes moves on, so no instance serves
 * an answer cached before a write made during the outage.
 */
export function redisSharedWrites(link: RedisLink, prefix: string): SharedWrites {
  const key = `${prefix}writes-by-table`
  const bumpOn = async (redis: Redis, fields: readonly string[]) => {
    const batch = redis.multi()
    for (const field of fields) batch.hincrby(key, field, 1)
    await batch.exec()
  }
  const bump = (fields: readonly string[]) =>
    link.use(
      (redis) => bumpOn(redis, fields),
      () => undefined,
    )
  link.onRecover((redis) => bumpOn(redis, [UNNAMED, ANY]))
  return {
    read: (tables) =>
      link.use(
        async (redis) => (await redis.hmget(key, ...(tables ? [UNNAMED, ...tables] : [ANY]))).map((n) => n ?? "0").join(":"),
        () => null,
      ),
    publish: (tables) => bump(tables === "all" ? [UNNAMED, ANY] : [...tables, ANY]),
  }
}

export interface AnswerCacheOptions {
  /** This process's writes to the database (openDatabase's clock); without one nothing is cached. */
  clock: WriteClock | undefined
  /** Other instances' writes (Redis), when several instances share the database. */
  shared?: SharedWrites
  /**
   * How long an answer is trusted at most: writes that reach the database past every instance
   * (a script, psql) are not counted, and show within this time.
   */
  maxAgeMs?: number
  maxEntries?: number
  now?: () => number
  /** A request header that computes the answer afresh (the benchmark's query-cost figures); none in production. */
  bypassHeader?: string
}

interface Entry {
  stamp: string
  at: number
  body: Promise<string>
}

/**
 * Serialized answers of read-only calls, each kept with the write counts of the tables it read, taken
 * before it was computed, and served only while they hold: a write since to one of those tables (this
 * process's, or another instance's through Redis), or one that names no table, makes it stale; a write
 * to any other table does not. Reading the counts before the query means a write that lands while the
 * answer is computed leaves a stale stamp, never a stale answer under a fresh one. Concurrent misses
 * of one key share one computation.
 */
export interface AnswerCache {
  /** `tables`: every table the answer is read from (its resource's tags); without them any write makes it stale. */
  answer(key: string, compute: () => Promise<string>, tables?: readonly string[]): Promise<string>
  /** Publishes this process's writes made since `since` (a request's start) to other instances. */
  publishSince(since: number): Promise<void>
  /** The write clock's count now (0 without a clock). */
  readonly clockNow: number
  readonly bypassHeader: string | undefined
}

export const DEFAULT_MAX_AGE_MS = 1_000

export function answerCache(options: AnswerCacheOptions): AnswerCache {
  const { clock, shared, maxAgeMs = DEFAULT_MAX_AGE_MS, maxEntries = 1_000, now = Date.now, bypassHeader } = options
  const entries = new Map<string, Entry>()
  // null: the shared count is unknown, and the answer is computed afresh (and not kept).
  const stampNow = async (writes: WriteClock, tables: readonly string[] | undefined) => {
    const own = tables ? writes.stampOf(tables) : String(writes.now)
    if (!shared) return own
    const others = await shared.read(tables)
    return others === null ? null : `${own}|${others}`
  }
  return {
    bypassHeader,
    get clockNow() {
      return clock?.now ?? 0
    },
    async answer(key, compute, tables) {
      if (!clock) return compute()
      const stamp = await stampNow(clock, tables)
      if (stamp === null) return compute()
      const at = now()
      const known = entries.get(key)
      if (known && known.stamp === stamp && at - known.at < maxAgeMs) return known.body
      const body = compute()
      const entry = { stamp, at, body }
      entries.delete(key)
      entries.set(key, entry)
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
      // A failed computation is not kept: the next call tries again.
      body.catch(() => entries.get(key) === entry && entries.delete(key))
      return body
    },
    async publishSince(since) {
      if (!shared || !clock || clock.now === since) return
      const written = clock.writtenSince(since)
      if (written === "all" || written.length > 0) await shared.publish(written)
    },
  }
}
