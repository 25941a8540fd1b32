import { describe, expect, it } from "vitest"
import { activeEntry, sidebarEntries } from "../../src/ui/app/sidebar-entries.ts"

/** Issue 21: the sidebar highlights the right entry on nested routes, and only one. */
describe("the sidebar's highlighted entry", () => {
  const admin = sidebarEntries.Admin
  const vendor = sidebarEntries.Lawyer

  it("is the page's own entry, never a longer sibling's", () => {
    expect(activeEntry(admin, "/")).toBe("/")
    expect(activeEntry(admin, "/counselling")).toBe("/counselling")
    expect(activeEntry(admin, "/counselling-users")).toBe("/counselling-users")
    expect(activeEntry(admin, "/unassign-users")).toBe("/unassign-users")
  })

  it("is the entry a nested page belongs to", () => {
    expect(activeEntry(admin, "/counselling/6f1c")).toBe("/counselling-users")
    expect(activeEntry(admin, "/ticket/42")).toBe("/my-tickets")
    expect(activeEntry(vendor, "/ticket/42")).toBe("/my-tickets")
    expect(activeEntry(admin, "/blog/7")).toBe("/blogs")
    expect(activeEntry(admin, "/add-blog")).toBe("/blogs")
  })

  it("is the Dashboard on the lists its counts open, and on Vendor Details", () => {
    expect(activeEntry(admin, "/under-review-vendors")).toBe("/")
    expect(activeEntry(admin, "/lawyer")).toBe("/")
    expect(activeEntry(admin, "/user")).toBe("/")
    expect(activeEntry(admin, "/vendor-details/9")).toBe("/")
    // Nothing is highlighted where the role's sidebar has no such entry.
    expect(activeEntry(vendor, "/profile")).toBeNull()
    expect(activeEntry(vendor, "/vendor-details/9")).toBeNull()
  })
})
