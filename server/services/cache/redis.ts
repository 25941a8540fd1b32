import { Redis } from "ioredis"

/**
 * Connects to REDIS_URL and fails fast when it does not answer, so a misconfigured instance stops at
 * start instead of refusing logins later. A command waits through at most 2 reconnection attempts,
 * then fails (the request gets a generic 500) rather than hanging.
 */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5_000 })
  try {
    await redis.connect()
    await redis.ping()
  } catch (error) {
    redis.disconnect()
    throw new Error(`Redis at ${redactUrl(url)} does not answer: ${(error as Error).message}`, { cause: error })
  }
  return redis
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
