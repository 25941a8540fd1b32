import { tooManyRequests } from "./errors.ts"

/**
 * Counts requests per key (a client address) in a sliding window and refuses the one over the
 * limit with 429. In memory: enough for one process; several instances would share a store
 * behind the same interface.
 *
 * Hand-written rather than rate-limiter-flexible: these limits run on the server's injected clock (`now`), so
 * a test moves an hour on and sees the form allowed again; the library reads Date.now() and would make that
 * test wait the hour (the sign-in throttle left it for the same reason, auth/throttle-counts.ts). Not
 * `@fastify/rate-limit` (11.2) either, for the same reason and one more: its in-memory store reads Date.now()
 * and its Redis store Redis's own expiry, and both count fixed windows, which let twice the limit through
 * across a window's edge.
 */
export interface RateLimiter {
  hit(key: string): void
}

export function slidingWindowLimiter(options: { limit: number; windowMs: number; message: string; now: () => number }): RateLimiter {
  const hits = new Map<string, number[]>()
  return {
    hit(key) {
      const now = options.now()
      const recent = (hits.get(key) ?? []).filter((t) => now - t < options.windowMs)
      if (recent.length >= options.limit) {
        hits.set(key, recent)
        // The oldest hit in the window leaves it first: then one more is allowed.
        throw tooManyRequests(options.message, (recent[0]! + options.windowMs - now) / 1000)
      }
      recent.push(now)
      hits.set(key, recent)
      // Forget idle keys now and then so the map cannot grow without bound.
      if (hits.size > 10_000) for (const [k, times] of hits) if (times.every((t) => now - t >= options.windowMs)) hits.delete(k)
    },
  }
}
