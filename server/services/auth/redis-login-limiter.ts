import { createHash, randomBytes } from "node:crypto"
import type { Redis } from "ioredis"
import { tooManyRequests } from "../errors.ts"
import { MAX_FAILURES, TOO_MANY_LOGINS, WINDOW_MS, type LoginLimiter } from "./login-limiter.ts"

/**
 * The login limiter of several instances: the same sliding 15-minute window as the in-memory one,
 * kept in Redis so failures on one instance count on every other. One sorted set per key (account
 * or address) holds the times of its failures. Keys are hashed: no email or address sits in Redis.
 */
export function redisLoginLimiter(redis: Redis, prefix: string, now: () => number = Date.now): LoginLimiter {
  const keyOf = (key: string) => `${prefix}login:${createHash("sha256").update(key).digest("hex")}`
  return {
    async check(keys) {
      const since = now() - WINDOW_MS
      const batch = redis.multi()
      for (const key of keys) batch.zremrangebyscore(keyOf(key), "-inf", since).zcard(keyOf(key))
      const replies = (await batch.exec()) ?? []
      const counts = replies.filter((_, i) => i % 2 === 1).map(([error, count]) => {
        if (error) throw error
        return Number(count)
      })
      if (counts.some((count) => count >= MAX_FAILURES)) throw tooManyRequests(TOO_MANY_LOGINS)
    },
    async fail(keys) {
      const at = now()
      const batch = redis.multi()
      for (const key of keys) {
        batch.zadd(keyOf(key), at, `${at}:${randomBytes(6).toString("hex")}`).zremrangebyscore(keyOf(key), "-inf", at - WINDOW_MS).pexpire(keyOf(key), WINDOW_MS)
      }
      await throwFirstError(batch.exec())
    },
    async succeed(keys) {
      // As in memory: only the account's counter is cleared, never an address's.
      const accounts = keys.filter((k) => k.startsWith("account:")).map(keyOf)
      if (accounts.length > 0) await redis.del(...accounts)
    },
  }
}

async function throwFirstError(replies: Promise<Array<[Error | null, unknown]> | null>): Promise<void> {
  for (const [error] of (await replies) ?? []) if (error) throw error
}
