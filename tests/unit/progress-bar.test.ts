import { describe, expect, it } from "vitest"
import { formatProgress, progressBar, type ProgressOutput } from "../../server/scripts/progress-bar.ts"

function sink(isTTY: boolean): ProgressOutput & { text: string } {
  const out = { text: "", isTTY, columns: 120, write: (t: string) => (out.text += t) }
  return out
}

describe("progress bar", () => {
  it("formats a bar with percent, count and label; an unknown total shows the count only", () => {
    expect(formatProgress("Restoring", 5, 20, "tickets", 10)).toBe("Restoring [###-------]  25%  5/20 tickets")
    expect(formatProgress("Restoring", 20, 20, "", 10)).toBe("Restoring [##########] 100%  20/20")
    expect(formatProgress("Uploads", 7, 0)).toBe("Uploads 7")
  })

  it("prints plain lines when not a terminal: one per tenth of the work or change of label, no escape codes", () => {
    const out = sink(false)
    const bar = progressBar("Backup", { output: out })
    for (let i = 0; i <= 100; i++) bar.update(i, 100, "users")
    bar.update(100, 100, "uploads")
    bar.finish("Done.")
    const lines = out.text.trim().split("\n")
    expect(lines).toHaveLength(13)
    expect(lines[0]).toContain("0/100 users")
    expect(lines.at(-2)).toContain("100/100 uploads")
    expect(lines.at(-1)).toBe("Done.")
    expect(out.text).not.toContain("\x1b")
  })

  it("redraws one line in place on a terminal, at most ten times a second, and ends the line", () => {
    const out = sink(true)
    let clock = 0
    const bar = progressBar("Seeding", { output: out, now: () => clock })
    for (let i = 1; i <= 50; i++) {
      clock += 10
      bar.update(i, 50)
    }
    bar.finish()
    const draws = out.text.split("\r\x1b[2K").length - 1
    expect(draws).toBeGreaterThan(2)
    expect(draws).toBeLessThanOrEqual(7)
    expect(out.text.endsWith("50/50\n")).toBe(true)
    expect(out.text.split("\n")).toHaveLength(2)
  })
})
