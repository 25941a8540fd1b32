import { describe, expect, it } from "vitest"
import { countTicks, labelledWeeks } from "../../src/ui/pages/dashboard/trend-scale.ts"

describe("a trend chart's count axis", () => {
  it("steps by 1, 2 or 5 × 10ⁿ from 0 to the first tick at or above the largest count", () => {
    expect(countTicks(14)).toEqual([0, 5, 10, 15])
    expect(countTicks(16)).toEqual([0, 5, 10, 15, 20])
    expect(countTicks(8)).toEqual([0, 2, 4, 6, 8])
    expect(countTicks(3)).toEqual([0, 1, 2, 3])
    expect(countTicks(1)).toEqual([0, 1])
    expect(countTicks(1234)).toEqual([0, 500, 1000, 1500])
    expect(countTicks(40_000)).toEqual([0, 10_000, 20_000, 30_000, 40_000])
  })

  it("never steps by a fraction, and draws an empty range with one step", () => {
    expect(countTicks(2)).toEqual([0, 1, 2])
    expect(countTicks(0)).toEqual([0, 1])
    expect(countTicks(Number.NaN)).toEqual([0, 1])
  })

  it("always reaches the largest count, whatever it is", () => {
    for (let max = 1; max <= 5000; max += 7) {
      const ticks = countTicks(max)
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max)
      expect(ticks.length).toBeLessThanOrEqual(6)
      expect(ticks.every((tick) => Number.isInteger(tick))).toBe(true)
    }
  })
})

describe("a trend chart's week labels", () => {
  it("labels at most five weeks, evenly spaced, always the latest", () => {
    expect([...labelledWeeks(4)].sort((a, b) => a - b)).toEqual([0, 1, 2, 3])
    expect([...labelledWeeks(12)].sort((a, b) => a - b)).toEqual([2, 5, 8, 11])
    expect([...labelledWeeks(52)].sort((a, b) => a - b)).toEqual([7, 18, 29, 40, 51])
    expect([...labelledWeeks(1)]).toEqual([0])
    expect([...labelledWeeks(0)]).toEqual([])
  })
})
