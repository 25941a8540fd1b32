import { describe, expect, it } from "vitest"
import { badgeText, bellLabel } from "../../src/ui/app/bell-label.ts"

// axe's label-content-name-mismatch compares a name and the text the eye reads, letters and digits only.
const letters = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "")

describe("the notification bell's name", () => {
  it("says there is nothing unread without a badge", () => {
    expect(bellLabel(0)).toBe("Notifications")
  })

  it.each([1, 7, 99, 100, 150, 12_000])("holds the badge's text with %i unread", (unread) => {
    expect(letters(bellLabel(unread))).toContain(letters(badgeText(unread)))
  })

  it("counts exactly up to 99 and says more than 99 past it", () => {
    expect(bellLabel(99)).toBe("Notifications, 99 unread")
    expect(badgeText(150)).toBe("99+")
    expect(bellLabel(150)).toBe("Notifications, more than 99 unread")
  })
})
