import { describe, expect, it } from "vitest"
import { growthOf, roundOrder, type GrowthRow } from "../../bench/lib/growth-ratio.ts"
import { growthRunKey, growthRunReport, sectionKey, withGrowthRun, withSection } from "../../bench/lib/report.ts"

describe("a growth run measures both scales in turn (issue 31: cost as data grows)", () => {
  it("alternates which side goes first, so a drifting machine bills both sides alike", () => {
    const order = [0, 1, 2, 3].flatMap((round) => roundOrder(round))
    expect(order).toEqual(["small", "large", "large", "small", "small", "large", "large", "small"])
    // A speed falling by the same step at each load: ABAB… would put the large side later every time, ABBA… does not.
    const speed = order.map((_, i) => 1000 - 10 * i)
    const mean = (side: string) => {
      const runs = speed.filter((_, i) => order[i] === side)
      return runs.reduce((a, b) => a + b, 0) / runs.length
    }
    expect(mean("small")).toBe(mean("large"))
  })

  it("compares the sides' medians: cost = 1 / req/s for a load, server time for the dashboard", () => {
    expect(growthOf("req/s", [900, 1000, 5000], [800, 820, 100])).toEqual({ grew: 1000 / 800, pass: true })
    expect(growthOf("req/s", [1000, 1000, 1000], [790, 790, 790]).pass).toBe(false)
    expect(growthOf("ms", [10, 12, 11], [13, 13.5, 90])).toEqual({ grew: 13.5 / 11, pass: true })
    expect(growthOf("ms", [10, 10, 10], [13, 13, 13]).pass).toBe(false)
    expect(growthOf("req/s", [1000], [0]).pass).toBe(false)
  })

  const row = (name: string, unit: GrowthRow["unit"], small: number[], large: number[]): GrowthRow => ({
    name,
    unit,
    small,
    large,
    ...growthOf(unit, small, large),
    note: "scale 0.1: page 1; scale 1: page 1",
  })
  const rows = [row("List page 1, afresh", "req/s", [2000, 2100, 1900], [1700, 1650, 1600]), row("Dashboard: all its calls", "ms", [8, 9, 8.5], [12, 11, 13])]
  const block = growthRunReport("- Date: 2026-12-06T10:00:00.000Z", "postgres", 0.1, 1, 3, rows)

  it("tables each figure's median at both scales, its growth against 1.25, and every run in order", () => {
    expect(block).toContain("### PostgreSQL: scale 0.1 against scale 1, in one run, in turn\n\n- Date: 2026-12-06T10:00:00.000Z\n")
    expect(block).toContain(
      "| List page 1, afresh | 2000 req/s | 1650 req/s | 1.21 × | ≤ 1.25 × | pass | 2000, 2100, 1900 / 1700, 1650, 1600; scale 0.1: page 1; scale 1: page 1 |",
    )
    expect(block).toContain("| Dashboard: all its calls | 8.5 ms | 12.0 ms | 1.41 × | ≤ 1.25 × | **FAIL** | 8.0, 9.0, 8.5 / 12.0, 11.0, 13.0;")
  })

  const line = "| 2026-12-06 10:00 | abc1234 | postgres, scales 0.1 and 1 in turn (growth run) | v24.21.0 | 1 of 2 | Dashboard: all its calls |"
  const key = growthRunKey("postgres", 0.1, 1)
  const start = withSection("", sectionKey("postgres", 0.1), "- Date: x\n\n| t |\n", "| one |")
  const withRun = withGrowthRun(start, key, block, line)

  it("goes into RESULTS.md as a block of its own, after the sections, before the history, with its history line", () => {
    expect(key).toBe("postgres@0.1-1")
    expect(withRun).toContain(`<!-- growth-run:postgres@0.1-1 -->\n${block}<!-- /growth-run -->`)
    expect(withRun.indexOf("<!-- /db -->")).toBeLessThan(withRun.indexOf("<!-- growth-run:"))
    expect(withRun.indexOf("<!-- /growth-run -->")).toBeLessThan(withRun.indexOf("<!-- history -->"))
    expect(withRun).toContain(`| one |\n${line}\n<!-- /history -->`)
  })

  it("is kept by a full run's rewrite, and replaced (not repeated) by the next growth run", () => {
    const afterFullRun = withSection(withRun, sectionKey("postgres", 1), "- Date: y\n\n| u |\n", "| two |")
    expect(afterFullRun).toContain(`<!-- growth-run:postgres@0.1-1 -->\n${block}<!-- /growth-run -->`)
    expect(afterFullRun.match(/<!-- growth-run:/g)).toHaveLength(1)
    const next = withGrowthRun(afterFullRun, key, "### the next run\n", "| three |")
    expect(next.match(/<!-- growth-run:/g)).toHaveLength(1)
    expect(next).toContain("<!-- growth-run:postgres@0.1-1 -->\n### the next run\n<!-- /growth-run -->")
    expect(next).not.toContain(block)
    const embedded = withGrowthRun(next, growthRunKey("embedded", 0.1, 1), "### embedded\n", "| four |")
    expect(embedded.indexOf("growth-run:embedded@0.1-1")).toBeLessThan(embedded.indexOf("growth-run:postgres@0.1-1"))
  })
})

describe("the growth table of two separate runs, once a growth run of the same scales is recorded", () => {
  const sections = withSection(withSection("", sectionKey("postgres", 0.1), "- Date: x\n\n| t |\n", "| one |"), "postgres", "- Date: y\n\n| u |\n", "| two |")
  const growthOfSections = (text: string) => /<!-- growth -->\n([\s\S]*?)<!-- \/growth -->/.exec(text)?.[1] ?? ""

  it("points to the growth run as the judge, and only for that database's pair of scales", () => {
    expect(growthOfSections(sections)).not.toContain("judge growth by it")
    const judged = withGrowthRun(sections, growthRunKey("postgres", 0.1, 1), "### run\n", "| three |")
    expect(growthOfSections(judged)).toContain(
      "A growth run of these two scales is recorded below (PostgreSQL: scale 0.1 against scale 1, in one run, in turn): judge growth by it.",
    )
    const other = withGrowthRun(sections, growthRunKey("embedded", 0.1, 1), "### run\n", "| three |")
    expect(growthOfSections(other)).not.toContain("judge growth by it")
  })
})
