import { tooManyRequests } from "../errors.ts"

export const WINDOW_MS = 15 * 60 * 1000
export const MAX_FAILURES = 5
export const TOO_MANY_LOGINS = "Too many failed login attempts. Please try again in 15 minutes."

/**
 * Counts failed logins per account and per client address in a sliding 15-minute window;
 * the 6th failure (and every attempt after it in the window) is refused with 429.
 * Kept behind this interface so several instances can share a store (redis-login-limiter.ts).
 */
export interface LoginLimiter {
  check(keys: readonly string[]): Promise<void>
  fail(keys: readonly string[]): Promise<void>
  succeed(keys: readonly string[]): Promise<void>
}

export function memoryLoginLimiter(now: () => number = Date.now): LoginLimiter {
  const failures = new Map<string, number[]>()
  const recent = (key: string) => (failures.get(key) ?? []).filter((t) => now() - t < WINDOW_MS)
  return {
    async check(keys) {
      if (keys.some((k) => recent(k).length >= MAX_FAILURES)) {
        throw tooManyRequests(TOO_MANY_LOGINS)
      }
    },
    async fail(keys) {
      for (const k of keys) failures.set(k, [...recent(k), now()])
    },
    async succeed(keys) {
      // Only the account's counter is cleared: one good login must not reset an address that guesses many accounts.
      for (const k of keys) if (k.startsWith("account:")) failures.delete(k)
    },
  }
}
