import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { sectionKey, table, withSection } from "../../bench/lib/report.ts"
import type { Figure } from "../../bench/lib/figure.ts"

describe("bench/RESULTS.md as a full run rewrites it", () => {
  const now = readFileSync("bench/RESULTS.md", "utf8")
  const line = "| 2026-12-01 10:00 | abc1234 | postgres | v24.21.0 | 23 of 23 | none |"
  const next = withSection(now, "postgres", "- Date: new\n\n| the new table |\n", line)

  it("replaces only its own database's section", () => {
    expect(next).toContain("<!-- db:postgres -->\n## PostgreSQL\n\n- Date: new\n\n| the new table |\n<!-- /db -->")
    const embedded = /<!-- db:embedded -->[\s\S]*?<!-- \/db -->/
    expect(next.match(embedded)?.[0]).toBe(now.match(embedded)?.[0])
  })

  it("adds its line to the history of every full run, after the ones before it", () => {
    const history = (text: string) => /<!-- history -->\n([\s\S]*?)<!-- \/history -->/.exec(text)![1]!
    expect(history(next)).toBe(`${history(now)}${line}\n`)
  })

  it("keeps what follows, the free-slot figures written by hand", () => {
    const after = (text: string) => text.slice(text.indexOf("<!-- free-slots -->"))
    expect(now).toContain("<!-- free-slots -->")
    expect(after(next)).toBe(after(now))
  })
})

describe("a run at another scale (issue 31: cost as data grows)", () => {
  const figure = (name: string, rps: number | undefined, value: number, unit: string): Figure => ({
    name,
    ...(rps === undefined ? {} : { rps, p50: 1, p99: 2 }),
    value,
    unit,
    target: "t",
    limit: 0,
    better: "lower",
    pass: true,
  })
  const run = (page1: number, last: number, dashboardMs: number, lastPage: number) =>
    `- Date: x\n\n${table([
      figure("List page 1 computed afresh (no answer cache)", page1, 10, "ms p99"),
      figure(`List last page (page ${lastPage}), afresh`, last, 1, "× page 1 cost"),
      figure("Search by name, page 1, afresh", 500, 2, "× page 1 cost"),
      figure("Dashboard: all its calls", undefined, dashboardMs, "ms server time"),
    ])}\n`
  const line = "| 2026-12-04 03:00 | abc1234 | postgres | v24.21.0 | 4 of 4 | none |"
  const small = withSection("", sectionKey("postgres", 0.1), run(2000, 1000, 8, 502), line)
  const both = withSection(small, sectionKey("postgres", 1), run(1000, 1000, 9, 5002), line)

  it("keeps its own section beside the scale-1 one, smaller scale first", () => {
    expect(sectionKey("postgres", 1)).toBe("postgres")
    expect(both).toContain("<!-- db:postgres@0.1 -->\n## PostgreSQL, scale 0.1\n")
    expect(both.indexOf("<!-- db:postgres@0.1 -->")).toBeLessThan(both.indexOf("<!-- db:postgres -->"))
    expect(small).not.toContain("<!-- growth -->")
  })

  it("compares each growing figure's cost at the largest scale with the smallest, against 1.25", () => {
    const growth = /<!-- growth -->\n([\s\S]*?)<!-- \/growth -->/.exec(both)?.[1] ?? ""
    expect(growth).toContain("PostgreSQL: scale 0.1 against scale 1")
    expect(growth).toContain("| List page 1, afresh | 2000 req/s | 1000 req/s | 2.00 × | ≤ 1.25 × | **FAIL** |")
    expect(growth).toContain("| List last page, afresh | 1000 req/s | 1000 req/s | 1.00 × | ≤ 1.25 × | pass |")
    expect(growth).toContain("| Dashboard: all its calls | 8.0 ms | 9.0 ms | 1.13 × | ≤ 1.25 × | pass |")
    expect(growth).toContain("| Search by email, page 1, afresh | | | | ≤ 1.25 × | not measured at both |")
  })

  const withHello = (hello: number, page1: number, dashboardMs: number, date = "2026-12-04T03:42:54.199Z") =>
    `- Date: ${date}\n- Commit: 9fd93d38a40be\n\n${table([
      figure("hello-world (node:http baseline)", hello, 1, "req/s"),
      figure("List page 1 computed afresh (no answer cache)", page1, 10, "ms p99"),
      figure("Dashboard: all its calls", undefined, dashboardMs, "ms server time"),
    ])}\n`

  it("counts each cost in its own run's hello-world requests where both runs measured the baseline", () => {
    // The large run's machine was 20 % slower: its page is as cheap in that machine's terms, its dashboard dearer.
    const slower = withSection(withSection("", sectionKey("postgres", 0.1), withHello(50_000, 2000, 8), line), "postgres", withHello(40_000, 1600, 12), line)
    const growth = /<!-- growth -->\n([\s\S]*?)<!-- \/growth -->/.exec(slower)?.[1] ?? ""
    expect(growth).toContain("Runs: scale 0.1: 2026-12-04 03:42, commit 9fd93d3; scale 1: 2026-12-04 03:42, commit 9fd93d3.")
    expect(growth).toContain("hello-world 50000 req/s at scale 0.1, 40000 at scale 1")
    expect(growth).toContain("| List page 1, afresh | 2000 req/s | 1600 req/s | 1.00 × | ≤ 1.25 × | pass |")
    expect(growth).toContain("| Dashboard: all its calls | 8.0 ms | 12.0 ms | 1.20 × | ≤ 1.25 × | pass |")
    expect(growth).not.toContain("hours apart")
    // Without the baseline in both, the costs are compared as measured, and the note says so.
    expect(/<!-- growth -->[\s\S]*?<!-- \/growth -->/.exec(both)?.[0]).toContain("as measured")
  })

  it("says when the two runs are hours apart, as runs of two sessions (so maybe two machines) are", () => {
    const apart = withSection(
      withSection("", sectionKey("postgres", 0.1), withHello(50_000, 2000, 8, "2026-12-05T03:29:00.000Z"), line),
      "postgres",
      withHello(75_000, 2000, 8, "2026-12-06T04:32:00.000Z"),
      line,
    )
    const growth = /<!-- growth -->\n([\s\S]*?)<!-- \/growth -->/.exec(apart)?.[1] ?? ""
    expect(growth).toContain("The runs are 25 hours apart, maybe on two machines")
    expect(growth).toContain("| List page 1, afresh | 2000 req/s | 2000 req/s | 1.50 × | ≤ 1.25 × | **FAIL** |")
  })

  it("compares each larger scale with the smallest, one table each, once a third scale is recorded", () => {
    const three = withSection(both, sectionKey("postgres", 5), run(1600, 800, 10, 25002), line)
    const growth = /<!-- growth -->\n([\s\S]*?)<!-- \/growth -->/.exec(three)?.[1] ?? ""
    expect(growth.indexOf("### PostgreSQL: scale 0.1 against scale 1")).toBeGreaterThan(-1)
    expect(growth.indexOf("### PostgreSQL: scale 0.1 against scale 5")).toBeGreaterThan(growth.indexOf("against scale 1"))
    expect(growth).toContain("| List page 1, afresh | 2000 req/s | 1600 req/s | 1.25 × | ≤ 1.25 × | pass |")
    expect(growth).toContain("| List last page, afresh | 1000 req/s | 800 req/s | 1.25 × | ≤ 1.25 × | pass |")
    expect(growth).not.toContain("against scale 5\n\nRuns: scale 1:")
    expect(three.indexOf("<!-- db:postgres -->")).toBeLessThan(three.indexOf("<!-- db:postgres@5 -->"))
  })

  it("is rewritten, not repeated, by the next run", () => {
    const again = withSection(both, sectionKey("postgres", 0.1), run(1000, 1000, 8, 502), line)
    expect(again.match(/<!-- growth -->/g)).toHaveLength(1)
    expect(again).toContain("| List page 1, afresh | 1000 req/s | 1000 req/s | 1.00 × | ≤ 1.25 × | pass |")
    expect(again.match(/<!-- history -->/g)).toHaveLength(1)
  })
})
