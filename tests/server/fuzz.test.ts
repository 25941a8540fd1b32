import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { QUERY_TEXT_MAX_LENGTH, roles, type Role } from "../../src/api/contract/common.ts"
import type { Endpoint } from "../../src/api/contract/endpoint.ts"
import { endpoints } from "../../src/api/contract/endpoints.ts"
import { LEAK, fieldNames, schemaSamples, someAllowedRole, urlOf } from "./contract-inputs.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { multipart } from "./multipart.ts"
import { explainRefusals } from "./openapi-validator.ts"
import { propertySeed } from "../fixtures/property-seed.ts"
import { median } from "../../bench/lib/median.ts"
import { LIBRARY_IMAGE_GONE } from "../../server/services/content/content-images.ts"
// Random values the API document calls valid still meet the state of the server, with what explains each.
explainRefusals([
  [LIBRARY_IMAGE_GONE, "a random `libraryImage` is not the id of an image in the media library (its description)"],
  [/^publishAt: must be (in the future|within a year)$/, "a random publish time in the past or more than a year ahead (the description of `publishAt`)"],
  ["This reset link is invalid or has expired.", "a random reset token is not one the server mailed (the call's summary: the token of a mailed link)"],
  ["Passwords do not match!", "a random confirmPassword differs from the random password (a rule between two fields, stated in the request's description)"],
  ["oldPassword: Current password is incorrect.", "a random current password is not the account's"],
  [/: must not contain NUL characters$/, "a NUL in a field the call does not know (the document: no text anywhere in a request may hold one)"],
  [
    /^timeZone: must be a time zone name such as Asia\/Kolkata$/,
    "a random name shaped like a zone's is not in the server's time zone database (the document says which names are refused)",
  ],
  ["weekly: must list each weekday at most once", "a random week lists one weekday twice (the description of `weekly`)"],
  ["time: the session must start in the future", "a random date and time in the past (the summaries of booking and moving a session)"],
])

/**
 * Every call of the contract, called by a role it admits with params, query and body drawn from its
 * schemas and then broken: wrong types, missing fields, huge and odd strings, nulls, deep nesting,
 * numbers at their limits, prototype-pollution keys. Never a 5xx, never internals in the answer,
 * and a 400 names the field it is about. FUZZ_SEED and FUZZ_RUNS reproduce or deepen a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20)
/** The over-long query texts sent: both far past the longest search allowed, one six times the other. */
const [SHORTER, LONGER] = [10_000, 60_000]
const SEED = propertySeed("FUZZ_SEED", 615285240)

let server: TestServer
const tokens = new Map<Role, string>()
/** The parameters of every statement sent while a check listens (null: nobody listens). */
let listened: Array<readonly unknown[]> | null = null
beforeAll(async () => {
  server = await startTestServer({ onQuery: (_sql, parameters) => void listened?.push(parameters) })
  for (const role of roles) tokens.set(role, await server.login(`${role.toLowerCase()}@demo.test`))
})
afterAll(() => server?.close())

const deep = (depth: number): unknown => (depth === 0 ? "bottom" : { a: deep(depth - 1) })
const polluted = () => JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}') as unknown

/** Values no schema field expects. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, -0, 1.5, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, 2 ** 31, -(2 ** 31)),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "x".repeat(100_000),
    "NaN",
    "Infinity",
    "-1",
    "1e999",
    "'; drop table users; --",
    "' or 1=1 --",
    "../../etc/passwd",
    "%00",
    "${7*7}",
    "{{7*7}}",
    "2030-02-30",
    "25:99Z",
    "00000000-0000-0000-0000-000000000000",
    "__proto__",
    "constructor",
    "toString",
    "<script>alert(1)</script>",
    "😀".repeat(500),
    "\ud800",
    "Admin",
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 1 }), { maxKeys: 4 }),
  fc.constant(deep(200)),
  fc.constant(polluted()),
)

type Mutation = { kind: "set"; key: string; value: unknown } | { kind: "delete"; key: string } | { kind: "replace"; value: unknown } | { kind: "pollute" }

const mutation = (keys: string[]): fc.Arbitrary<Mutation> => {
  const key = keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })) : fc.string({ maxLength: 10 })
  return fc.oneof(
    { weight: 5, arbitrary: fc.record({ kind: fc.constant("set" as const), key, value: hostile }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("delete" as const), key }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("replace" as const), value: hostile }) },
    { weight: 1, arbitrary: fc.constant({ kind: "pollute" as const }) },
  )
}

/** A fresh copy, so a mutation never changes a shared generated value (which could make it cyclic). */
const copy = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)))

function mutate(base: unknown, mutations: Mutation[]): unknown {
  let value: unknown = copy(base && typeof base === "object" ? base : {})
  for (const m of mutations) {
    if (m.kind === "replace") value = copy(m.value)
    else if (value && typeof value === "object" && !Array.isArray(value)) {
      const obj = value as Record<string, unknown>
      if (m.kind === "set") Object.defineProperty(obj, m.key, { value: copy(m.value), enumerable: true, writable: true, configurable: true })
      else if (m.kind === "delete") delete obj[m.key]
      else Object.assign(obj, polluted())
    }
  }
  return value
}

/** One part of a request: a base drawn from the schema (or empty), then 0–3 mutations. */
function part(schema: Endpoint["body"], seed: number): fc.Arbitrary<unknown> {
  const bases = schemaSamples(schema, 5, seed)
  const base = bases.length > 0 ? fc.constantFrom(...bases) : fc.constant({})
  return fc.tuple(base, fc.array(mutation(fieldNames(schema)), { maxLength: 3 })).map(([b, ms]) => mutate(b, ms))
}

const asText = (v: unknown) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""))
const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v })

async function send(e: Endpoint, params: unknown, query: unknown, body: unknown, asJson: boolean) {
  const role = someAllowedRole(e)
  const headers: Record<string, string> = role ? bearer(tokens.get(role)!) : {}
  const url = urlOf(e, Object.fromEntries(Object.entries(asRecord(params)).map(([k, v]) => [k, asText(v)])), asRecord(query))
  if (e.method === "GET" || e.method === "DELETE") return server.app.inject({ method: e.method, url, headers })
  if (e.multipart && !asJson) {
    const form = multipart(Object.fromEntries(Object.entries(asRecord(body)).map(([k, v]) => [k, asText(v)])))
    return server.app.inject({ method: e.method, url, payload: form.payload, headers: { ...headers, ...form.headers } })
  }
  return server.app.inject({ method: e.method, url, payload: JSON.stringify(body) ?? "null", headers: { ...headers, "content-type": "application/json" } })
}

/** A 400 starts with the path of the field it is about (`email: …`, `days.0.slots: …`, `body: …`, `" ": …`). */
const SEGMENT = String.raw`(?:[\w$]+|"(?:[^"\\]|\\.)*")`
const NAMES_A_FIELD = new RegExp(String.raw`^${SEGMENT}(?:\.${SEGMENT})*: \S`)
/**
 * 400s about the request as a whole, in the spec's own words (the sign-in screens show them as they are):
 * a reset token that does not match, and two password fields that differ; and a body nested too deeply to be read.
 */
const WHOLE_REQUEST = new Set(["This reset link is invalid or has expired.", "Passwords do not match!", "The request body is nested too deeply."])

describe(`fuzzing every call (seed ${SEED}, ${RUNS} runs each; FUZZ_SEED=${SEED} reproduces)`, () => {
  endpoints.forEach((e, index) => {
    it(`${e.method} ${e.path}`, async () => {
      const input = fc.record({
        params: part(e.params, SEED + index),
        query: part(e.query, SEED + index),
        body: part(e.body, SEED + index),
        asJson: fc.boolean(),
      })
      await fc.assert(
        fc.asyncProperty(input, async ({ params, query, body, asJson }) => {
          const res = await send(e, params, query, body, asJson)
          const where = `${e.method} ${e.path} → ${res.statusCode} ${res.body.slice(0, 200)}`
          expect(res.statusCode, where).toBeLessThan(500)
          if (res.statusCode === 429) expect(Number(res.headers["retry-after"]), `${where}: a 429 says when to try again`).toBeGreaterThan(0)
          expect(res.body, where).not.toMatch(LEAK)
          if (res.statusCode === 400 && !WHOLE_REQUEST.has(res.json().message)) expect(res.json().message, where).toMatch(NAMES_A_FIELD)
          expect(({} as Record<string, unknown>).polluted, "Object.prototype was polluted").toBeUndefined()
        }),
        { numRuns: RUNS, seed: SEED + index },
      )
    }, 120_000)
  })
})

/**
 * Issue 30: bodies and addresses an attacker sends at no cost. Each answers 4xx on every route where it
 * can be sent, with no stack overflow in any check: a JSON body nested 10,000 deep (refused past 32
 * levels), a multipart body without a boundary or with a broken one, and very long query strings.
 */
describe("hostile requests on every call", () => {
  const writes = endpoints.filter((e) => e.method !== "GET" && e.method !== "DELETE")
  // Sessions of their own: the fuzzing above may have ended the suite's (a fuzzed logout or password
  // change), and signed in from addresses of their own, which the fuzzed sign-ins have not counted against.
  const fresh = new Map<Role, string>()
  beforeAll(async () => {
    // A fuzzed security setting may now require two-factor of Admins, whose sign-in would then only reach enrolment.
    await server.db.deleteFrom("settings").where("key", "=", "security").execute()
    for (const [i, role] of roles.entries()) {
      const res = await server.app.inject({
        method: "POST",
        url: "/api/v1/user/login",
        payload: { email: `${role.toLowerCase()}@demo.test`, password: "Demo@12345" },
        remoteAddress: `10.77.0.${i + 1}`,
      })
      expect(res.statusCode, `${role} signs in`).toBe(200)
      fresh.set(role, res.json().data.accessToken as string)
    }
  })
  const headersFor = (e: Endpoint): Record<string, string> => {
    const role = someAllowedRole(e)
    return role ? bearer(fresh.get(role)!) : {}
  }
  const urlFor = (e: Endpoint) => urlOf(e, Object.fromEntries(fieldNames(e.params).map((name) => [name, "00000000-0000-4000-8000-000000000000"])), {})

  it("refuses JSON nested 10,000 deep with 400 'The request body is nested too deeply.', and 33 deep too", async () => {
    const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`
    for (const e of writes) {
      for (const depth of [10_000, 33]) {
        const res = await server.app.inject({
          method: e.method,
          url: urlFor(e),
          payload: nested(depth),
          headers: { ...headersFor(e), "content-type": "application/json" },
        })
        const where = `${e.method} ${e.path} at depth ${depth} → ${res.statusCode} ${res.body.slice(0, 200)}`
        expect(res.statusCode, where).toBe(400)
        expect(res.json(), where).toEqual({ success: false, message: "The request body is nested too deeply." })
      }
      // Arrays count as levels too; 32 levels are still read (and then judged by the schema, never a 5xx).
      const arrays = await server.app.inject({
        method: e.method,
        url: urlFor(e),
        payload: `${"[".repeat(5_000)}${"]".repeat(5_000)}`,
        headers: { ...headersFor(e), "content-type": "application/json" },
      })
      expect(arrays.json().message, e.path).toBe("The request body is nested too deeply.")
      // Not on sign-in steps: a body they read through would end the session this suite signs in with.
      if (e.signIn) continue
      const allowed = await server.app.inject({
        method: e.method,
        url: urlFor(e),
        payload: nested(32),
        headers: { ...headersFor(e), "content-type": "application/json" },
      })
      expect(allowed.statusCode, `${e.path} at depth 32`).toBeLessThan(500)
      expect(allowed.json().message, `${e.path} at depth 32`).not.toBe("The request body is nested too deeply.")
    }
  })

  it("refuses a multipart body without a boundary, with a broken one, or cut short, with 400 on every form route", async () => {
    const forms = endpoints.filter((e) => e.multipart)
    expect(forms.length).toBeGreaterThanOrEqual(10)
    const bodies: Array<{ type: string; payload: string }> = [
      { type: "multipart/form-data", payload: '--x\r\ncontent-disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n' },
      { type: "multipart/form-data; boundary=", payload: "--\r\n\r\n" },
      { type: "multipart/form-data; boundary=abc", payload: "this is not a multipart body at all" },
      { type: "multipart/form-data; boundary=abc", payload: '--abc\r\ncontent-disposition: form-data; name="query"\r\n\r\ncut short' },
      {
        type: "multipart/form-data; boundary=abc",
        payload: '--abc\r\ncontent-disposition: form-data; name="image"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n\u0089PNG',
      },
    ]
    for (const e of forms) {
      for (const body of bodies) {
        const res = await server.app.inject({
          method: e.method,
          url: urlFor(e),
          payload: body.payload,
          headers: { ...headersFor(e), "content-type": body.type },
        })
        const where = `${e.method} ${e.path} with ${body.type} → ${res.statusCode} ${res.body.slice(0, 200)}`
        expect(res.statusCode, where).toBe(400)
        expect(res.json().message, where).toMatch(NAMES_A_FIELD)
      }
    }
  })

  it("answers very long query strings without a 5xx on every read", async () => {
    for (const e of endpoints.filter((x) => x.method === "GET")) {
      for (const length of [SHORTER, LONGER]) {
        const long = "%25_x".repeat(length / 5)
        const res = await server.app.inject({ method: "GET", url: `${urlFor(e)}?search=${long}&q=${long}&page=${"9".repeat(400)}`, headers: headersFor(e) })
        expect(res.statusCode, `GET ${e.path} with ${length} characters → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500)
      }
    }
  })

  it("refuses an over-long search with 400 naming it, before the database sees the text, in time that grows no faster than the text", async () => {
    const searching = endpoints.filter((e) => e.method === "GET" && fieldNames(e.query).some((name) => name === "search" || name === "q"))
    expect(searching.length).toBeGreaterThanOrEqual(10)
    for (const e of searching) {
      // Every other field as the call accepts it, so the search is what the answer is about.
      const params = (schemaSamples(e.params, 1, SEED)[0] ?? {}) as Record<string, unknown>
      const query = (schemaSamples(e.query, 1, SEED)[0] ?? {}) as Record<string, unknown>
      const name = fieldNames(e.query).includes("q") ? "q" : "search"
      const searched = (length: number) => urlOf(e, params, { ...query, [name]: "%_".repeat(length / 2) })
      const ask = (length: number) => server.app.inject({ method: "GET", url: searched(length), headers: headersFor(e) })
      for (const length of [SHORTER, LONGER]) {
        listened = []
        const res = await ask(length)
        const sent = listened
        listened = null
        const where = `GET ${e.path} with a ${length}-character ${name} → ${res.statusCode} ${res.body.slice(0, 200)}`
        expect(res.statusCode, where).toBe(400)
        expect(res.json().message, where).toBe(`${name}: must be at most ${QUERY_TEXT_MAX_LENGTH} characters`)
        // Not a statement carried it (or any text longer than a search may be). Counting statements would
        // count the postman's own polls as well.
        const carried = sent.flat().filter((p) => typeof p === "string" && p.length > QUERY_TEXT_MAX_LENGTH)
        expect(carried.length, `${where}: statements sent with the search's text`).toBe(0)
      }
      // Reading the text (the URL, the schemas, the test's own check against the API document) costs time in
      // proportion to its length, and nothing else may: six times the text within twelve times the time, where
      // work that grows with the square of its length takes 36 times. Measured as this process's CPU time, nine
      // of each in turn, by their medians: on a busy machine the longer request, waiting for a core more often
      // than the shorter one, reached 9.7 times its time by the clock (and 2.6-4.3 by CPU time).
      const times = new Map<number, number[]>([
        [SHORTER, []],
        [LONGER, []],
      ])
      for (let i = 0; i < 9; i++) {
        for (const [length, took] of times) {
          const started = process.cpuUsage()
          await ask(length)
          const { user, system } = process.cpuUsage(started)
          took.push((user + system) / 1000)
        }
      }
      const [shorter, longer] = [median(times.get(SHORTER)!), median(times.get(LONGER)!)]
      expect(longer, `GET ${e.path}: ${LONGER} characters refused in ${longer.toFixed(1)} ms of CPU, ${SHORTER} in ${shorter.toFixed(1)} ms`).toBeLessThan(
        12 * shorter,
      )
    }
  })
})
