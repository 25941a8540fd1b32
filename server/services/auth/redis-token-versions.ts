import { deleteMatching, type RedisLink } from "../cache/redis-link.ts"
import type { TokenVersionStore } from "./token-versions.ts"

/**
 * Trusted for a minute, as in memory: a bump written straight to the database (the create-admin
 * script) takes effect within that; otherwise a user costs one row read per minute.
 */
const TTL_MS = 60_000

const REMEMBER = `local v = tonumber(redis.call('GET', KEYS[1]))
if v and v >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`

/**
 * The token versions of several instances, in Redis. Each request reads the shared value (one GET)
 * rather than a per-process copy invalidated by messages: a bump through one instance then makes the
 * old token fail on the very next request through any other, with no window for a message in flight.
 * While Redis is down nothing is remembered and every check reads the user's row (the truth); when it
 * comes back the versions it holds are dropped, as a logout during the outage bumped the row only.
 */
export function redisTokenVersions(link: RedisLink, prefix: string): TokenVersionStore {
  const keyOf = (userId: string) => `${prefix}token-version:${userId}`
  link.onRecover((redis) => deleteMatching(redis, `${prefix}token-version:*`))
  const nothing = () => undefined
  return {
    // Never from a copy of its own: that is what lets a bump through one instance count on the next request to any other.
    peek: nothing,
    get: (userId) =>
      link.use(async (redis) => {
        const value = await redis.get(keyOf(userId))
        return value === null ? undefined : Number(value)
      }, nothing),
    remember: (userId, version) => link.use(async (redis) => void (await redis.eval(REMEMBER, 1, keyOf(userId), version, TTL_MS)), nothing),
    forget: (userId) => link.use(async (redis) => void (await redis.del(keyOf(userId))), nothing),
  }
}
