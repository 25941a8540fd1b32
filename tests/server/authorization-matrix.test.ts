import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { roles, type Role } from "../../src/api/contract/common.ts"
import { canCall, type Endpoint } from "../../src/api/contract/endpoint.ts"
import { endpoints } from "../../src/api/contract/endpoints.ts"
import { demoLogins } from "../../server/db/seeds/people.seed.ts"
import { tablesFingerprint } from "./contract-inputs.ts"
import { startTestServer, type TestServer } from "./harness.ts"
import { requestContext, sendValid, valid, type Ctx } from "./valid-requests.ts"
import { explainRefusals } from "./openapi-validator.ts"
// Refusals of requests the API document calls valid, provoked here on purpose, with what explains each.
explainRefusals([
  ["oldPassword: Current password is incorrect.", "the matrix's one body for every role holds a password that is not theirs"],
  ["code: The code is not valid (or was already used). Enter the current 6-digit code.", "the matrix sends a code no authenticator made"],
  [
    /^(question|answer): (is required|only the Admin answers|the Admin answers; leave question empty)$/,
    "the matrix's one body for every role is one side's: the raiser sends question, the Admin answer",
  ],
  [
    'preferences: there is no kind of notification "session.booked" for you',
    "the matrix's one body for every role names session mail, which Admins and Editors never receive",
  ],
])

/**
 * Every call of the contract × (anonymous + every role), generated from the endpoint table. Refused
 * callers send a request that would work for an allowed caller (real ids, a valid body, a real file),
 * so only the access rule stands in the way: they get 401 (anonymous) or 403, never a 2xx, and the
 * database is byte-for-byte the same afterwards. An allowed caller is never told 401 and never
 * gets a 5xx. No /api route exists outside the table, so none escapes this matrix.
 */
let server: TestServer
let ctx: Ctx
const tokens = new Map<Role, string>()

const signInEveryone = async () => {
  for (const login of demoLogins) tokens.set(login.role, await server.login(login.email))
}
beforeAll(async () => {
  server = await startTestServer()
  ctx = await requestContext(server)
  await signInEveryone()
}, 60_000)
afterAll(() => server.close())

const callers: Array<Role | "anonymous"> = ["anonymous", ...roles]
let n = 0

/**
 * The valid request of a write, or for a read the zero id in every path parameter. Built before the
 * fingerprint is taken, since some need data made first (a closed ticket to give feedback on).
 */
async function requestFor(e: Endpoint) {
  const build = valid[e.name]
  const req = build ? await build(ctx, ++n, server) : { role: null, body: {} }
  return (token: string | null) => sendValid(server, ctx, e, req, { token })
}

describe("authorization matrix", () => {
  it("has an access rule on every call", () => {
    for (const e of endpoints) expect(e.access === "public" || e.access === "signedIn" || (Array.isArray(e.access) && e.access.length > 0), e.name).toBe(true)
  })

  it("has no /api route outside the contract's table", () => {
    const contract = new Set(endpoints.map((e) => `${e.method} /api/v1${e.path}`))
    const outside = server.app.registeredRoutes
      .filter((r) => r.url.startsWith("/api/") && !r.url.startsWith("/api/docs") && r.method !== "HEAD" && r.method !== "OPTIONS")
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !contract.has(r))
    expect(outside).toEqual([])
  })

  // Logout and a password change end the caller's sessions (every token of that person): they run last,
  // so the other rows keep theirs, and everyone signs in again after each.
  const endsSession = (e: Endpoint) => e.name === "logout" || e.name === "updateCurrentPassword" || e.name === "logoutOtherDevices"
  const guarded = endpoints.filter((x) => x.access !== "public")
  for (const e of [...guarded.filter((x) => !endsSession(x)), ...guarded.filter(endsSession)]) {
    it(`${e.method} ${e.path}`, async () => {
      // The refused callers first, all with one request and against one fingerprint: a refusal changes nothing
      // (that is what is checked), so the next refusal meets the same data. Each allowed caller then gets a
      // request of its own, since it may use its request up (a delete, a one-time code).
      const refused = callers.filter((caller) => !canCall(e.access, caller === "anonymous" ? null : caller))
      const send = await requestFor(e)
      const before = await tablesFingerprint(server.db)
      for (const caller of refused) {
        const role = caller === "anonymous" ? null : caller
        const res = await send(role ? tokens.get(role)! : null)
        const where = `${caller} → ${e.method} ${e.path}: ${res.statusCode} ${res.body.slice(0, 120)}`
        expect(res.statusCode, where).toBe(role ? 403 : 401)
        expect(await tablesFingerprint(server.db), `${where} changed data`).toBe(before)
      }
      for (const caller of callers.filter((c) => !refused.includes(c))) {
        // An allowed caller may still be refused by an ownership check (403): those are judged in
        // object-access.test.ts. Here: the guard lets them in, and nothing breaks.
        const res = await (await requestFor(e))(tokens.get(caller as Role)!)
        const where = `${caller} → ${e.method} ${e.path}: ${res.statusCode} ${res.body.slice(0, 120)}`
        expect(res.statusCode, where).not.toBe(401)
        expect(res.statusCode, where).toBeLessThan(500)
      }
      if (endsSession(e)) await signInEveryone()
    }, 60_000)
  }
})
