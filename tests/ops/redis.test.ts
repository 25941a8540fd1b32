import { Redis } from "ioredis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { redisLoginLimiter } from "../../server/services/auth/redis-login-limiter.ts"
import { redisVersionMap } from "../../server/services/cache/redis-version-map.ts"

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
if (!ready) console.warn(`\n[ops] SKIPPED the Redis limiter and version map tests: Redis at ${REDIS_URL} is not reachable.\n`)

let redis: Redis
describe.skipIf(!ready)("Redis twins of the login limiter and the version map", () => {
  beforeAll(() => {
    redis = new Redis(REDIS_URL)
  })
  afterAll(async () => {
    const keys = await redis.keys(`${PREFIX}*`)
    if (keys.length > 0) await redis.del(...keys)
    await redis.quit()
  })

  it("refuses the 6th attempt within 15 minutes and allows it again after the window", async () => {
    const clock = { now: 1_800_000_000_000 }
    const limiter = redisLoginLimiter(redis, PREFIX, () => clock.now)
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
    const limiter = redisLoginLimiter(redis, PREFIX)
    const account = ["account:b@example.com", "address:198.51.100.10"]
    for (let i = 0; i < 5; i++) await limiter.fail(account)
    await limiter.succeed(account)
    await expect(limiter.check(["account:b@example.com"])).resolves.toBeUndefined()
    await expect(limiter.check(["address:198.51.100.10"])).rejects.toMatchObject({ statusCode: 429 })
  })

  it("keeps versions with a lifetime, starting unseen keys at the caller's clock", async () => {
    const versions = redisVersionMap(redis, PREFIX, () => 1_900_000_000_000)
    expect(await versions.get("ticket:7")).toBe(1_900_000_000_000_000)
    expect(await versions.bump("ticket:7")).toBe(1_900_000_000_000_001)
    expect(await versions.bump("ticket:8")).toBe(1_900_000_000_000_001)
    // Redis lost the key (a restart without persistence): the next version is above the old one.
    await redis.del(`${PREFIX}version:ticket:7`)
    const later = redisVersionMap(redis, PREFIX, () => 1_900_000_000_001)
    expect(await later.get("ticket:7")).toBeGreaterThan(1_900_000_000_000_001)
    expect(await redis.pttl(`${PREFIX}version:ticket:7`)).toBeGreaterThan(29 * 24 * 3600 * 1000)
  })
})
