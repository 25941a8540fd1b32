import { describe, expect, it } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import type { Trends } from "../../src/api/contract/dashboard/dashboard.ts"
import { lastWeeks, mondayOf, trendRangeProblem, weeksBetween } from "../../src/api/contract/dashboard/trend-weeks.ts"
import { TRENDS_FAILED, trendsMachine } from "../../src/machines/dashboard/trends.machine.ts"

type Range = { from: string; to: string }

/** The machine with its call answered by `answer`, recording each range it asked for. */
function started(answer: (range: Range) => Promise<Trends>) {
  const asked: Range[] = []
  const actor = createActor(
    trendsMachine.provide({
      actors: {
        fetchTrends: fromPromise<Trends, Range>(({ input }) => {
          asked.push(input)
          return answer(input)
        }),
      },
    }),
    { input: { today: "2026-11-26" } },
  ).start()
  return { actor, asked }
}

const answer = async (range: Range): Promise<Trends> => ({ ...range, weeks: [] })

describe("trends machine", () => {
  it("opens on the last 12 weeks, today included", async () => {
    const { actor, asked } = started(answer)
    await waitFor(actor, (s) => s.matches("loaded"))
    expect(asked).toEqual([{ from: "2026-09-07", to: "2026-11-26" }])
    expect(actor.getSnapshot().context.trends).toEqual({ from: "2026-09-07", to: "2026-11-26", weeks: [] })
  })

  it("asks again for each drawable range typed or chosen, the latest winning over one still loading", async () => {
    const { actor, asked } = started(answer)
    actor.send({ type: "range.change", field: "from", value: "2026-10-01" })
    await waitFor(actor, (s) => s.matches("loaded"))
    expect(actor.getSnapshot().context.trends?.from).toBe("2026-10-01")
    expect(asked.at(-1)).toEqual({ from: "2026-10-01", to: "2026-11-26" })
    actor.send({ type: "range.preset", weeks: 4 })
    await waitFor(actor, (s) => s.matches("loaded"))
    expect(asked.at(-1)).toEqual({ from: "2026-11-02", to: "2026-11-26" })
  })

  it("says why a range cannot be drawn, asks nothing, and keeps the charts", async () => {
    const { actor, asked } = started(answer)
    await waitFor(actor, (s) => s.matches("loaded"))
    const calls = asked.length
    actor.send({ type: "range.change", field: "from", value: "2026-12-01" })
    expect(actor.getSnapshot().context).toMatchObject({ from: "2026-12-01", rangeError: "From must be on or before To.", trends: { from: "2026-09-07" } })
    actor.send({ type: "range.change", field: "from", value: "2020-01-06" })
    expect(actor.getSnapshot().context.rangeError).toBe("Choose a range of at most 104 weeks.")
    actor.send({ type: "range.change", field: "to", value: "" })
    expect(actor.getSnapshot().context.rangeError).toBe("Choose both dates.")
    expect(asked).toHaveLength(calls)
    expect(actor.getSnapshot().matches("loaded")).toBe(true)
    // Mended, it loads and the reason goes.
    actor.send({ type: "range.change", field: "to", value: "2020-03-01" })
    await waitFor(actor, (s) => s.matches("loaded"))
    expect(actor.getSnapshot().context.rangeError).toBeNull()
    expect(asked.at(-1)).toEqual({ from: "2020-01-06", to: "2020-03-01" })
  })

  it("shows the server's refusal or the fallback text, and tries again", async () => {
    let fail: Error | null = new ApiError("http", 400, "Bad Request", "Choose a range of at most 104 weeks.")
    const { actor } = started(async (range) => {
      if (fail) throw fail
      return answer(range)
    })
    await waitFor(actor, (s) => s.matches("failed"))
    expect(actor.getSnapshot().context.error).toBe("Choose a range of at most 104 weeks.")
    fail = new ApiError("network", 0, "", "Could not reach the server.")
    actor.send({ type: "trends.reload" })
    await waitFor(actor, (s) => s.matches("failed"))
    expect(actor.getSnapshot().context.error).toBe(TRENDS_FAILED)
    fail = null
    actor.send({ type: "trends.reload" })
    await waitFor(actor, (s) => s.matches("loaded"))
    expect(actor.getSnapshot().context.error).toBeNull()
  })
})

describe("trend weeks", () => {
  it("names each week by its Monday (UTC), whatever the day", () => {
    expect(["2026-11-23", "2026-11-25", "2026-11-29"].map(mondayOf)).toEqual(["2026-11-23", "2026-11-23", "2026-11-23"])
    expect(mondayOf("2026-11-30")).toBe("2026-11-30")
    // Across a year's end and a leap day.
    expect(mondayOf("2027-01-01")).toBe("2026-12-28")
    expect(mondayOf("2028-03-01")).toBe("2028-02-28")
  })

  it("counts a range's weeks from the week of its start to the week of its end", () => {
    expect(weeksBetween("2026-11-29", "2026-11-30")).toEqual(["2026-11-23", "2026-11-30"])
    expect(weeksBetween("2026-11-24", "2026-11-24")).toEqual(["2026-11-23"])
    expect(lastWeeks(1, "2026-11-26")).toEqual({ from: "2026-11-23", to: "2026-11-26" })
    expect(weeksBetween("2025-01-06", "2026-12-28")).toHaveLength(104)
    expect(trendRangeProblem("2025-01-06", "2026-12-28")).toBeNull()
    expect(trendRangeProblem("2025-01-06", "2027-01-04")).toBe("Choose a range of at most 104 weeks.")
  })
})

describe("trends machine and the address", () => {
  function startedAt(input: { from?: string | null; to?: string | null }) {
    const shown: Array<{ from: string; to: string; isDefault: boolean }> = []
    const actor = createActor(
      trendsMachine.provide({
        actors: { fetchTrends: fromPromise<Trends, Range>(({ input: range }) => answer(range)) },
        actions: { showRange: (_, range) => void shown.push(range) },
      }),
      { input: { today: "2026-11-26", ...input } },
    ).start()
    return { actor, shown }
  }

  it("draws a range the address names, and says each range it draws", async () => {
    const { actor, shown } = startedAt({ from: "2026-06-01", to: "2026-06-28" })
    await waitFor(actor, (s) => s.matches("loaded"))
    expect(actor.getSnapshot().context.trends).toMatchObject({ from: "2026-06-01", to: "2026-06-28" })
    expect(shown).toEqual([{ from: "2026-06-01", to: "2026-06-28", isDefault: false }])
    actor.send({ type: "range.preset", weeks: 12 })
    await waitFor(actor, (s) => s.matches("loaded"))
    expect(shown.at(-1)).toEqual({ from: "2026-09-07", to: "2026-11-26", isDefault: true })
  })

  it("draws the last 12 weeks when the address names a range it cannot draw", async () => {
    for (const input of [
      { from: "2026-07-01", to: "2026-06-01" },
      { from: "2020-01-06", to: "2026-11-26" },
      { from: "nonsense", to: "2026-06-01" },
      { from: "2026-06-01" },
    ]) {
      const { actor, shown } = startedAt(input)
      await waitFor(actor, (s) => s.matches("loaded"))
      expect(shown).toEqual([{ from: "2026-09-07", to: "2026-11-26", isDefault: true }])
    }
  })
})
