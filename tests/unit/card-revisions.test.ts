import { describe, expect, it } from "vitest"
import { compareCardRevisions } from "../../src/machines/content/card-revisions.ts"
import { expertFields } from "../../src/machines/content/experts.machine.ts"
import { pressFields } from "../../src/machines/content/press.machine.ts"
import { testimonialFields } from "../../src/machines/content/testimonials.machine.ts"

const revision = (id: string, values: Record<string, string>, image = "/uploads/a.png") => ({
  id,
  at: "2026-11-27T10:00:00.000Z",
  by: "Eshan Editor",
  change: "Updated",
  title: Object.values(values)[0]!,
  current: false,
  values,
  image,
})

describe("a card's two revisions compared in its form's words (issue 28)", () => {
  it("lists each short field that differs by its label, old then new, and nothing that stayed", () => {
    const comparison = compareCardRevisions(expertFields)(
      revision("1", { name: "Dr. Kavita", designation: "Counsellor" }),
      revision("2", { name: "Dr. Kavita", designation: "Senior Counsellor" }),
    )
    expect(comparison.fields).toEqual([{ label: "Designation", before: "Counsellor", after: "Senior Counsellor" }])
    expect(comparison.body).toBeNull()
    expect(comparison.imageChanged).toBe(false)
  })

  it("compares a testimonial's Content word by word as its long text, and says when the image changed", () => {
    const comparison = compareCardRevisions(testimonialFields)(
      revision("1", { name: "Meera", summery: "Kind and quick help." }),
      revision("2", { name: "Meera", summery: "Kind and patient help." }, "/uploads/b.png"),
    )
    expect(comparison.fields).toEqual([])
    expect(comparison.bodyLabel).toBe("Content")
    expect(comparison.body).toEqual([
      { kind: "same", text: "Kind and " },
      { kind: "removed", text: "quick" },
      { kind: "added", text: "patient" },
      { kind: "same", text: " help." },
    ])
    expect(comparison.imageChanged).toBe(true)
  })

  it("names a press item's Link and Type as the form does", () => {
    const comparison = compareCardRevisions(pressFields)(
      revision("1", { link: "https://a.example.com", type: "Press Release" }),
      revision("2", { link: "https://b.example.com", type: "Recognition" }),
    )
    expect(comparison.fields.map((f) => f.label)).toEqual(["Link", "Type"])
    expect(comparison.body).toBeNull()
  })
})
