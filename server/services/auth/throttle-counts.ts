import type { Redis } from "ioredis"

/**
 * The counts behind the sign-in throttle (login-throttle.ts): per name (a rule) and key, a number that
 * grows within a window opened by its first point. Every step reads the server's clock (`now`, passed in),
 * never Date.now, so a test that moves the server's clock on sees a window or a block end, and each step is
 * atomic (one turn of the event loop in memory, one script in Redis), so tries sent at once are all counted.
 *
 * Written here rather than taken from rate-limiter-flexible, which the throttle used before: it reads
 * Date.now() and expires its records with timers and Redis's own expiry, so the throttle could not run on
 * the server's clock.
 */
export interface Count {
  /** The points in the window, this one included. */
  consumed: number
  /** How long until the window (or the block) ends and the count starts again. */
  msLeft: number
}

export interface Counts {
  /** One point more, in a new window of `windowMs` if none is open. */
  add(name: string, key: string, windowMs: number, now: number): Promise<Count>
  /** One point less, if the window is still open (a try given back). */
  takeBack(name: string, key: string, now: number): Promise<void>
  /** Holds the count at `points` for `ms`: a block, which ends with it. */
  hold(name: string, key: string, points: number, ms: number, now: number): Promise<void>
  /** Forgets the count. */
  clear(name: string, key: string): Promise<void>
}

/** Idle counts are swept once the map has grown past this, then each time it doubles. */
const SWEEP_FROM = 10_000

export function memoryCounts(): Counts {
  const counts = new Map<string, { consumed: number; endsAt: number }>()
  let sweepAt = SWEEP_FROM
  const idOf = (name: string, key: string) => `${name}:${key}`
  const open = (id: string, now: number) => {
    const count = counts.get(id)
    if (count && count.endsAt > now) return count
    counts.delete(id)
    return undefined
  }
  const sweep = (now: number) => {
    if (counts.size < sweepAt) return
    for (const [id, count] of counts) if (count.endsAt <= now) counts.delete(id)
    sweepAt = Math.max(SWEEP_FROM, counts.size * 2)
  }
  return {
    async add(name, key, windowMs, now) {
      const id = idOf(name, key)
      const count = open(id, now) ?? { consumed: 0, endsAt: now + windowMs }
      count.consumed += 1
      counts.set(id, count)
      sweep(now)
      return { consumed: count.consumed, msLeft: count.endsAt - now }
    },
    async takeBack(name, key, now) {
      const count = open(idOf(name, key), now)
      if (count) count.consumed = Math.max(0, count.consumed - 1)
    },
    async hold(name, key, points, ms, now) {
      counts.set(idOf(name, key), { consumed: points, endsAt: now + ms })
      sweep(now)
    },
    async clear(name, key) {
      counts.delete(idOf(name, key))
    },
  }
}

// Each count is a hash: c (points) and e (when it ends, on the server's clock). Redis's own expiry only
// tidies up: it is set to the same length, so a count ends in Redis about when it ends for the server.
const ADD = `
local v = redis.call('HMGET', KEYS[1], 'c', 'e')
local now = tonumber(ARGV[1])
local c = tonumber(v[1]) or 0
local e = tonumber(v[2]) or 0
if e <= now then
  c = 0
  e = now + tonumber(ARGV[2])
end
c = c + 1
redis.call('HSET', KEYS[1], 'c', c, 'e', e)
redis.call('PEXPIRE', KEYS[1], e - now)
return {c, e - now}`

const TAKE_BACK = `
local v = redis.call('HMGET', KEYS[1], 'c', 'e')
local c = tonumber(v[1])
if not c or (tonumber(v[2]) or 0) <= tonumber(ARGV[1]) then return 0 end
if c > 0 then redis.call('HSET', KEYS[1], 'c', c - 1) end
return 1`

const HOLD = `
redis.call('HSET', KEYS[1], 'c', ARGV[1], 'e', tonumber(ARGV[3]) + tonumber(ARGV[2]))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`

/** The same counts in Redis, shared by every instance; keys are `<prefix><name>:<key>`. */
export function redisCounts(redis: Redis, prefix: string): Counts {
  const keyOf = (name: string, key: string) => `${prefix}${name}:${key}`
  return {
    async add(name, key, windowMs, now) {
      const [consumed, msLeft] = (await redis.eval(ADD, 1, keyOf(name, key), now, windowMs)) as [number, number]
      return { consumed, msLeft }
    },
    async takeBack(name, key, now) {
      await redis.eval(TAKE_BACK, 1, keyOf(name, key), now)
    },
    async hold(name, key, points, ms, now) {
      await redis.eval(HOLD, 1, keyOf(name, key), points, Math.ceil(ms), now)
    },
    async clear(name, key) {
      await redis.del(keyOf(name, key))
    },
  }
}
