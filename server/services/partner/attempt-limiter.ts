import { tooManyRequests } from "../errors.ts"

/**
 * Counts attempts per key in a sliding window and refuses (429) once `max` were made within it.
 * In memory: one instance per app; several instances behind a balancer would each count their own.
 */
export interface AttemptLimiter {
  attempt(key: string): void
}

export function memoryAttemptLimiter(options: { max: number; windowMs: number; message: string; now: () => number }): AttemptLimiter {
  const attempts = new Map<string, number[]>()
  return {
    attempt(key) {
      const now = options.now()
      const recent = (attempts.get(key) ?? []).filter((t) => now - t < options.windowMs)
      if (recent.length >= options.max) {
        attempts.set(key, recent)
        throw tooManyRequests(options.message)
      }
      attempts.set(key, [...recent, now])
      // Forget idle keys now and then so the map cannot grow without bound.
      if (attempts.size > 10_000) for (const [k, times] of attempts) if (times.every((t) => now - t >= options.windowMs)) attempts.delete(k)
    },
  }
}
