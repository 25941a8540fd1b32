import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { roles, type Role } from "../../src/api/contract/common.ts"
import { canCall } from "../../src/api/contract/endpoint.ts"
import { blogEndpoints } from "../../src/api/contract/blogs/blog.endpoints.ts"
import { editorEndpoints } from "../../src/api/contract/editors/editor.endpoints.ts"
import { expertEndpoints } from "../../src/api/contract/content/expert.endpoints.ts"
import { galleryEndpoints } from "../../src/api/contract/content/gallery.endpoints.ts"
import { pressEndpoints } from "../../src/api/contract/content/press.endpoints.ts"
import { publicContentEndpoints } from "../../src/api/contract/content/public-content.endpoints.ts"
import { testimonialEndpoints } from "../../src/api/contract/content/testimonial.endpoints.ts"
import { demoLogins } from "../../server/db/seeds/people.seed.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"

let server: TestServer
const tokens = new Map<Role, string>()
beforeAll(async () => {
  server = await startTestServer()
  for (const login of demoLogins) tokens.set(login.role, await server.login(login.email))
})
afterAll(() => server.close())

const guarded = [...blogEndpoints, ...galleryEndpoints, ...expertEndpoints, ...testimonialEndpoints, ...pressEndpoints, ...editorEndpoints]
const urlOf = (path: string) => `/api/v1${path.replace(/:(\w+)/g, "x")}`

describe("content access follows the contract's role table", () => {
  it("gives content to Admin and Editor and editors to Admin only", () => {
    for (const e of [...blogEndpoints, ...galleryEndpoints, ...expertEndpoints, ...testimonialEndpoints, ...pressEndpoints])
      expect(e.access).toEqual(["Admin", "Editor"])
    for (const e of editorEndpoints) expect(e.access).toEqual(["Admin"])
    for (const e of publicContentEndpoints) expect(e.access).toBe("public")
  })

  it("refuses every other role with 403 and nobody signed in with 401", async () => {
    for (const e of guarded) {
      expect((await server.app.inject({ method: e.method, url: urlOf(e.path) })).statusCode, `anonymous ${e.method} ${e.path}`).toBe(401)
      for (const role of roles) {
        if (canCall(e.access, role)) continue
        const res = await server.app.inject({ method: e.method, url: urlOf(e.path), headers: bearer(tokens.get(role)!) })
        expect(res.statusCode, `${role} ${e.method} ${e.path}`).toBe(403)
      }
    }
  })

  it("lets allowed roles through the guard (reads answer 200)", async () => {
    for (const e of guarded.filter((x) => x.method === "GET" && !x.path.includes(":"))) {
      for (const role of roles.filter((r) => canCall(e.access, r))) {
        const res = await server.app.inject({ method: "GET", url: urlOf(e.path), headers: bearer(tokens.get(role)!) })
        expect(res.statusCode, `${role} ${e.path}`).toBe(200)
      }
    }
  })

  it("answers the public reads without a token", async () => {
    for (const e of publicContentEndpoints.filter((x) => !x.path.includes(":"))) {
      expect((await server.app.inject({ method: "GET", url: urlOf(e.path) })).statusCode, e.path).toBe(200)
    }
  })
})
