import { createHash, randomBytes } from "node:crypto"
import type { RedisLink } from "../cache/redis-link.ts"
import { tooManyRequests } from "../errors.ts"
import { MAX_FAILURES, memoryLoginLimiter, TOO_MANY_LOGINS, WINDOW_MS, type LoginLimiter } from "./login-limiter.ts"

/**
 * The login limiter of several instances: the same sliding 15-minute window as the in-memory one,
 * kept in Redis so failures on one instance count on every other. One sorted set per key (account
 * or address) holds the times of its failures. Keys are hashed: no email or address sits in Redis.
 * While Redis is down each instance counts on its own (the in-memory limiter), so sign-in still works
 * and is still limited, per instance.
 */
export function redisLoginLimiter(link: RedisLink, prefix: string, now: () => number = Date.now): LoginLimiter {
  const keyOf = (key: string) => `${prefix}login:${createHash("sha256").update(key).digest("hex")}`
  const local = memoryLoginLimiter(now)
  const shared: LoginLimiter = {
    async check(keys) {
      const redis = link.redis
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
      const redis = link.redis
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
      if (accounts.length > 0) await link.redis.del(...accounts)
    },
  }
  return {
    check: (keys) => link.use(() => shared.check(keys), () => local.check(keys), isRefusal),
    fail: (keys) => link.use(() => shared.fail(keys), () => local.fail(keys)),
    succeed: (keys) => link.use(() => shared.succeed(keys), () => local.succeed(keys)),
  }
}

/** A 429 is the limiter's answer, not Redis failing. */
const isRefusal = (error: unknown) => (error as { statusCode?: number }).statusCode === 429

async function throwFirstError(replies: Promise<Array<[Error | null, unknown]> | null>): Promise<void> {
  for (const [error] of (await replies) ?? []) if (error) throw error
}
