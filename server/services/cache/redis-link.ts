import type { Redis } from "ioredis"

/** What the link says about itself: logged once per outage, and in /readyz's body. */
export interface RedisLinkLog {
  warn(message: string): void
  info(message: string): void
}

/**
 * Redis as a helper, never a single point of failure (issue 33). Every Redis-backed store (token and
 * ticket versions, the answer cache's shared write count, login limits) goes through `use`, giving
 * what to do without Redis: read the database, skip the cache, count in this process. While Redis is
 * down nothing waits for it (no offline queue: a command fails at once), and a probe pings it every
 * second. Before the link is trusted again, every recovery step runs: the stores drop the versions
 * they hold, since a write made during the outage bumped the database only.
 */
export interface RedisLink {
  readonly redis: Redis
  /** False from the first failed command or dropped connection until a probe and every recovery step succeed. */
  readonly up: boolean
  /**
   * Runs `command`, or `fallback` while Redis is down or when the command fails; an error for which
   * `isAnswer` holds (a limiter's 429) is the command's answer and is thrown as it is.
   */
  use<T>(command: (redis: Redis) => Promise<T>, fallback: () => T | Promise<T>, isAnswer?: (error: unknown) => boolean): Promise<T>
  /** A step to run (in order of registration) each time Redis comes back, before the link is used again. */
  onRecover(step: (redis: Redis) => Promise<void>): void
  /** Stops the probe; the connection itself is the caller's to close. */
  close(): void
}

export const PROBE_INTERVAL_MS = 1_000

export function redisLink(redis: Redis, log: RedisLinkLog, options: { startUp?: boolean } = {}): RedisLink {
  let up = options.startUp ?? redis.status === "ready"
  let probe: NodeJS.Timeout | null = null
  let probing = false
  let closed = false
  const steps: Array<(redis: Redis) => Promise<void>> = []

  const recover = async () => {
    if (up || probing || closed) return
    probing = true
    try {
      await redis.ping()
      for (const step of steps) await step(redis)
      up = true
      stopProbe()
      log.info("Redis answers again: shared limits, versions and cached answers are back in use")
    } catch {
      // still down: the next probe tries again
    } finally {
      probing = false
    }
  }
  const stopProbe = () => {
    if (probe) clearInterval(probe)
    probe = null
  }
  const down = (reason: string) => {
    if (closed) return
    if (up)
      log.warn(
        `Redis is unreachable (${reason}): reading versions from the database, answering without the cache and counting login limits in this process until it is back`,
      )
    up = false
    if (!probe) {
      probe = setInterval(() => void recover(), PROBE_INTERVAL_MS)
      probe.unref()
    }
  }
  // ioredis emits 'error' for every failed reconnection; without a listener it prints each one.
  redis.on("error", (error: Error) => down(error.message))
  redis.on("close", () => down("connection closed"))
  redis.on("ready", () => void recover())
  if (!up) down("not connected at start")

  return {
    redis,
    get up() {
      return up
    },
    async use(command, fallback, isAnswer) {
      if (!up) return fallback()
      try {
        return await command(redis)
      } catch (error) {
        if (isAnswer?.(error)) throw error
        down((error as Error).message)
        return fallback()
      }
    },
    onRecover(step) {
      steps.push(step)
    },
    close() {
      closed = true
      stopProbe()
    },
  }
}

/** Deletes every key matching `pattern` (SCAN, not KEYS: Redis keeps answering others meanwhile). */
export async function deleteMatching(redis: Redis, pattern: string): Promise<void> {
  let cursor = "0"
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 1000)
    if (keys.length > 0) await redis.unlink(...keys)
    cursor = next
  } while (cursor !== "0")
}
