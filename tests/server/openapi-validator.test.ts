import Fastify from "fastify"
import { describe, expect, it } from "vitest"
import { explainRefusals, validateAgainstDocument, violations } from "./openapi-validator.ts"

/** The check every server test runs under (tests/server/setup.ts) finds what it is there to find. */
async function appAnswering(method: "GET" | "POST", url: string, status: number, body: unknown) {
  const app = Fastify()
  validateAgainstDocument(app, 2 * 1024 * 1024)
  app.route({ method, url, handler: async (_request, reply) => reply.code(status).send(body) })
  await app.ready()
  return app
}

describe("the API document validator of the server tests", () => {
  it("passes an answer of the declared shape", async () => {
    const app = await appAnswering("GET", "/api/v1/dashboard/peopleCounts", 401, { success: false, message: "Unauthorized" })
    await app.inject({ method: "GET", url: "/api/v1/dashboard/peopleCounts" })
    expect(violations).toEqual([])
  })

  it("finds an answer with a stray field, and one with a field of the wrong type", async () => {
    const app = await appAnswering("GET", "/api/v1/dashboard/peopleCounts", 401, { success: false, message: "Unauthorized", stack: "at …" })
    await app.inject({ method: "GET", url: "/api/v1/dashboard/peopleCounts" })
    const wrong = await appAnswering("GET", "/api/v1/user/getProfile", 403, { success: "no", message: "Refused" })
    await wrong.inject({ method: "GET", url: "/api/v1/user/getProfile" })
    expect(violations.map((v) => v.problem)).toEqual([
      expect.stringMatching(/401 answer does not match the document: .*additional properties 'stack'/),
      expect.stringMatching(/403 answer does not match the document: \/success must be boolean/),
    ])
    violations.splice(0) // found on purpose: the setup file would fail the test for them
  })

  it("finds a status the operation does not declare", async () => {
    const app = await appAnswering("GET", "/api/v1/dashboard/peopleCounts", 409, { success: false, message: "Conflict" })
    await app.inject({ method: "GET", url: "/api/v1/dashboard/peopleCounts" })
    expect(violations).toEqual([{ operation: "GET /dashboard/peopleCounts (peopleCounts)", problem: "answered 409, which the document does not declare" }])
    violations.splice(0)
  })

  it("finds a refusal of a request the document calls valid, unless the test explains it", async () => {
    const app = await appAnswering("POST", "/api/v1/user/reset-password-link", 400, { success: false, message: "email: unknown" })
    await app.inject({ method: "POST", url: "/api/v1/user/reset-password-link", payload: { email: "someone@example.com" } })
    await app.inject({ method: "POST", url: "/api/v1/user/reset-password-link", payload: { email: "not an address" } })
    expect(violations.map((v) => v.problem)).toEqual(["a request the document calls valid was refused: email: unknown"])
    violations.splice(0)
    explainRefusals([["email: unknown", "this test refuses every address on purpose"]])
    await app.inject({ method: "POST", url: "/api/v1/user/reset-password-link", payload: { email: "someone@example.com" } })
    expect(violations).toEqual([])
  })
})
