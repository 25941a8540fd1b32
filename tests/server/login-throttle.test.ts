import { describe, expect, it } from "vitest"
import { loginThrottle, type Attempt } from "../../server/services/auth/login-throttle.ts"
import { failOnce, refusal } from "../fixtures/throttle-tries.ts"

/**
 * The in-memory throttle on its own, on a clock in the test's hands (the server's `now`): the blocks SECURITY.md
 * states, and what each outcome of a try does to the counts.
 */
const clock = { now: Date.parse("2026-11-30T09:00:00Z") }
const throttleOnClock = () => loginThrottle({ now: () => clock.now })

const stranger: Attempt = { account: "owner@example.com", address: "203.0.113.7", device: null }

describe("the sign-in throttle", () => {
  it("blocks a pair for 1, 2, 4, 8, then 15 minutes, each time its 5 failures are used up again", async () => {
    const throttle = throttleOnClock()
    const blocks: number[] = []
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 5; i++) await failOnce(throttle, stranger)
      const refused = await refusal(throttle, stranger)
      expect(refused?.statusCode).toBe(429)
      blocks.push(refused!.retryAfterSeconds)
      // Still refused a second before the block ends, and free once it has.
      clock.now += (refused!.retryAfterSeconds - 1) * 1000
      expect((await refusal(throttle, stranger))?.statusCode).toBe(429)
      clock.now += 1000
      expect(await refusal(throttle, stranger)).toBeNull()
    }
    expect(blocks).toEqual([60, 120, 240, 480, 900, 900])
  })

  it("keeps a failure's try, and gives a success's back to the address while clearing the pair", async () => {
    const throttle = throttleOnClock()
    for (let i = 0; i < 4; i++) await failOnce(throttle, stranger)
    // A success from the pair: its own count starts again, the address keeps its 4 failures.
    await throttle.succeed(await throttle.take(stranger))
    for (let i = 0; i < 4; i++) await failOnce(throttle, stranger)
    expect(await refusal(throttle, stranger)).toBeNull()
    // The address has 8 failures (the success's try went back): 12 more use up its 20.
    for (let i = 0; i < 11; i++) await failOnce(throttle, { ...stranger, account: `other${i}@example.com` })
    expect(await refusal(throttle, { ...stranger, account: "next@example.com" })).toBeNull()
    await failOnce(throttle, { ...stranger, account: "other11@example.com" })
    expect((await refusal(throttle, { ...stranger, account: "next@example.com" }))?.statusCode).toBe(429)
  })

  it("counts in windows of the server's clock: failures 15 minutes old no longer count, and after a day blocks start again at 1 minute", async () => {
    const throttle = throttleOnClock()
    const windowed = { ...stranger, account: "windowed@example.com" }
    for (let i = 0; i < 4; i++) await failOnce(throttle, windowed)
    clock.now += 15 * 60 * 1000
    for (let i = 0; i < 5; i++) await failOnce(throttle, windowed)
    expect((await refusal(throttle, windowed))?.retryAfterSeconds).toBe(60)
    clock.now += 60 * 1000
    for (let i = 0; i < 5; i++) await failOnce(throttle, windowed)
    expect((await refusal(throttle, windowed))?.retryAfterSeconds).toBe(120)
    clock.now += 24 * 60 * 60 * 1000
    for (let i = 0; i < 5; i++) await failOnce(throttle, windowed)
    expect((await refusal(throttle, windowed))?.retryAfterSeconds).toBe(60)
  })
})
