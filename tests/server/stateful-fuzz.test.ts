import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { roles, type Role } from "../../src/api/contract/common.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { multipart, pngFile } from "./multipart.ts"
import { objectOf, resolve, valueOf, type Components, type JsonSchema } from "./openapi-arbitrary.ts"
import { explainRefusals, FILE_CONTENT_REFUSAL } from "./openapi-validator.ts"
import { propertySeed } from "../fixtures/property-seed.ts"
import { LIBRARY_IMAGE_GONE } from "../../server/services/content/content-images.ts"

// Requests drawn from the document meet rules between their fields and the server's state, which the
// document states in words (JSON Schema cannot): each refusal here, with where the document says it.
explainRefusals([
  [LIBRARY_IMAGE_GONE, "a random `libraryImage` is not the id of an image in the media library (its description)"],
  ["This reset link is invalid or has expired.", "a random token is not a link the server mailed"],
  ["Passwords do not match!", "a random confirmPassword differs from the random password (stated in the request's description)"],
  ["oldPassword: Current password is incorrect.", "a random current password is not the account's"],
  [
    /^timeZone: must be a time zone name such as Asia\/Kolkata$/,
    "a random name shaped like a zone's is not in the time zone database (the document says which names are refused)",
  ],
  [/^to: a range spans at most \d+ days$/, "a random range is longer than the document's description of `to` allows"],
  ["to: must be later than from", "a random `to` before `from` (the document's description of `to`)"],
  [/^(from|to): a range needs both from and to$/, "a random query with one bound of the range (the document's descriptions of `from` and `to`)"],
  [/^preferences: there is no kind of notification "[\w.]+" for you$/, "a random kind the caller's role never receives (the request's description)"],
  [/^preferences: .+ emails are always sent$/, "a random kind whose mail cannot be switched off (the request's description)"],
  [/^preferences: "[\w.]+" is listed more than once$/, "a random list with one kind twice (the request's description)"],
  [/^code: The code is not valid/, "a random six digits are not the authenticator's current code"],
  [
    /^(answer: only the Admin answers|question: is required|answer: is required|question: the Admin answers; leave question empty)$/,
    "a random message in the other party's field, or none in the caller's (the request's description)",
  ],
  [
    /^(subject|body): (Subject|Body) (is required\.|must be at most|has a placeholder)|^(subject|body): \{\{.*\}\} is not a placeholder|^subject: Subject must be on one line\.$/,
    "a random template text breaks a rule the request's description states",
  ],
  [/^\w+: is required$/, "a form's text part holding just `null` counts as left out (the form's description)"],
  ["counsellorId: a user cannot be their own counsellor", "a random counsellor is the client themself (the call's summary)"],
  ["counsellorId: must be an approved person of an assignable role", "a random person is not an approved one of an assignable role (the call's summary)"],
  [/: must not contain NUL characters$/, "a NUL in a field the call does not know (the document: no text anywhere in a request may hold one)"],
  ["search: give a name or number to search for, or an id", "a random query without `search` or `id` (the query's description)"],
  ["weekly: must list each weekday at most once", "a random week lists one weekday twice (the description of `weekly`)"],
  ["time: the session must start in the future", "a random date and time in the past (the summaries of booking and moving a session)"],
  [/^publishAt: must be (in the future|within a year)$/, "a random publish time in the past or more than a year ahead (the description of `publishAt`)"],
  FILE_CONTENT_REFUSAL,
])

/**
 * A stateful fuzz of the API from its served OpenAPI document (issue 25): sequences of calls drawn from
 * the document's operations, each as a role its `x-access` admits, with bodies, queries and path ids drawn
 * from the document's schemas; ids the answers hand out (a blog created, a ticket raised) are fed to later
 * calls, so calls meet real records; one call in two is then broken (a required field dropped, a hostile
 * value, a foreign id, a role the call does not admit). Whatever the sequence, no answer is a 5xx and every
 * refusal says why. FUZZ_SEED replays a run; FUZZ_SEQUENCES and FUZZ_CALLS deepen it.
 */
const SEED = propertySeed("FUZZ_SEED", 20261129)
const SEQUENCES = Number(process.env.FUZZ_SEQUENCES ?? 25)
const CALLS = Number(process.env.FUZZ_CALLS ?? 12)

/**
 * Calls left out of the sequences, each because it ends the very sessions the sequence goes on with
 * (each is fuzzed alone in fuzz.test.ts), or because its answer never ends.
 */
const LEFT_OUT: Record<string, string> = {
  logout: "ends every session of the caller",
  logoutOtherDevices: "ends the caller's other sessions and replaces this one",
  updateCurrentPassword: "a changed password ends the caller's other sessions",
  updateSecuritySettings: "requiring two-factor for Admins refuses every later Admin call until one is set up",
  liveEvents: "an event stream stays open until the server ends it",
}

type Json = Record<string, any> // oxlint-disable-line typescript/no-explicit-any

interface Operation {
  id: string
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"
  path: string
  access: "public" | "signedIn" | Role[]
  pathParams: Array<{ name: string; schema: JsonSchema }>
  query: JsonSchema | null
  body: { kind: "json" | "multipart"; schema: JsonSchema } | null
}

let server: TestServer
let operations: Operation[] = []
let components: Components = {}
const tokens = new Map<Role, string>()

beforeAll(async () => {
  server = await startTestServer()
  for (const role of roles) tokens.set(role, await server.login(`${role.toLowerCase()}@demo.test`))
  const document = (await server.app.inject({ method: "GET", url: "/api/docs/openapi.json" })).json() as Json
  components = document.components.schemas as Components
  for (const [path, methods] of Object.entries(document.paths as Json)) {
    for (const [method, op] of Object.entries(methods as Json)) {
      if (LEFT_OUT[op.operationId]) continue
      const parameters = (op.parameters ?? []) as Json[]
      const queryParams = parameters.filter((p) => p.in === "query")
      const content = op.requestBody?.content as Json | undefined
      operations.push({
        id: op.operationId,
        method: method.toUpperCase() as Operation["method"],
        path,
        access: op["x-access"],
        pathParams: parameters.filter((p) => p.in === "path").map((p) => ({ name: p.name, schema: p.schema })),
        query: queryParams.length
          ? {
              type: "object",
              properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema])),
              required: queryParams.filter((p) => p.required).map((p) => p.name),
            }
          : null,
        body: content?.["application/json"]
          ? { kind: "json", schema: content["application/json"].schema }
          : content?.["multipart/form-data"]
            ? { kind: "multipart", schema: content["multipart/form-data"].schema }
            : null,
      })
    }
  }
})
afterAll(() => server?.close())

/** Ids the answers handed out so far, by the field that carried them (`_id`, `userId`, `ticketId`…). */
type Pool = Map<string, string[]>

function harvest(value: unknown, pool: Pool, key = ""): void {
  if (Array.isArray(value)) for (const item of value) harvest(item, pool, key)
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) harvest(v, pool, k)
  else if (typeof value === "string" && (key === "_id" || key === "id" || /Id$/.test(key))) {
    const known = pool.get(key) ?? []
    if (!known.includes(value)) pool.set(key, [...known.slice(-30), value])
  }
}

/** A known id for a field or parameter of this name, when the sequence has met one. */
function knownId(pool: Pool, name: string, pick: number): string | undefined {
  const candidates = pool.get(name) ?? (/id$/i.test(name) ? pool.get("_id") : undefined)
  return candidates?.length ? candidates[pick % candidates.length] : undefined
}

type Mutation =
  | { kind: "none" }
  | { kind: "dropRequired"; index: number }
  | { kind: "hostile"; index: number; value: unknown }
  | { kind: "foreignId"; value: string }
  | { kind: "wrongRole"; index: number }

const hostileValue = fc.constantFrom<unknown>(
  null,
  "",
  " ",
  -1,
  1e308,
  true,
  [],
  {},
  "x".repeat(20_000),
  { a: { b: { c: { d: "deep" } } } },
  "\u0000",
  "'; drop table users; --",
)

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Mutation>({ kind: "none" }) },
  { weight: 1, arbitrary: fc.nat(20).map((index): Mutation => ({ kind: "dropRequired", index })) },
  { weight: 2, arbitrary: fc.record({ index: fc.nat(20), value: hostileValue }).map((m): Mutation => ({ kind: "hostile", ...m })) },
  {
    weight: 1,
    arbitrary: fc.constantFrom("00000000-0000-0000-0000-000000000000", "not-an-id", "../../etc").map((value): Mutation => ({ kind: "foreignId", value })),
  },
  { weight: 1, arbitrary: fc.nat(20).map((index): Mutation => ({ kind: "wrongRole", index })) },
)

interface Call {
  operation: number
  role: number
  pick: number
  mutation: Mutation
  seed: number
}

const call: fc.Arbitrary<Call> = fc.record({ operation: fc.nat(10_000), role: fc.nat(100), pick: fc.nat(1000), mutation, seed: fc.nat(2_147_483_647) })

function roleFor(op: Operation, c: Call): Role | null {
  const admitted = op.access === "public" ? [] : op.access === "signedIn" ? [...roles] : op.access
  if (c.mutation.kind === "wrongRole") {
    const others = roles.filter((r) => !admitted.includes(r))
    return others.length ? others[c.mutation.index % others.length]! : null
  }
  return admitted.length ? admitted[c.role % admitted.length]! : null
}

/** One value of an arbitrary, drawn from the call's own seed: the same call draws the same request. */
const draw = <T>(arbitrary: fc.Arbitrary<T>, seed: number): T => fc.sample(arbitrary, { seed, numRuns: 1 })[0]!

function mutate(value: Record<string, unknown>, schema: JsonSchema, m: Mutation): Record<string, unknown> {
  const keys = Object.keys(value)
  if (m.kind === "dropRequired") {
    const required = resolve(schema, components).required ?? []
    if (!required.length) return value
    const { [required[m.index % required.length]!]: _dropped, ...rest } = value
    return rest
  }
  if (m.kind === "hostile" && keys.length) return { ...value, [keys[m.index % keys.length]!]: m.value }
  return value
}

async function send(op: Operation, c: Call, pool: Pool) {
  const role = roleFor(op, c)
  const headers: Record<string, string> = role ? bearer(tokens.get(role)!) : {}
  const foreign = c.mutation.kind === "foreignId" ? c.mutation.value : undefined
  const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const param = op.pathParams.find((p) => p.name === name)
    const value = foreign ?? knownId(pool, name, c.pick) ?? String(draw(valueOf(param?.schema ?? { type: "string" }, components), c.seed))
    return encodeURIComponent(value)
  })
  const query = op.query ? draw(objectOf(op.query, components), c.seed + 1) : {}
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)])).toString()
  const fullUrl = `/api/v1${url}${search ? `?${search}` : ""}`
  if (!op.body) return { role, url: fullUrl, body: null, res: await server.app.inject({ method: op.method, url: fullUrl, headers }) }
  const drawn = draw(objectOf(op.body.schema, components), c.seed + 2)
  // Fields that name a record take one the sequence has met, most of the time: calls then meet real state.
  for (const key of Object.keys(drawn)) {
    const known = /Id$/.test(key) ? knownId(pool, key, c.pick) : undefined
    if (known && c.pick % 4 !== 0) drawn[key] = foreign ?? known
  }
  const body = mutate(drawn, op.body.schema, c.mutation)
  if (op.body.kind === "json") {
    return { role, url: fullUrl, body, res: await server.app.inject({ method: op.method, url: fullUrl, headers, payload: body as object }) }
  }
  const properties = resolve(op.body.schema, components).properties ?? {}
  const fileFields = Object.keys(properties).filter((k) => resolve(properties[k]!, components).format === "binary")
  const fields = Object.fromEntries(
    Object.entries(body)
      .filter(([k]) => !fileFields.includes(k))
      .map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
  )
  const files = fileFields.filter((k) => k in body).map((k) => pngFile(k, (c.seed % 10) + 1))
  const form = multipart(fields, files)
  return {
    role,
    url: fullUrl,
    body: { ...fields, files: fileFields },
    res: await server.app.inject({ method: op.method, url: fullUrl, headers: { ...headers, ...form.headers }, payload: form.payload }),
  }
}

describe(`stateful fuzz from the API document (seed ${SEED}; FUZZ_SEED=${SEED} replays)`, () => {
  it("reads the document's operations, each with the access rule it states", () => {
    expect(operations.length).toBeGreaterThan(80)
    for (const op of operations) expect(op.access === "public" || op.access === "signedIn" || Array.isArray(op.access), op.id).toBe(true)
  })

  it(`${SEQUENCES} sequences of up to ${CALLS} calls, valid and broken: never a 5xx, every refusal says why`, async () => {
    let sent = 0
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(fc.array(call, { minLength: 1, maxLength: CALLS }), async (calls) => {
        const pool: Pool = new Map()
        for (const c of calls) {
          const op = operations[c.operation % operations.length]!
          const { role, url, body, res } = await send(op, c, pool)
          sent++
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
          const what = `${op.method} ${url} as ${role ?? "anyone"} (${c.mutation.kind}) ${JSON.stringify(body)?.slice(0, 300)}`
          expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500)
          const type = String(res.headers["content-type"] ?? "")
          if (res.statusCode >= 400) expect(typeof res.json().message, `${what}: a refusal says why`).toBe("string")
          else if (type.startsWith("application/json")) harvest(res.json(), pool)
        }
      }),
      { numRuns: SEQUENCES, seed: SEED },
    )
    console.log(
      `[stateful fuzz] ${sent} calls; answers: ${[...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(", ")}`,
    )
    // The sequences reached past the gate: most calls were answered for real, not only refused.
    expect([...statuses.entries()].filter(([s]) => s < 300).reduce((n, [, k]) => n + k, 0)).toBeGreaterThan(sent / 5)
  }, 300_000)
})
