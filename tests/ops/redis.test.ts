import { Redis } from "ioredis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { redisLoginLimiter } from "../../server/services/auth/redis-login-limiter.ts"
import { redisTokenVersions } from "../../server/services/auth/redis-token-versions.ts"
import { redisLink, type RedisLink } from "../../server/services/cache/redis-link.ts"
import { redisTicketVersions } from "../../server/services/tickets/redis-ticket-versions.ts"

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
const ready = await reachable()
if (!ready) console.warn(`\n[ops] SKIPPED the Redis limiter and ticket version tests: Redis at ${REDIS_URL} is not reachable.\n`)

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

  it("refuses the 6th attempt within 15 minutes and allows it again after the window", async () => {
    const clock = { now: 1_800_000_000_000 }
    const limiter = redisLoginLimiter(link, PREFIX, () => clock.now)
    const keys = ["account:a@example.com", "address:198.51.100.9"]
    for (let i = 0; i < 5; i++) {
      await limiter.check(keys)
      await limiter.fail(keys)
      clock.now += 60_000
    }
    await expect(limiter.check(keys)).rejects.toMatchObject({ statusCode: 429, message: "Too many failed login attempts. Please try again in 15 minutes." })
    clock.now += 11 * 60_000 // the first failure is now 16 minutes old: 4 remain in the window
    await expect(limiter.check(keys)).resolves.toBeUndefined()
    // Every counter expires by itself once its window has passed; keys are hashes, not emails or addresses.
    const counters = await redis.keys(`${PREFIX}login:*`)
    expect(counters).toHaveLength(2)
    for (const key of counters) {
      expect(key).toMatch(new RegExp(`^${PREFIX}login:[0-9a-f]{64}$`))
      const ttl = await redis.pttl(key)
      expect(ttl).toBeGreaterThan(0)
      expect(ttl).toBeLessThanOrEqual(15 * 60_000)
    }
  })

  it("clears an account's failures on success but never an address's", async () => {
    const limiter = redisLoginLimiter(link, PREFIX)
    const account = ["account:b@example.com", "address:198.51.100.10"]
    for (let i = 0; i < 5; i++) await limiter.fail(account)
    await limiter.succeed(account)
    await expect(limiter.check(["account:b@example.com"])).resolves.toBeUndefined()
    await expect(limiter.check(["address:198.51.100.10"])).rejects.toMatchObject({ statusCode: 429 })
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
