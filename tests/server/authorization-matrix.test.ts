import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { roles, type Role } from "../../src/api/contract/common.ts"
import { canCall, type Endpoint } from "../../src/api/contract/endpoint.ts"
import { endpoints } from "../../src/api/contract/endpoints.ts"
import { demoLogins } from "../../server/db/seeds/people.seed.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"

/**
 * Every call of the contract × (anonymous + every role), generated from the endpoint table:
 * a caller the access rule refuses gets 401 (anonymous) or 403, never a 2xx, and the database
 * is byte-for-byte the same afterwards. An allowed caller is never told 401 and never gets a 5xx.
 */
let server: TestServer
const tokens = new Map<Role, string>()

beforeAll(async () => {
  server = await startTestServer()
  for (const login of demoLogins) tokens.set(login.role, await server.login(login.email))
})
afterAll(() => server.close())

/** A fingerprint of every table's content in the current schema. */
async function fingerprint(): Promise<string> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name`.execute(server.db)
  const parts: string[] = []
  for (const { table_name } of tables.rows) {
    const row = await sql<{ h: string | null }>`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${sql.table(table_name)} t`.execute(server.db)
    parts.push(`${table_name}:${row.rows[0]?.h}`)
  }
  return parts.join(",")
}

const sample = (path: string) => `/api/v1${path.replace(/:(\w+)/g, "00000000-0000-0000-0000-000000000000")}`
const callers: Array<Role | "anonymous"> = ["anonymous", ...roles]

describe("authorization matrix", () => {
  it("has an access rule on every call", () => {
    for (const e of endpoints) expect(e.access === "public" || e.access === "signedIn" || (Array.isArray(e.access) && e.access.length > 0), e.name).toBe(true)
  })

  // Logout ends the caller's sessions (every token of that person): it runs last, so the other rows keep theirs.
  const endsSession = (e: Endpoint) => e.name === "logout"
  const guarded = endpoints.filter((x) => x.access !== "public")
  for (const e of [...guarded.filter((x) => !endsSession(x)), ...guarded.filter(endsSession)]) {
    it(`${e.method} ${e.path}`, async () => {
      for (const caller of callers) {
        const role = caller === "anonymous" ? null : caller
        const allowed = canCall(e.access, role)
        const before = allowed ? "" : await fingerprint()
        const res = await server.app.inject({
          method: e.method,
          url: sample(e.path),
          headers: role ? bearer(tokens.get(role)!) : {},
          ...(e.method === "GET" || e.method === "DELETE" ? {} : { payload: {} }),
        })
        const where = `${caller} → ${e.method} ${e.path}: ${res.statusCode} ${res.body.slice(0, 120)}`
        if (allowed) {
          expect(res.statusCode, where).not.toBe(401)
          expect(res.statusCode, where).toBeLessThan(500)
        } else {
          expect(res.statusCode, where).toBe(role ? 403 : 401)
          expect(await fingerprint(), `${where} changed data`).toBe(before)
        }
      }
    })
  }
})
