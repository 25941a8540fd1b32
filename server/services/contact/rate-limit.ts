import { tooManyRequests } from "../errors.ts"

export interface RateLimit {
  /** Counts one attempt for `key`; throws 429 when the window already holds `max` attempts. */
  take(key: string): void
}

/**
 * A sliding-window limit kept in memory (per process): at most `max` attempts per key within
 * `windowMs`. Keys whose attempts have all expired are dropped, so memory follows recent traffic.
 */
export function slidingWindowLimit(options: { max: number; windowMs: number; now: () => number; message: string }): RateLimit {
  const attempts = new Map<string, number[]>()
  let lastSweep = options.now()
  const recent = (key: string, now: number) => (attempts.get(key) ?? []).filter((t) => now - t < options.windowMs)
  return {
    take(key) {
      const now = options.now()
      if (now - lastSweep > options.windowMs) {
        for (const k of [...attempts.keys()]) if (recent(k, now).length === 0) attempts.delete(k)
        lastSweep = now
      }
      const list = recent(key, now)
      if (list.length >= options.max) {
        attempts.set(key, list)
        throw tooManyRequests(options.message)
      }
      attempts.set(key, [...list, now])
    },
  }
}
