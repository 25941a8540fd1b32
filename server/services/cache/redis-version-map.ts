import type { Redis } from "ioredis"
import { startVersion, type VersionMap } from "./version-map.ts"

/** Versions live 30 days after their last read or change; an expired key restarts above every earlier version. */
const TTL_MS = 30 * 24 * 60 * 60 * 1000

// Both scripts start an unseen key at ARGV[1] (startVersion of the caller's clock) and refresh its lifetime (ARGV[2]).
const GET = `local v = redis.call('GET', KEYS[1])
if not v then v = ARGV[1]; redis.call('SET', KEYS[1], v) end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return v`
const BUMP = `if redis.call('EXISTS', KEYS[1]) == 0 then redis.call('SET', KEYS[1], ARGV[1]) end
local v = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return v`

/**
 * The version map of several instances: a change recorded through one instance is seen by every
 * other, so none answers 304 for content another has changed.
 */
export function redisVersionMap(redis: Redis, prefix: string, now: () => number = Date.now): VersionMap {
  const keyOf = (key: string) => `${prefix}version:${key}`
  return {
    async get(key) {
      return Number(await redis.eval(GET, 1, keyOf(key), startVersion(now()), TTL_MS))
    },
    async bump(key) {
      return Number(await redis.eval(BUMP, 1, keyOf(key), startVersion(now()), TTL_MS))
    },
  }
}
