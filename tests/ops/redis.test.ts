import { Redis } from "ioredis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loginThrottle } from "../../server/services/auth/login-throttle.ts"
import { redisTokenVersions } from "../../server/services/auth/redis-token-versions.ts"
import { redisSharedWrites } from "../../server/services/cache/answer-cache.ts"
import { redisLink, type RedisLink } from "../../server/services/cache/redis-link.ts"
import { redisTicketVersions } from "../../server/services/tickets/redis-ticket-versions.ts"
import { skipWhenMissing } from "../fixtures/dependency.ts"
import { failOnce, refusal } from "../fixtures/throttle-tries.ts"

const REDIS_URL = process.env.OPS_REDIS_URL || "redis://127.0.0.1:6379"
const PREFIX = `console-test:${process.pid}_${Math.random().toString(36).slice(2, 8)}:`

async function reachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null })
  try {
    await probe.connect()
    await probe.ping()
    return true
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
}
const ready = !skipWhenMissing((await reachable()) ? null : `Redis at ${REDIS_URL} is not reachable`, "the Redis limiter and ticket version tests")

let redis: Redis
let link: RedisLink
describe.skipIf(!ready)("Redis twins of the login limiter and the ticket versions", () => {
  beforeAll(() => {
    redis = new Redis(REDIS_URL)
    link = redisLink(redis, { warn: () => {}, info: () => {} }, { startUp: true })
  })
  afterAll(async () => {
    link.close()
    const keys = await redis.keys(`${PREFIX}*`)
    if (keys.length > 0) await redis.del(...keys)
    await redis.quit()
  })

  it("counts one account's failures from one address across instances: the 6th attempt is 429 with Retry-After, keys hashed, with a lifetime", async () => {
    const a = loginThrottle({ redis: link, prefix: PREFIX })
    const b = loginThrottle({ redis: link, prefix: PREFIX })
    const attempt = { account: "a@example.com", address: "198.51.100.9", device: null }
    for (let i = 0; i < 5; i++) await failOnce(i % 2 ? a : b, attempt)
    await expect(b.take(attempt)).rejects.toMatchObject({
      statusCode: 429,
      message: "Too many failed login attempts. Please try again in 1 minute.",
      retryAfterSeconds: 60,
    })
    // One counter per rule the attempt fell under, and the pair's count of blocks; each named by a hash only,
    // each expiring with its block (the pair's minute), its window (15 minutes) or the day blocks are remembered.
    const counters = (await redis.keys(`${PREFIX}throttle-*`)).sort()
    expect(counters.map((key) => key.slice(PREFIX.length).split(":")[0])).toEqual(["throttle-account", "throttle-address", "throttle-blocks", "throttle-pair"])
    const lifetimes: Record<string, number> = {
      "throttle-pair": 60_000,
      "throttle-address": 15 * 60_000,
      "throttle-account": 15 * 60_000,
      "throttle-blocks": 24 * 60 * 60_000,
    }
    for (const key of counters) {
      expect(key).not.toContain("example.com")
      expect(key).not.toContain("198.51.100")
      expect(key.slice(PREFIX.length).split(":")[1]).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const ttl = await redis.pttl(key)
      expect(ttl).toBeGreaterThan(0)
      expect(ttl).toBeLessThanOrEqual(lifetimes[key.slice(PREFIX.length).split(":")[0]!]!)
    }
    // The same account from another address is not held back by this one's failures.
    expect(await refusal(a, { ...attempt, address: "198.51.100.10" })).toBeNull()
  })

  it("runs on the server's clock: a block holds until its minute is up there, whatever Redis's own clock says", async () => {
    const clock = { now: Date.parse("2026-11-30T09:00:00Z") }
    const throttle = loginThrottle({ redis: link, prefix: PREFIX, now: () => clock.now })
    const attempt = { account: "clocked@example.com", address: "198.51.100.30", device: null }
    for (let i = 0; i < 5; i++) await failOnce(throttle, attempt)
    clock.now += 59_000
    expect(await refusal(throttle, attempt)).toMatchObject({ statusCode: 429, retryAfterSeconds: 1 })
    clock.now += 1_000
    expect(await refusal(throttle, attempt)).toBeNull()
    // The next block of the pair, counted in Redis, is twice as long.
    for (let i = 0; i < 5; i++) await failOnce(throttle, attempt)
    expect(await refusal(throttle, attempt)).toMatchObject({ statusCode: 429, retryAfterSeconds: 120 })
  })

  it("lets 5 of 100 tries taken at once on two instances through to the password check", async () => {
    const a = loginThrottle({ redis: link, prefix: PREFIX })
    const b = loginThrottle({ redis: link, prefix: PREFIX })
    const attempt = { account: "parallel@example.com", address: "198.51.100.20", device: null }
    const tries = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).take(attempt)))
    expect(tries.filter((t) => t.status === "fulfilled")).toHaveLength(5)
    expect(tries.filter((t) => t.status === "rejected").map((t) => (t as PromiseRejectedResult).reason.statusCode)).toEqual(Array(95).fill(429))
  })

  it("clears the failures of the person who signed in, never an address's", async () => {
    const throttle = loginThrottle({ redis: link, prefix: PREFIX })
    for (let i = 0; i < 4; i++) await failOnce(throttle, { account: `b${i}@example.com`, address: "198.51.100.11", device: null })
    const mine = { account: "b@example.com", address: "198.51.100.11", device: null }
    for (let i = 0; i < 4; i++) await failOnce(throttle, mine)
    await throttle.succeed(await throttle.take(mine))
    // The pair starts again (4 more failures pass); the address has 12 of its 20 by now and keeps them.
    for (let i = 0; i < 4; i++) await failOnce(throttle, mine)
    expect(await refusal(throttle, mine)).toBeNull()
    for (let i = 0; i < 8; i++) await failOnce(throttle, { account: `c${i}@example.com`, address: "198.51.100.11", device: null })
    await expect(throttle.take({ account: "d@example.com", address: "198.51.100.11", device: null })).rejects.toMatchObject({ statusCode: 429 })
  })

  it("counts shared writes table by table: a write to tickets leaves the people's stamp, a write to users or naming no table moves it", async () => {
    const a = redisSharedWrites(link, PREFIX)
    const b = redisSharedWrites(link, PREFIX)
    const people = ["users", "user_counts"]
    const before = await b.read(people)
    const anyBefore = await b.read(undefined)
    await a.publish(["tickets", "events"])
    expect(await b.read(people)).toBe(before)
    const anyAfterTickets = await b.read(undefined)
    expect(anyAfterTickets).not.toBe(anyBefore)
    await a.publish(["users"])
    const afterUsers = await b.read(people)
    expect(afterUsers).not.toBe(before)
    await a.publish("all")
    expect(await b.read(people)).not.toBe(afterUsers)
    expect(await b.read(undefined)).not.toBe(anyAfterTickets)
    expect(await redis.type(`${PREFIX}writes-by-table`)).toBe("hash")
  })

  it("shares ticket versions between instances, never moving one backwards, with a lifetime", async () => {
    const a = redisTicketVersions(link, PREFIX)
    const b = redisTicketVersions(link, PREFIX)
    expect(await a.get("q1")).toBeUndefined()
    await a.remember("q1", { version: 3, raiserId: "u1" })
    expect(await b.get("q1")).toEqual({ version: 3, raiserId: "u1" })
    // A poll on B that read the row before A's change committed must not undo A's newer version.
    await b.remember("q1", { version: 2, raiserId: "u1" })
    expect(await a.get("q1")).toEqual({ version: 3, raiserId: "u1" })
    await b.remember("q1", { version: 4, raiserId: "u1" })
    expect((await a.get("q1"))?.version).toBe(4)
    expect(await redis.pttl(`${PREFIX}ticket-version:q1`)).toBeGreaterThan(29 * 24 * 3600 * 1000)
  })

  it("keeps token versions that never move backwards, expire within a minute and can be forgotten", async () => {
    const versions = redisTokenVersions(link, PREFIX)
    expect(await versions.get("u1")).toBeUndefined()
    await versions.remember("u1", 3)
    await versions.remember("u1", 2)
    expect(await versions.get("u1")).toBe(3)
    const ttl = await redis.pttl(`${PREFIX}token-version:u1`)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(60_000)
    await versions.forget("u1")
    expect(await versions.get("u1")).toBeUndefined()
  })
})
