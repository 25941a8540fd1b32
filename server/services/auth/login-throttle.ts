import { createHash } from "node:crypto"
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible"
import type { RedisLink } from "../cache/redis-link.ts"
import { tooManyRequests } from "../errors.ts"

/**
 * Sign-in that attackers cannot turn against owners (OWASP's guidance against online guessing): no
 * stranger can lock an account, and nobody can guess at speed. Failures are counted per rule below in
 * rate-limiter-flexible (in memory, or in Redis so every instance shares them; in memory again while
 * Redis is away). A rule that reaches its points blocks its key for a while that doubles with each block
 * in a day: 1, 2, 4, 8, then 15 minutes. A blocked attempt gets 429 with Retry-After, before any password
 * is checked.
 *
 * - `pair`: one account from one address (a person's typos, a guesser on one address).
 * - `address`: one address over every account (a guesser trying many accounts). High enough that the
 *   office behind one proxy address is not locked out by one person's typos.
 * - `account`: one account from every address (an attack from many addresses): it slows the account's
 *   sign-in from unknown devices only.
 * - `device`: a browser that has signed in to the account before (a signed device cookie) is counted on its
 *   own and none of the rules above apply to it: the owner's own device gets in at once with the right
 *   password, whatever strangers do to the account or the address.
 * - `code`: the two-factor code of an account (reached only with its password): 5 wrong codes block it.
 * - `resetEmail`, `resetAddress`: reset links mailed per email and per address in an hour (every request
 *   counts, not failures); past them no mail is sent, and the answer stays the same.
 */
export const THROTTLE_RULES = {
  pair: { points: 5, windowSeconds: 15 * 60 },
  address: { points: 20, windowSeconds: 15 * 60 },
  account: { points: 10, windowSeconds: 15 * 60 },
  device: { points: 5, windowSeconds: 15 * 60 },
  code: { points: 5, windowSeconds: 15 * 60 },
  resetEmail: { points: 3, windowSeconds: 60 * 60 },
  resetAddress: { points: 10, windowSeconds: 60 * 60 },
} as const
export type RuleName = keyof typeof THROTTLE_RULES
type Rules = Record<RuleName, { points: number; windowSeconds: number }>

const FIRST_BLOCK_SECONDS = 60
const LONGEST_BLOCK_SECONDS = 15 * 60
const BLOCKS_REMEMBERED_SECONDS = 24 * 60 * 60

/** One sign-in attempt: the account (an email, or `two-factor:<id>`), the client's address, and its device if known. */
export interface Attempt {
  account: string
  address: string
  /** The device id of a valid device cookie for this account; null for an unknown browser. */
  device: string | null
  /** The two-factor step: its codes are limited per account whatever the device. */
  code?: boolean
}

export interface LoginThrottle {
  /** Refuses a blocked attempt: 429, Retry-After and when to try again. */
  check(attempt: Attempt): Promise<void>
  fail(attempt: Attempt): Promise<void>
  /** Clears the counts that belong to the person who just proved who they are (never an address's). */
  succeed(attempt: Attempt): Promise<void>
  /** Counts a reset-link request; false when its email or address has had its share this hour. */
  allowResetMail(email: string, address: string): Promise<boolean>
}

export const tooManyFailures = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return tooManyRequests(`Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, seconds)
}

function keysOf(attempt: Attempt): Array<[RuleName, string]> {
  if (attempt.code)
    return [
      ["code", attempt.account],
      ["address", attempt.address],
    ]
  if (attempt.device) return [["device", `${attempt.account}\n${attempt.device}`]]
  return [
    ["pair", `${attempt.account}\n${attempt.address}`],
    ["address", attempt.address],
    ["account", attempt.account],
  ]
}

/** Keys are hashed: no email or address sits in the store. */
const hashed = (key: string) => createHash("sha256").update(key).digest("base64url")

interface Store {
  get(rule: RuleName | "blocks", key: string): Promise<RateLimiterRes | null>
  penalty(rule: RuleName | "blocks", key: string): Promise<RateLimiterRes>
  block(rule: RuleName, key: string, seconds: number): Promise<void>
  delete(rule: RuleName, key: string): Promise<void>
}

function limitersOf(make: (name: string, points: number, duration: number) => RateLimiterAbstract, rules: Rules) {
  const limiters = Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, make(name, rule.points, rule.windowSeconds)])) as Record<
    RuleName,
    RateLimiterAbstract
  >
  return { ...limiters, blocks: make("blocks", 1_000, BLOCKS_REMEMBERED_SECONDS) }
}

function storeOf(limiters: ReturnType<typeof limitersOf>): Store {
  return {
    get: (rule, key) => limiters[rule].get(key),
    penalty: (rule, key) => limiters[rule].penalty(key, 1),
    block: async (rule, key, seconds) => void (await limiters[rule].block(key, seconds)),
    delete: async (rule, key) => void (await limiters[rule].delete(key)),
  }
}

function sharedStore(redis: RedisLink, limiters: ReturnType<typeof limitersOf>, memory: Store): Store {
  const shared = storeOf(limiters)
  return {
    get: (rule, key) =>
      redis.use(
        () => shared.get(rule, key),
        () => memory.get(rule, key),
      ),
    penalty: (rule, key) =>
      redis.use(
        () => shared.penalty(rule, key),
        () => memory.penalty(rule, key),
      ),
    block: (rule, key, seconds) =>
      redis.use(
        () => shared.block(rule, key, seconds),
        () => memory.block(rule, key, seconds),
      ),
    delete: (rule, key) =>
      redis.use(
        () => shared.delete(rule, key),
        () => memory.delete(rule, key),
      ),
  }
}

export function loginThrottle(options: { redis?: RedisLink; prefix?: string; rules?: Rules } = {}): LoginThrottle {
  const rules = options.rules ?? THROTTLE_RULES
  const memory = storeOf(limitersOf((name, points, duration) => new RateLimiterMemory({ keyPrefix: name, points, duration }), rules))
  const { redis, prefix = "console:" } = options
  // Through the Redis link: while Redis is away each instance counts in its own memory.
  const store: Store = redis
    ? sharedStore(
        redis,
        limitersOf(
          (name, points, duration) => new RateLimiterRedis({ storeClient: redis.redis, keyPrefix: `${prefix}login-${name}`, points, duration }),
          rules,
        ),
        memory,
      )
    : memory

  return {
    async check(attempt) {
      let waitMs = 0
      for (const [rule, key] of keysOf(attempt)) {
        const state = await store.get(rule, hashed(key))
        if (state && state.consumedPoints > rules[rule].points && state.msBeforeNext > 0) waitMs = Math.max(waitMs, state.msBeforeNext)
      }
      if (waitMs > 0) throw tooManyFailures(Math.ceil(waitMs / 1000))
    },
    async fail(attempt) {
      for (const [rule, key] of keysOf(attempt)) {
        const state = await store.penalty(rule, hashed(key))
        if (state.consumedPoints < rules[rule].points) continue
        const blocks = (await store.penalty("blocks", hashed(`${rule}\n${key}`))).consumedPoints
        await store.block(rule, hashed(key), Math.min(LONGEST_BLOCK_SECONDS, FIRST_BLOCK_SECONDS * 2 ** (blocks - 1)))
      }
    },
    async succeed(attempt) {
      for (const [rule, key] of keysOf(attempt)) if (rule === "pair" || rule === "device" || rule === "code") await store.delete(rule, hashed(key))
    },
    async allowResetMail(email, address) {
      const byEmail = await store.penalty("resetEmail", hashed(email))
      const byAddress = await store.penalty("resetAddress", hashed(address))
      return byEmail.consumedPoints <= rules.resetEmail.points && byAddress.consumedPoints <= rules.resetAddress.points
    },
  }
}
