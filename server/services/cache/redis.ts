import { Redis } from "ioredis"
import { redisLink, type RedisLink, type RedisLinkLog } from "./redis-link.ts"

/**
 * Connects to REDIS_URL. Redis is a helper (redis-link.ts): when it does not answer at start the
 * server still starts, says so, and uses it once it answers. No command ever waits for Redis: none is
 * queued while it is away, and one sent to a Redis that stopped answering gives up after 500 ms.
 * ioredis reconnects by itself, every second at most.
 */
export async function connectRedis(url: string, log: RedisLinkLog): Promise<RedisLink> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 1_000),
  })
  // Heard by the link once it exists; until then, a failed first connection is reported below, once.
  const untilLinked = () => {}
  redis.on("error", untilLinked)
  let up = true
  try {
    await redis.connect()
    await redis.ping()
  } catch (error) {
    up = false
    log.warn(`Redis at ${redactUrl(url)} does not answer (${(error as Error).message}); starting without it and retrying`)
  }
  const link = redisLink(redis, log, { startUp: up })
  redis.off("error", untilLinked)
  return link
}

/** A Redis URL as it may be printed: without its password. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = "***"
    return parsed.toString()
  } catch {
    return "(unparseable URL)"
  }
}
