import { describe, expect, it } from "vitest"
import { wordDiff } from "../../src/machines/word-diff.ts"

const joined = (parts: ReturnType<typeof wordDiff>, keep: "before" | "after") =>
  parts
    .filter((p) => p.kind === "same" || p.kind === (keep === "before" ? "removed" : "added"))
    .map((p) => p.text)
    .join("")

describe("wordDiff: a revision's body compared word by word", () => {
  it("marks the words added and removed between what both keep", () => {
    expect(wordDiff("The quick brown fox", "The slow brown fox jumps")).toEqual([
      { kind: "same", text: "The " },
      { kind: "removed", text: "quick" },
      { kind: "added", text: "slow" },
      { kind: "same", text: " brown fox" },
      { kind: "added", text: " jumps" },
    ])
  })
  it("gives each side back exactly, spaces and line breaks included", () => {
    const before = "Breathe in.\n\nHold  for four counts, then breathe out slowly."
    const after = "Breathe in deeply.\n\nHold for four counts; then breathe out."
    const parts = wordDiff(before, after)
    expect(joined(parts, "before")).toBe(before)
    expect(joined(parts, "after")).toBe(after)
  })
  it("says nothing changed for equal texts, and everything for texts with nothing in common", () => {
    expect(wordDiff("same text", "same text")).toEqual([{ kind: "same", text: "same text" }])
    expect(wordDiff("", "")).toEqual([])
    expect(wordDiff("old", "new")).toEqual([
      { kind: "removed", text: "old" },
      { kind: "added", text: "new" },
    ])
  })
  it("shows a long rewrite as replaced whole instead of building a table too large", () => {
    const before = Array.from({ length: 1500 }, (_, i) => `a${i}`).join(" ")
    const after = Array.from({ length: 1500 }, (_, i) => `b${i}`).join(" ")
    const parts = wordDiff(before, after)
    expect(parts.map((p) => p.kind)).toEqual(["removed", "added"])
    expect(joined(parts, "after")).toBe(after)
  })
})
