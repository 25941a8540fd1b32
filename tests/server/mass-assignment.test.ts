import fc from "fast-check"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Endpoint } from "../../src/api/contract/endpoint.ts"
import { endpoints } from "../../src/api/contract/endpoints.ts"
import { allStoredText, fieldNames, isWrite } from "./contract-inputs.ts"
import { startTestServer, type TestServer } from "./harness.ts"
import { requestContext, sendValid, valid, type Ctx, type Request } from "./valid-requests.ts"
import { explainRefusals } from "./openapi-validator.ts"
import { propertySeed } from "../fixtures/property-seed.ts"
// Refusals of requests the API document calls valid, provoked here on purpose, with what explains each.
explainRefusals([["This reset link is invalid or has expired.", "each run reuses a reset link the first run used"]])

/**
 * Mass assignment, for every write of the contract: a valid request plus extra fields drawn by fast-check
 * (`role`, `status`, `organizationId`, `_id`, `isAccessSend`, `createdAt`, `password`, `__proto__`, …, never
 * one the call itself takes). The answer is 2xx (extras ignored) or 4xx (refused), never 5xx, and no stored
 * row takes an extra: no table holds the sentinel values, no existing person's role, status, organisation,
 * password or counsellor changes (beyond what the call is for), nobody becomes Admin.
 */
const RUNS = Number(process.env.MASS_RUNS ?? 6)
const SEED = propertySeed("MASS_SEED", 20261129)
const MARK = "zzMASSzz"
const SENTINEL_ID = "5a5a5a5a-5a5a-4a5a-8a5a-5a5a5a5a5a5a"

/** Calls whose base request is meant to be refused (a made-up reset token), still checked with extras. */
const refusedBase = new Set(["resetPassword"])

/** What each extra is set to: a sentinel that must never be stored, or the value an attacker wants. */
const extraValues: Record<string, unknown[]> = {
  role: ["Admin", `${MARK}role`],
  userRole: ["Admin"],
  status: ["Approve", `${MARK}status`, true],
  organizationId: [`${MARK}org`],
  organization_id: [`${MARK}org`],
  _id: [SENTINEL_ID],
  id: [SENTINEL_ID],
  isAccessSend: [true],
  is_access_send: [true],
  createdAt: ["1999-01-01T00:00:00.000Z"],
  created_at: ["1999-01-01T00:00:00.000Z"],
  userId: [SENTINEL_ID],
  vendorId: [SENTINEL_ID],
  counsellorId: [SENTINEL_ID],
  counsellor_id: [SENTINEL_ID],
  actorId: [SENTINEL_ID],
  password: [`${MARK}Pass1!`],
  passwordHash: [`${MARK}hash`],
  password_hash: [`${MARK}hash`],
  tokenVersion: [999],
  version: [999],
  email: [`${MARK}@example.org`],
  __proto__: [{ role: "Admin", [MARK]: true }],
  constructor: [{ prototype: { role: "Admin" } }],
  prototype: [{ role: "Admin" }],
}

let server: TestServer
let ctx: Ctx
beforeAll(async () => {
  server = await startTestServer()
  ctx = await requestContext(server)
}, 60_000)
afterAll(() => server?.close())

/** Columns of existing people no write may change through an extra; the call's own purpose is exempt. */
const guarded = ["role", "status", "organization_id", "password_hash", "counsellor_id", "created_at"] as const
const ownPurpose: Record<string, readonly string[]> = {
  updateUserStatus: ["status", "organization_id"],
  assignOrUpdateCounsellor: ["counsellor_id"],
  updateCurrentPassword: ["password_hash"],
}
async function people(e: Endpoint, ids?: string[]): Promise<{ ids: string[]; text: string }> {
  const cols = guarded.filter((c) => !(ownPurpose[e.name] ?? []).includes(c))
  let query = server.db
    .selectFrom("users")
    .select(["id", ...cols])
    .orderBy("id")
  // People the call creates are judged by the sentinel and Admin checks, not here.
  if (ids) query = query.where("id", "in", ids)
  const rows = await query.execute()
  return { ids: rows.map((r) => r.id), text: JSON.stringify(rows) }
}
const admins = async () => Number((await sql<{ n: string }>`select count(*) as n from users where role = 'Admin'`.execute(server.db)).rows[0]!.n)
const accessSent = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from counselling_enquiries where is_access_send`.execute(server.db)).rows[0]!.n)

let ip = 0
const send = (e: Endpoint, req: Request, extras: Record<string, unknown>) =>
  sendValid(server, ctx, e, req, { remoteAddress: `203.0.113.${++ip % 250}`, extras })

const writes = endpoints.filter((e) => isWrite(e) && (e.body !== undefined || e.multipart))

describe(`mass assignment on every write (seed ${SEED}, ${RUNS} runs each; MASS_SEED=${SEED} reproduces)`, () => {
  it("every write with a body has a valid request here", () => {
    expect(writes.map((e) => e.name).filter((n) => !valid[n])).toEqual([])
  })

  writes.forEach((e, index) => {
    it(`${e.method} ${e.path}`, async () => {
      const build = valid[e.name]
      if (!build) throw new Error(`no valid request for ${e.name}`)
      const baseRequest = await build(ctx, 0, server)
      const own = new Set([...fieldNames(e.body), ...Object.keys(baseRequest.body)])
      const keys = Object.keys(extraValues).filter((k) => !own.has(k))
      const extrasArb = fc
        .uniqueArray(fc.constantFrom(...keys), { minLength: 1, maxLength: 5 })
        .chain((picked) => fc.tuple(...picked.map((k) => fc.constantFrom(...extraValues[k]!).map((v) => [k, v] as const))))
        .map((pairs) => {
          const extras: Record<string, unknown> = {}
          for (const [k, v] of pairs) Object.defineProperty(extras, k, { value: v, enumerable: true, writable: true, configurable: true })
          return extras
        })
      // The base request works, so a refusal below is about the extras.
      const base = await send(e, baseRequest, {})
      if (refusedBase.has(e.name)) expect(base.statusCode, base.body).toBe(400)
      else expect(base.statusCode, `${e.name} base: ${base.body.slice(0, 200)}`).toBe(200)

      let n = 0
      await fc.assert(
        fc.asyncProperty(extrasArb, async (extras) => {
          const before = { people: await people(e), admins: await admins(), access: await accessSent() }
          const res = await send(e, await build(ctx, ++n, server), extras)
          const where = `${e.name} + ${JSON.stringify(extras)} → ${res.statusCode} ${res.body.slice(0, 200)}`
          expect(res.statusCode, where).toBeLessThan(500)
          expect((await people(e, before.people.ids)).text, `${where}: an existing person changed`).toBe(before.people.text)
          expect(await admins(), `${where}: a new Admin`).toBe(before.admins)
          if (e.name !== "sendUserLoginAccess") expect(await accessSent(), `${where}: isAccessSend set`).toBe(before.access)
          expect(res.body, where).not.toContain(MARK)
          expect(res.body, where).not.toContain(SENTINEL_ID)
          expect(({} as Record<string, unknown>).role, "Object.prototype polluted").toBeUndefined()
        }),
        { numRuns: RUNS, seed: SEED + index },
      )
      const stored = await allStoredText(server.db)
      expect(stored.includes(MARK), `${e.name}: a sentinel was stored`).toBe(false)
      expect(stored.includes(SENTINEL_ID), `${e.name}: a sentinel id was stored`).toBe(false)
      expect(stored.includes("1999-01-01"), `${e.name}: a sentinel date was stored`).toBe(false)
    }, 120_000)
  })
})
