import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { endpoints } from "../../src/api/contract/endpoints.ts"
import { startTestServer, type TestServer } from "./harness.ts"

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ seed: false })
})
afterAll(() => server.close())

describe("the contract's endpoint table", () => {
  it("has unique names and unique method + path pairs", () => {
    const names = endpoints.map((e) => e.name)
    expect(new Set(names).size).toBe(names.length)
    const routes = endpoints.map((e) => `${e.method} ${e.path}`)
    expect(new Set(routes).size).toBe(routes.length)
  })

  it("is registered whole by the server", () => {
    for (const e of endpoints) {
      expect(server.app.hasRoute({ method: e.method, url: `/api/v1${e.path}` }), `${e.method} ${e.path}`).toBe(true)
    }
  })

  it("refuses every non-public call without a token", async () => {
    for (const e of endpoints.filter((x) => x.access !== "public")) {
      const url = `/api/v1${e.path.replace(/:(\w+)/g, "x")}`
      const res = await server.app.inject({ method: e.method, url })
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(401)
    }
  })
})
