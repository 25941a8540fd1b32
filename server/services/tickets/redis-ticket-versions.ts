import { deleteMatching, type RedisLink } from "../cache/redis-link.ts"
import type { TicketVersion, TicketVersionStore } from "./ticket-versions.ts"

/** Kept 30 days after the last change; an expired entry only costs one database read. */
const TTL_MS = 30 * 24 * 60 * 60 * 1000

// Never moves a version backwards: a poll that read the row before another instance's change
// committed must not undo that change's version.
const REMEMBER = `local v = tonumber(redis.call('HGET', KEYS[1], 'version'))
if v and v >= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'raiserId', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`

/**
 * The ticket versions of several instances: a change answered through one instance is seen by
 * every other, so none answers 304 to an ETag that another instance's change made stale. While Redis
 * is down every poll reads the ticket (the truth); when it comes back the versions it holds are dropped.
 */
export function redisTicketVersions(link: RedisLink, prefix: string): TicketVersionStore {
  const keyOf = (queryId: string) => `${prefix}ticket-version:${queryId}`
  link.onRecover((redis) => deleteMatching(redis, `${prefix}ticket-version:*`))
  const nothing = () => undefined
  return {
    get: (queryId) =>
      link.use(async (redis): Promise<TicketVersion | undefined> => {
        const entry = await redis.hgetall(keyOf(queryId))
        if (!entry.version || !entry.raiserId) return undefined
        return { version: Number(entry.version), raiserId: entry.raiserId }
      }, nothing),
    peek: nothing,
    remember: (queryId, entry) =>
      link.use(async (redis) => void (await redis.eval(REMEMBER, 1, keyOf(queryId), entry.version, entry.raiserId, TTL_MS)), nothing),
  }
}
