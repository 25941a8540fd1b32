import { createHash } from "node:crypto"
import type { RedisLink } from "../cache/redis-link.ts"
import { tooManyRequests } from "../errors.ts"
import { memoryCounts, redisCounts, type Counts } from "./throttle-counts.ts"

/**
 * Sign-in that attackers cannot turn against owners (OWASP's guidance against online guessing): no
 * stranger can lock an account, and nobody can guess at speed. Failures are counted per rule below
 * (throttle-counts.ts: in memory, or in Redis so every instance shares them; in memory again while Redis is
 * away). A rule that reaches its points blocks its key for a while that doubles with each block in a day:
 * 1, 2, 4, 8, then 15 minutes, on the server's clock (`now`), so a test moves it on and sees a block end. A
 * blocked attempt gets 429 with Retry-After, before any password is checked.
 *
 * Each attempt takes its try from every count it falls under in one atomic step before its password or code
 * is checked, so attempts sent at once cannot all pass a check made before any of them is counted: of 100
 * parallel guesses on one account from one address, 5 reach the password check. A try refused, or one that
 * proves nothing, is given back; a success gives it back too (and clears the person's own counts); only a
 * failure keeps it.
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

/** An attempt's try, taken from each of its counts: what each count stood at once it was taken. */
export interface Try {
  taken: Array<{ rule: RuleName; key: string; consumed: number }>
}

export interface LoginThrottle {
  /** Takes the attempt's try before its password or code is checked; refuses a count that is used up or blocked: 429, Retry-After and when to try again. */
  take(attempt: Attempt): Promise<Try>
  /** The password or code was wrong: the try stays counted, and the try that used a count's last point blocks it. */
  fail(tried: Try): Promise<void>
  /** Clears the counts that belong to the person who just proved who they are, and gives the try back to the others (an address's). */
  succeed(tried: Try): Promise<void>
  /** The try decided nothing (a rejected account with its right password): every count gets it back. */
  giveBack(tried: Try): Promise<void>
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

type Counted = RuleName | "blocks"

export function loginThrottle(options: { redis?: RedisLink; prefix?: string; rules?: Rules; now?: () => number } = {}): LoginThrottle {
  const rules = options.rules ?? THROTTLE_RULES
  const now = options.now ?? Date.now
  const windowMs = (name: Counted) => (name === "blocks" ? BLOCKS_REMEMBERED_SECONDS : rules[name].windowSeconds) * 1000
  const memory = memoryCounts()
  const { redis, prefix = "console:" } = options
  // Through the Redis link: while Redis is away each instance counts in its own memory.
  const counts: Counts = redis ? sharedCounts(redis, redisCounts(redis.redis, `${prefix}throttle-`), memory) : memory
  const store = {
    penalty: (name: Counted, key: string) => counts.add(name, key, windowMs(name), now()),
    reward: (name: RuleName, key: string) => counts.takeBack(name, key, now()),
    block: (name: RuleName, key: string, seconds: number) => counts.hold(name, key, rules[name].points + 1, seconds * 1000, now()),
    delete: (name: RuleName, key: string) => counts.clear(name, key),
  }

  const giveBack = async (taken: Try["taken"]) => {
    for (const { rule, key } of taken) await store.reward(rule, key)
  }

  return {
    async take(attempt) {
      const taken: Try["taken"] = []
      let waitMs = 0
      for (const [rule, key] of keysOf(attempt)) {
        const hashedKey = hashed(key)
        const state = await store.penalty(rule, hashedKey)
        taken.push({ rule, key: hashedKey, consumed: state.consumed })
        if (state.consumed > rules[rule].points) waitMs = Math.max(waitMs, state.msLeft, 1000)
      }
      if (waitMs > 0) {
        // A refused try is no guess: counting it would let a stranger's refused attempts use up the owner's counts.
        await giveBack(taken)
        throw tooManyFailures(Math.ceil(waitMs / 1000))
      }
      return { taken }
    },
    async fail({ taken }) {
      // Only the try that used a count's last point blocks it: five failures landing at once block once, not five times.
      for (const { rule, key, consumed } of taken) {
        if (consumed !== rules[rule].points) continue
        const blocks = (await store.penalty("blocks", hashed(`${rule}\n${key}`))).consumed
        await store.block(rule, key, Math.min(LONGEST_BLOCK_SECONDS, FIRST_BLOCK_SECONDS * 2 ** (blocks - 1)))
      }
    },
    async succeed({ taken }) {
      const own = (rule: RuleName) => rule === "pair" || rule === "device" || rule === "code"
      for (const { rule, key } of taken) if (own(rule)) await store.delete(rule, key)
      await giveBack(taken.filter(({ rule }) => !own(rule)))
    },
    giveBack: ({ taken }) => giveBack(taken),
    async allowResetMail(email, address) {
      const byEmail = await store.penalty("resetEmail", hashed(email))
      const byAddress = await store.penalty("resetAddress", hashed(address))
      return byEmail.consumed <= rules.resetEmail.points && byAddress.consumed <= rules.resetAddress.points
    },
  }
}

/** Redis's counts while it answers, this process's while it is away. */
function sharedCounts(redis: RedisLink, shared: Counts, memory: Counts): Counts {
  return {
    add: (...args) =>
      redis.use(
        () => shared.add(...args),
        () => memory.add(...args),
      ),
    takeBack: (...args) =>
      redis.use(
        () => shared.takeBack(...args),
        () => memory.takeBack(...args),
      ),
    hold: (...args) =>
      redis.use(
        () => shared.hold(...args),
        () => memory.hold(...args),
      ),
    clear: (...args) =>
      redis.use(
        () => shared.clear(...args),
        () => memory.clear(...args),
      ),
  }
}
