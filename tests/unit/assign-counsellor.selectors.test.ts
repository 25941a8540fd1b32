import { describe, expect, it } from "vitest"
import { assignableRoles } from "../../src/api/contract/counselling/counselling-user.ts"
import { moreLabel, roleGroups, totalLabel } from "../../src/machines/counselling/assign-counsellor.selectors.ts"

const person = (i: number, role: "Lawyer" | "Counsellor") => ({ _id: `${role}-${i}`, name: `${role} ${i}`, email: `${i}@x.io`, role })

describe("Assign To groups", () => {
  it("lists every assignable role in the spec's order with its people and how many more match", () => {
    const people = [person(1, "Counsellor"), person(2, "Counsellor"), person(3, "Lawyer")]
    const groups = roleGroups({
      people,
      totals: [
        { role: "Counsellor", total: 1234 },
        { role: "Lawyer", total: 1 },
      ],
    })
    expect(groups.map((g) => g.role)).toEqual([...assignableRoles])
    const counsellors = groups.find((g) => g.role === "Counsellor")!
    expect(counsellors).toMatchObject({ total: 1234, more: 1232, capped: false })
    expect(counsellors.people.map((p) => p._id)).toEqual(["Counsellor-1", "Counsellor-2"])
    expect(totalLabel(counsellors)).toBe("1,234")
    expect(moreLabel(counsellors)).toBe("1,232 more — refine the search")
    const lawyers = groups.find((g) => g.role === "Lawyer")!
    expect(moreLabel(lawyers)).toBeNull()
    expect(groups.find((g) => g.role === "User")).toMatchObject({ people: [], total: 0, more: 0 })
  })

  it("says '+' when the server stopped counting, and never counts fewer than are listed", () => {
    const lawyers = roleGroups({ people: [person(1, "Lawyer"), person(2, "Lawyer")], totals: [{ role: "Lawyer", total: 1000, capped: true }] }).find(
      (g) => g.role === "Lawyer",
    )!
    expect(totalLabel(lawyers)).toBe("1,000+")
    expect(moreLabel(lawyers)).toBe("998+ more — refine the search")
    const stale = roleGroups({ people: [person(1, "Lawyer")], totals: [] }).find((g) => g.role === "Lawyer")
    expect(stale).toMatchObject({ total: 1, more: 0 })
  })
})
