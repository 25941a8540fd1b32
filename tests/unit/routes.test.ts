import { describe, expect, it } from "vitest"
import { roles } from "../../src/api/contract/common.ts"
import { canCall } from "../../src/api/contract/endpoint.ts"
import { sidebarEntries } from "../../src/ui/app/sidebar-entries.ts"
import { routes } from "../../src/ui/app/routes.ts"

const specRoutes =
  "/login; /reset-password/{token}; / ; /lawyer; /counsellor; /nutritionist; /yogateacher; /imageconsultant; /user; /enquiries; /under-review-vendors; /temp-approve-vendors; /rejected-vendors; /vendor-details/{userId}; /counselling; /all-sessions; /unassign-users; /counselling-users; /counselling/{userId}; /my-listing; /upcoming-session; /session-history; /transaction-history; /my-tickets; /ticket/{queryId}; /upcoming-counselling; /my-plan; /wallet-history; /profile; /blogs; /add-blog; /blog/{blogId}; /gallery; /testimonials; /experts; /editor; /press-release-and-recognition"
    .split(";")
    .map((p) => p.trim().replace(/\{(\w+)\}/g, ":$1"))

describe("route table", () => {
  it("has every route of the spec's route list", () => {
    const paths = routes.map((r) => r.path)
    for (const path of specRoutes) expect(paths, path).toContain(path)
  })

  it("lets every role open every entry of its own sidebar", () => {
    for (const role of roles) {
      for (const entry of sidebarEntries[role]) {
        const route = routes.find((r) => r.path === entry.path)
        expect(route, entry.path).toBeDefined()
        expect(canCall(route!.access, role), `${role} → ${entry.path}`).toBe(true)
      }
    }
  })

  it("signs a refused role out of this browser only where the spec sends it to /login: the blog pages and All Enquiries", () => {
    expect(routes.filter((r) => r.refusedSignsOut).map((r) => r.path)).toEqual(["/enquiries", "/blogs", "/add-blog", "/blog/:blogId"])
  })

  it("keeps admin-only screens from every other role", () => {
    for (const path of ["/enquiries", "/under-review-vendors", "/counselling", "/editor", "/vendor-details/:userId"]) {
      const route = routes.find((r) => r.path === path)!
      for (const role of roles) expect(canCall(route.access, role), `${role} → ${path}`).toBe(role === "Admin")
    }
  })
})
