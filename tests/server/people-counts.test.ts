import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sql } from "kysely"
import { vendorRoles } from "../../src/api/contract/common.ts"
import { listRoles } from "../../src/api/contract/vendors/vendor.ts"
import { insertUser } from "../../server/db/repositories/users.repository.ts"
import { peopleCounts } from "../../server/services/dashboard/people-counts.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"

let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
})
afterAll(() => server.close())

const counts = async () => {
  const res = await server.app.inject({ method: "GET", url: "/api/v1/dashboard/peopleCounts", headers: bearer(admin) })
  expect(res.statusCode).toBe(200)
  return res.json().data
}

/** What the counters must equal: counted the slow way, only here in the test. */
async function counted() {
  const rows = await server.db
    .selectFrom("users")
    .select(["role", "status", sql<string>`count(*)`.as("n")])
    .groupBy(["role", "status"])
    .execute()
  const of = (roles: readonly string[], status: string) =>
    rows.filter((r) => roles.includes(r.role) && r.status === status).reduce((s, r) => s + Number(r.n), 0)
  const enquiries = await server.db
    .selectFrom("contact_enquiries")
    .select(sql<string>`count(*)`.as("n"))
    .executeTakeFirstOrThrow()
  return {
    active: Object.fromEntries(listRoles.map((r) => [r, of([r], "Approve")])),
    underReview: of(vendorRoles, "Under Review"),
    tempApprove: of(vendorRoles, "Temp Approve"),
    rejected: of(vendorRoles, "Reject"),
    enquiries: Number(enquiries.n),
  }
}

describe("GET /dashboard/peopleCounts", () => {
  it("answers every Admin count of the seeded data", async () => {
    expect(await counts()).toEqual(await counted())
    expect(await counts()).toMatchObject({ underReview: 13, tempApprove: 13, rejected: 13, enquiries: 24, active: { Lawyer: 13, User: 27 } })
  })

  it("follows inserts, updates and deletes made by any code, in the same transaction", async () => {
    const a = await insertUser(server.db, { name: "Counted One", email: "counted-1@example.net", role: "Lawyer", status: "Under Review" })
    await insertUser(server.db, { name: "Counted Two", email: "counted-2@example.net", role: "User", status: "Approve" })
    await server.db.updateTable("users").set({ status: "Approve" }).where("id", "=", a.id).execute()
    await server.db.updateTable("users").set({ role: "Counsellor" }).where("id", "=", a.id).execute()
    await server.db.updateTable("users").set({ updated_at: new Date() }).execute()
    await server.db
      .insertInto("contact_enquiries")
      .values({ id: "e-x", name: "N", email: "n@example.org", number: "9000000000", city: "C", state: "S", message: null })
      .execute()
    expect(await counts()).toEqual(await counted())
    await server.db.deleteFrom("users").where("email", "like", "counted-%").execute()
    await server.db.deleteFrom("contact_enquiries").where("id", "=", "e-x").execute()
    expect(await counts()).toEqual(await counted())
  })

  it("rolls back with the transaction that changed users", async () => {
    const before = await counts()
    await expect(
      server.db.transaction().execute(async (trx) => {
        await insertUser(trx, { name: "Rolled Back", email: "rolled@example.net", role: "Nutritionist", status: "Approve" })
        throw new Error("abort")
      }),
    ).rejects.toThrow("abort")
    expect(await counts()).toEqual(before)
  })

  it("reads only the counter tables, never users or enquiries rows", async () => {
    const tables = new Set<string>()
    const watched = server.db.withPlugin({
      transformQuery: (args) => {
        for (const m of JSON.stringify(args.node).matchAll(
          /"kind":"TableNode","table":\{"kind":"SchemableIdentifierNode","identifier":\{"kind":"IdentifierNode","name":"(\w+)"/g,
        ))
          tables.add(m[1]!)
        return args.node
      },
      transformResult: async (args) => args.result,
    })
    const answer = await peopleCounts(watched)
    expect(answer.data).toEqual(await counted())
    expect([...tables].sort()).toEqual(["contact_enquiry_count", "user_counts"])
  })
})
