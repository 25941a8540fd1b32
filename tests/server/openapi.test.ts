import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { takesIdempotencyKey } from "../../src/api/contract/endpoint.ts"
import { endpoints } from "../../src/api/contract/endpoints.ts"
import { API_PREFIX, describeAccess, openApiPath } from "../../server/docs/openapi-document.ts"
import { startTestServer, type TestServer } from "./harness.ts"
import { resolvedIn } from "./openapi-refs.ts"

type Operation = { operationId: string; summary: string; description: string; "x-access": unknown; security: unknown[]; responses: Record<string, unknown> }
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } }

let server: TestServer
let doc: Document
beforeAll(async () => {
  server = await startTestServer({ seed: false })
  const res = await server.app.inject({ method: "GET", url: "/api/docs/openapi.json" })
  expect(res.statusCode).toBe(200)
  doc = res.json() as Document
})
afterAll(() => server.close())

const resolved = <T>(schema: T): T => resolvedIn(doc.components.schemas, schema)
const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`
const documented = () =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ key: key(method, path), method, path, op })))

describe("the OpenAPI document at /api/docs/openapi.json", () => {
  it("is OpenAPI 3.1 with one operation per contract endpoint", () => {
    expect(doc.openapi).toBe("3.1.0")
    expect(documented()).toHaveLength(endpoints.length)
  })

  it("holds every route the server registered under /api/v1 (Fastify's own list, from an onRoute hook)", () => {
    const routes = server.app.registeredRoutes.filter((r) => r.url.startsWith(`${API_PREFIX}/`) && r.method !== "HEAD" && r.method !== "OPTIONS")
    expect(routes.length).toBeGreaterThanOrEqual(endpoints.length)
    const keys = new Set(documented().map((d) => d.key))
    for (const route of routes) expect(keys, `${route.method} ${route.url}`).toContain(key(route.method, openApiPath(route.url.slice(API_PREFIX.length))))
  })

  it("holds every endpoint of the contract table with its summary and access rule", () => {
    for (const e of endpoints) {
      const op = doc.paths[openApiPath(e.path)]?.[e.method.toLowerCase()]
      expect(op, `${e.method} ${e.path}`).toBeDefined()
      expect(op!.operationId).toBe(e.name)
      expect(op!.summary).toBe(e.summary)
      expect(op!["x-access"]).toEqual(e.access)
      expect(op!.description).toContain(describeAccess(e.access))
      expect(op!.security).toEqual(e.access === "public" ? [] : [{ bearer: [] }])
      expect(Object.keys(op!.responses)).toContain("200")
      if (e.access !== "public") expect(Object.keys(op!.responses)).toContain("401")
      if (Array.isArray(e.access)) expect(Object.keys(op!.responses)).toContain("403")
    }
  })

  it("states the Idempotency-Key header and its 422 on every create and state change, none on sign-in steps, and 503 everywhere", () => {
    for (const e of endpoints) {
      const op = doc.paths[openApiPath(e.path)]![e.method.toLowerCase()] as Operation & { parameters: Array<{ name: string; in: string }> }
      const keyed = op.parameters.some((p) => p.in === "header" && p.name === "Idempotency-Key")
      expect(keyed, `${e.method} ${e.path}`).toBe(takesIdempotencyKey(e))
      expect("422" in op.responses, `${e.method} ${e.path}`).toBe(takesIdempotencyKey(e))
      expect(Object.keys(op.responses), `${e.method} ${e.path}`).toContain("503")
    }
    expect(endpoints.filter(takesIdempotencyKey).length).toBeGreaterThan(25)
  })

  it("documents no operation the server does not serve", () => {
    for (const { method, path, key: k } of documented()) {
      const url = `${API_PREFIX}${path.replace(/\{(\w+)\}/g, ":$1")}`
      expect(server.app.hasRoute({ method: method.toUpperCase() as "GET", url }), k).toBe(true)
      expect(
        endpoints.some((e) => key(e.method, openApiPath(e.path)) === k),
        k,
      ).toBe(true)
    }
  })

  it("resolves every $ref to a component schema", () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!)
    for (const ref of refs) {
      expect(ref.startsWith("#/components/schemas/"), ref).toBe(true)
      expect(doc.components.schemas[decodeURIComponent(ref.slice("#/components/schemas/".length))], ref).toBeDefined()
    }
  })

  it("describes bodies and answers with the contract's schemas", () => {
    const login = doc.paths["/user/login"]!.post as unknown as {
      requestBody: { content: Record<string, { schema: { required: string[] } }> }
      responses: { "200": { content: Record<string, { schema: { anyOf: Array<{ properties: Record<string, { properties?: Record<string, unknown> }> }> } }> } }
    }
    expect(resolved(login.requestBody.content["application/json"]!.schema).required).toEqual(["email", "password"])
    // Tokens, or (with two-factor on) a challenge for the second step.
    const answers = resolved(login.responses["200"].content["application/json"]!.schema).anyOf
    expect(answers.map((a) => Object.keys(a.properties))).toEqual([
      ["data", "message"],
      ["data", "message"],
    ])
    expect(answers.map((a) => Object.keys(a.properties.data!.properties ?? {}))).toEqual([
      ["accessToken", "refreshToken", "user", "twoFactorSetupRequired"],
      ["twoFactorRequired", "challengeToken"],
    ])
  })
})

describe("the document states the rules the server enforces (issue 32)", () => {
  const schemas = () =>
    doc.components.schemas as Record<string, { properties?: Record<string, Record<string, unknown>>; required?: string[]; additionalProperties?: unknown }>
  const property = (schema: string, name: string) => schemas()[schema]!.properties![name]!

  it("declares every status an operation answers, with no catch-all default", () => {
    for (const { key: k, op } of documented()) {
      expect(Object.keys(op.responses), k).not.toContain("default")
      expect(Object.keys(op.responses), k).toEqual(expect.arrayContaining(["200", "400", "401", "500", "503"]))
    }
    const statusChange = doc.paths["/user/updateUser"]!.patch!.responses
    expect(Object.keys(statusChange)).toEqual(expect.arrayContaining(["403", "404", "409", "413", "415", "422"]))
    expect(Object.keys(doc.paths["/user/login"]!.post!.responses)).toContain("429")
    // The ticket thread answers 304 to an ETag that still holds; no other call answers it.
    const notModified = documented().filter(({ op }) => "304" in op.responses)
    expect(notModified.map((operation) => operation.key)).toEqual(["GET /userQuery/fetchResponse/{queryId}"])
  })

  it("names its schemas after the contract and closes every answer object", () => {
    for (const name of ["UpdateUserStatusRequest", "PeopleListAnswer", "MessageAnswer", "ErrorAnswer", "CreateBlogForm"])
      expect(schemas()[name], name).toBeDefined()
    expect(Object.keys(schemas()).some((name) => /^Body\d|^Schema\d/.test(name))).toBe(false)
    const open: string[] = []
    const walk = (value: unknown, where: string) => {
      if (Array.isArray(value)) return value.forEach((item, i) => walk(item, `${where}/${i}`))
      if (!value || typeof value !== "object") return
      const node = value as Record<string, unknown>
      if (node.type === "object" && node.properties && node.additionalProperties !== false) open.push(where)
      for (const [name, item] of Object.entries(node)) walk(item, `${where}/${name}`)
    }
    for (const { key: k, op } of documented()) {
      const answer = (op.responses["200"] as { content?: Record<string, { schema: unknown }> }).content?.["application/json"]?.schema
      if (answer) walk(resolved(answer), k)
    }
    expect(open).toEqual([])
  })

  it("states lengths, formats, bounds and lists as the server checks them", () => {
    expect(property("ResetPasswordRequest", "password")).toMatchObject({ minLength: 8, maxLength: 128 })
    expect(property("ResetLinkRequest", "email").pattern).toBeDefined()
    expect(property("UpdateUserStatusRequest", "status")).toMatchObject({ allOf: [{ enum: ["Under Review", "Approve", "Temp Approve", "Reject"] }] })
    const search = (doc.paths["/search"]!.get as unknown as { parameters: Array<{ name: string; schema: Record<string, unknown> }> }).parameters
    expect(search.find((p) => p.name === "q")!.schema).toMatchObject({ maxLength: 100, pattern: expect.any(String) })
    const people = (doc.paths["/user/getActiveUser/user"]!.get as unknown as { parameters: Array<{ name: string; schema: Record<string, unknown> }> })
      .parameters
    expect(people.find((p) => p.name === "limit")!.schema).toEqual({ type: "integer", minimum: 1, maximum: 50 })
    const audit = (doc.paths["/audit/events"]!.get as unknown as { parameters: Array<{ name: string; schema: Record<string, unknown> }> }).parameters
    expect(audit.find((p) => p.name === "from")!.schema.pattern).toBeDefined()
  })

  it("states whose records a call reaches where that is narrower than its roles", () => {
    for (const path of ["/user/certificate/{id}", "/user/certificationImage/{userId}"]) {
      const op = doc.paths[path]!.get as Operation & { "x-ownership"?: string }
      expect(op.description, path).toMatch(/Signed in: any role\. An Admin sees any.*only their own\./)
      expect(op["x-ownership"], path).toBeDefined()
    }
  })

  it("admits null only where the contract does: an optional field may be left out, not sent as null", () => {
    const nullable = (schema: Record<string, unknown>) => JSON.stringify(schema).includes('{"type":"null"}')
    expect(nullable(property("UpdateEditorRequest", "email"))).toBe(false)
    expect(nullable(property("AddResponseRequest", "answer"))).toBe(true)
    expect(nullable(property("UpdateUserStatusRequest", "organizationId"))).toBe(true)
    expect(doc.components.schemas).toBeDefined()
    expect(JSON.stringify(doc)).not.toMatch(/"Infinity"/)
  })
})

describe("the reference page at /api/docs", () => {
  it("is HTML whose script and styles are files of the server (no inline script, CSP allows only self)", async () => {
    const page = await server.app.inject({ method: "GET", url: "/api/docs" })
    expect(page.statusCode).toBe(200)
    expect(page.headers["content-type"]).toContain("text/html")
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'")
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    expect(scripts).toHaveLength(1)
    expect(scripts[0]![1]).toContain('src="/api/docs/reference.js"')
    expect(scripts[0]![2]!.trim()).toBe("")
    expect(page.body).not.toMatch(/https?:\/\//)
    const script = await server.app.inject({ method: "GET", url: "/api/docs/reference.js" })
    expect(script.statusCode).toBe(200)
    expect(script.headers["content-type"]).toContain("javascript")
    expect(script.body).toContain("/api/docs/openapi.json")
    expect(script.body).not.toMatch(/\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write|eval\(/)
    const styles = await server.app.inject({ method: "GET", url: "/api/docs/reference.css" })
    expect(styles.statusCode).toBe(200)
    expect(styles.headers["content-type"]).toContain("text/css")
  })
})
