import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { withSection } from "../../bench/lib/report.ts"

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
