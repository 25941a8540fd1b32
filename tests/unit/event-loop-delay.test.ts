import { describe, expect, it } from "vitest"
import { watchLoopDelay } from "../../server/services/ops/event-loop-delay.ts"

describe("watchLoopDelay", () => {
  it("reads each interval beyond the 10 ms timer, never below zero", () => {
    const calls: string[] = []
    const fake = {
      enable: () => (calls.push("enable"), true),
      disable: () => (calls.push("disable"), true),
      reset: () => void calls.push("reset"),
      percentile: (p: number) => (p === 50 ? 10.2e6 : p === 99 ? 25e6 : 9.5e6),
      max: 87e6,
      count: 42,
    }
    const delay = watchLoopDelay(fake)
    expect(delay.quantileMs(0.5)).toBeCloseTo(0.2, 6)
    expect(delay.quantileMs(0.99)).toBeCloseTo(15, 6)
    // A timer that ran early (Node rounds the interval down) is no delay, not a negative one.
    expect(delay.quantileMs(0.1)).toBe(0)
    expect(delay.maxMs()).toBeCloseTo(77, 6)
    expect(delay.count()).toBe(42)
    delay.reset()
    delay.disable()
    expect(calls).toEqual(["enable", "reset", "disable"])
  })

  it("sees a loop held for 100 ms as a delay of at least 90 ms", async () => {
    const delay = watchLoopDelay()
    // Let the timer run once, so the held stretch falls between two of its runs.
    await new Promise((resolve) => setTimeout(resolve, 30))
    const until = performance.now() + 100
    while (performance.now() < until) {
      // holding the loop on purpose
    }
    await new Promise((resolve) => setTimeout(resolve, 30))
    // Its timer was due at most 10 ms into the held stretch and ran after it: late by 90 ms or more (more on a busy machine).
    expect(delay.maxMs()).toBeGreaterThanOrEqual(90)
    delay.disable()
  })
})
