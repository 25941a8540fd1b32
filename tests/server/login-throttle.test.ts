import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { loginThrottle, type Attempt } from "../../server/services/auth/login-throttle.ts"
import { failOnce, refusal } from "../fixtures/throttle-tries.ts"

/**
 * The in-memory throttle on its own, with the clock in the test's hands (rate-limiter-flexible reads Date.now and
 * expires its records with timers): the blocks SECURITY.md states, and what each outcome of a try does to the counts.
 */
beforeEach(() => void vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] }))
afterEach(() => void vi.useRealTimers())

const stranger: Attempt = { account: "owner@example.com", address: "203.0.113.7", device: null }

describe("the sign-in throttle", () => {
  it("blocks a pair for 1, 2, 4, 8, then 15 minutes, each time its 5 failures are used up again", async () => {
    const throttle = loginThrottle()
    const blocks: number[] = []
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 5; i++) await failOnce(throttle, stranger)
      const refused = await refusal(throttle, stranger)
      expect(refused?.statusCode).toBe(429)
      blocks.push(refused!.retryAfterSeconds)
      // Still refused a second before the block ends, and free once it has.
      vi.advanceTimersByTime((refused!.retryAfterSeconds - 1) * 1000)
      expect((await refusal(throttle, stranger))?.statusCode).toBe(429)
      vi.advanceTimersByTime(1000)
      expect(await refusal(throttle, stranger)).toBeNull()
    }
    expect(blocks).toEqual([60, 120, 240, 480, 900, 900])
  })

  it("keeps a failure's try, and gives a success's back to the address while clearing the pair", async () => {
    const throttle = loginThrottle()
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
})
