import type { WriteClock } from "../../db/write-clock.ts"
import type { RedisLink } from "./redis-link.ts"

/**
 * The writes of every instance, for instances that share one database through Redis: a write
 * answered by one instance is published before its answer leaves, and every cached read checks it.
 */
export interface SharedWrites {
  /** The shared count, or null when it cannot be known (Redis is down): then nothing is served from the cache. */
  read(): Promise<number | null>
  publish(): Promise<void>
}

/**
 * While Redis is down, writes are not published and reads compute afresh. When it comes back the
 * count moves on once more, so no instance serves an answer cached before a write made during the outage.
 */
export function redisSharedWrites(link: RedisLink, prefix: string): SharedWrites {
  const key = `${prefix}data-writes`
  link.onRecover(async (redis) => void (await redis.incr(key)))
  return {
    read: () =>
      link.use(
        async (redis) => Number((await redis.get(key)) ?? 0),
        () => null,
      ),
    publish: () =>
      link.use(
        async (redis) => void (await redis.incr(key)),
        () => undefined,
      ),
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
 * Serialized answers of read-only calls, each kept with the write count read before it was
 * computed and served only while that count holds: any write since (this process's, or another
 * instance's through Redis) makes every entry stale. Reading the count before the query means a
 * write that lands while the answer is computed leaves a stale stamp, never a stale answer under a
 * fresh one. Concurrent misses of one key share one computation.
 */
export interface AnswerCache {
  answer(key: string, compute: () => Promise<string>): Promise<string>
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
  const stampNow = async () => {
    if (!shared) return String(clock?.now)
    const writes = await shared.read()
    return writes === null ? null : `${clock?.now}:${writes}`
  }
  return {
    bypassHeader,
    get clockNow() {
      return clock?.now ?? 0
    },
    async answer(key, compute) {
      if (!clock) return compute()
      const stamp = await stampNow()
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
      if (shared && clock && clock.now !== since) await shared.publish()
    },
  }
}
