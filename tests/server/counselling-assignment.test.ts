import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./harness.ts"
import { call, demoEmailOf, eventsOf, idOf, nonAdminRoles } from "./counselling-fixtures.ts"
import { parseCsv } from "./csv-reader.ts"
import { explainRefusals } from "./openapi-validator.ts"
// Refusals of requests the API document calls valid, provoked here on purpose, with what explains each.
explainRefusals([
  ["counsellorId: a user cannot be their own counsellor", "the counsellor named is the client"],
  ["counsellorId: must be an approved person of an assignable role", "the person named is not approved, or of a role that cannot be assigned"],
])

let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
})
afterAll(() => server.close())

type Row = { _id: string; email: string; createdAt: string; enquiry: unknown; counsellor: { _id: string; name: string; role: string } | null }
const page = async (url: string) => (await call(server, admin, "GET", url)).json()

describe("GET /user/unassignUser", () => {
  it("pages the clients without a counsellor, newest first, each with their enquiry", async () => {
    const first = await page("/user/unassignUser?page=1&limit=10")
    expect(first.success).toBe(true)
    expect(first.data.data).toHaveLength(10)
    expect(first.totalRecords).toBeGreaterThan(10)
    expect(first.totalPages).toBe(Math.ceil(first.totalRecords / 10))
    const rows = first.data.data as Row[]
    expect(rows.map((r) => r.createdAt)).toEqual(
      rows
        .map((r) => r.createdAt)
        .sort()
        .reverse(),
    )
    expect(rows.filter((r) => r.enquiry !== null).length).toBeGreaterThan(0)
    const ids = rows.map((r) => r._id)
    const people = await server.db.selectFrom("users").select(["role", "counsellor_id"]).where("id", "in", ids).execute()
    expect(people.every((p) => p.role === "User" && p.counsellor_id === null)).toBe(true)
  })
})

describe("GET /user/getActiveUser/user", () => {
  it("lists the approved people of the assignable roles only", async () => {
    const people = (await page("/user/getActiveUser/user")).data as Array<{ _id: string; role: string; email: string }>
    expect(new Set(people.map((p) => p.role))).toEqual(new Set(["Lawyer", "Counsellor", "Nutritionist", "YogaTeacher", "User", "ImageConsultant"]))
    expect(people.some((p) => p.email === "counsellor@demo.test")).toBe(true)
    expect(people.some((p) => p.email === "admin@demo.test" || p.email === "editor@demo.test")).toBe(false)
    const statuses = await server.db
      .selectFrom("users")
      .select("status")
      .where(
        "id",
        "in",
        people.map((p) => p._id),
      )
      .execute()
    expect(statuses.every((s) => s.status === "Approve")).toBe(true)
  })
})

describe("PATCH /user/assignOrUpdateCounsellor/:userId", () => {
  it("moves the client from Unassign Users to Counselling Users and logs the assignment; a change is logged as such", async () => {
    const client = ((await page("/user/unassignUser?page=1&limit=1")).data.data as Row[])[0]!
    const counsellorId = await idOf(server, "counsellor@demo.test")
    const before = await page("/user/assignUser?page=1&limit=1")
    const res = await call(server, admin, "PATCH", `/user/assignOrUpdateCounsellor/${client._id}`, { counsellorId })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: "Counsellor assigned successfully." })
    const unassigned = (await page("/user/unassignUser?page=1&limit=100")).data.data as Row[]
    expect(unassigned.some((r) => r._id === client._id)).toBe(false)
    const assigned = await page("/user/assignUser?page=1&limit=100")
    expect(assigned.totalRecords).toBe(before.totalRecords + 1)
    expect((assigned.data.data as Row[]).find((r) => r._id === client._id)!.counsellor).toEqual({
      _id: counsellorId,
      name: "Chetan Counsellor",
      role: "Counsellor",
    })
    const events = await eventsOf(server, "user.counsellorAssigned", client._id)
    expect(events.map((e) => [e.before, e.after])).toEqual([[{ counsellor_id: null }, { counsellor_id: counsellorId }]])

    const lawyerId = await idOf(server, "lawyer@demo.test")
    expect((await call(server, admin, "PATCH", `/user/assignOrUpdateCounsellor/${client._id}`, { counsellorId: lawyerId })).statusCode).toBe(200)
    const changed = await eventsOf(server, "user.counsellorChanged", client._id)
    expect(changed.map((e) => [e.before, e.after])).toEqual([[{ counsellor_id: counsellorId }, { counsellor_id: lawyerId }]])
    const details = (await page(`/user/get/${client._id}`)).data
    expect(details).toMatchObject({ _id: client._id, role: "User", counsellorId: lawyerId, counsellorName: "Leela Lawyer", counsellorRole: "Lawyer" })
  })

  it("refuses an unknown client or a non-client (404), an unknown counsellor (404), an unapproved or non-assignable person and the client themself (400), a missing counsellorId (400)", async () => {
    const userId = await idOf(server, "user@demo.test")
    const counsellorId = await idOf(server, "counsellor@demo.test")
    const pending = await server.db.selectFrom("users").select("id").where("status", "=", "Under Review").executeTakeFirstOrThrow()
    const adminId = await idOf(server, "admin@demo.test")
    const cases: Array<[string, unknown, number, RegExp]> = [
      ["no-such-user", { counsellorId }, 404, /User not found/],
      [counsellorId, { counsellorId: userId }, 404, /User not found/],
      [userId, { counsellorId: "no-such-person" }, 404, /Counsellor not found/],
      [userId, { counsellorId: pending.id }, 400, /^counsellorId: /],
      [userId, { counsellorId: adminId }, 400, /^counsellorId: /],
      [userId, { counsellorId: userId }, 400, /^counsellorId: /],
      [userId, {}, 400, /^counsellorId: is required$/],
    ]
    for (const [target, body, status, message] of cases) {
      const res = await call(server, admin, "PATCH", `/user/assignOrUpdateCounsellor/${target}`, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(status)
      expect(res.json().message).toMatch(message)
    }
    const details = (await page(`/user/get/${userId}`)).data
    expect(details.counsellorId).toBe(counsellorId)
  })
})

describe("the clients lists' orders (issue 26)", () => {
  /** Every page of a list in one order, `limit` a page: the far half is read from the other end of its index. */
  async function everyPage(path: string, sort: string, limit = 10): Promise<string[]> {
    const at = (n: number) => `${path}${path.includes("?") ? "&" : "?"}page=${n}&limit=${limit}&sort=${sort}`
    const first = await page(at(1))
    const ids = (first.data.data as Row[]).map((r) => r._id)
    for (let n = 2; n <= first.totalPages; n++) ids.push(...((await page(at(n))).data.data as Row[]).map((r) => r._id))
    expect(ids).toHaveLength(first.totalRecords)
    return ids
  }

  /** The same clients in the database's order: a name by lower(name) then id the same way; a date, then id the other way. */
  async function inDatabaseOrder(assigned: boolean | { counsellorId: string }, sort: string): Promise<string[]> {
    let query = server.db.selectFrom("users").select("id")
    query =
      typeof assigned === "object"
        ? query.where("counsellor_id", "=", assigned.counsellorId)
        : assigned
          ? query.where("counsellor_id", "is not", null)
          : query.where("role", "=", "User").where("counsellor_id", "is", null)
    const way = sort.startsWith("-") ? "desc" : "asc"
    const byName = sort.endsWith("name")
    const rows = await (
      byName ? query.orderBy(sql`lower(name)`, way).orderBy("id", way) : query.orderBy("created_at", way).orderBy("id", way === "asc" ? "desc" : "asc")
    ).execute()
    return rows.map((r) => r.id)
  }

  it("orders UnAssign Users and Counselling Users by name either way and by date either way, on every page", async () => {
    for (const [path, assigned] of [
      ["/user/unassignUser", false],
      ["/user/assignUser", true],
    ] as const) {
      for (const sort of ["name", "-name", "createdAt", "-createdAt"]) {
        expect(await everyPage(path, sort), `${path} by ${sort}`).toEqual(await inDatabaseOrder(assigned, sort))
      }
      // No sort is newest first.
      expect((await page(`${path}?page=1&limit=10`)).data.data).toEqual((await page(`${path}?page=1&limit=10&sort=-createdAt`)).data.data)
      const bad = await call(server, admin, "GET", `${path}?sort=email`)
      expect(bad.statusCode).toBe(400)
    }
  })

  it("narrows Counselling Users to one counsellor's clients in every order, and its export with it", async () => {
    // The counsellor with the most clients, read two a page so the narrowed list has a near and a far half.
    const busiest = await server.db
      .selectFrom("users")
      .where("counsellor_id", "is not", null)
      .select(["counsellor_id", (eb) => eb.fn.countAll<string>().as("n")])
      .groupBy("counsellor_id")
      .orderBy("n", "desc")
      .orderBy("counsellor_id")
      .executeTakeFirstOrThrow()
    const counsellorId = busiest.counsellor_id!
    const clients = Number(busiest.n)
    expect(clients).toBeGreaterThan(4)
    const all = (await page("/user/assignUser?page=1&limit=10")).totalRecords as number
    expect(clients).toBeLessThan(all)
    const path = `/user/assignUser?counsellorId=${counsellorId}`
    for (const sort of ["name", "-name", "createdAt", "-createdAt"]) {
      expect(await everyPage(path, sort, 2), `by ${sort}`).toEqual(await inDatabaseOrder({ counsellorId }, sort))
    }
    const first = await page(`/user/assignUser?counsellorId=${counsellorId}`)
    expect(first.totalRecords).toBe(clients)
    expect(new Set((first.data.data as Row[]).map((r) => r.counsellor?._id))).toEqual(new Set([counsellorId]))
    // Someone with no clients (or no one at all): an empty list, not an error.
    const none = await page("/user/assignUser?counsellorId=no-such-person")
    expect([none.data.data, none.totalRecords]).toEqual([[], 0])
    // The export holds the narrowed list, in its order.
    const csv = (await call(server, admin, "GET", `/export/counselling-users?counsellor=${counsellorId}&sort=name`)).body
    const emails = parseCsv(csv)
      .slice(1)
      .map((row) => row[1])
    const byName = await server.db
      .selectFrom("users")
      .select("email")
      .where("counsellor_id", "=", counsellorId)
      .orderBy(sql`lower(name)`)
      .orderBy("id")
      .execute()
    expect(emails).toEqual(byName.map((r) => r.email))
  })
})

describe("GET /user/assignUser and GET /user/get/:userId", () => {
  it("pages the assigned clients with their counsellor's name and role", async () => {
    const first = await page("/user/assignUser")
    expect(first.data.data).toHaveLength(10)
    expect(first.totalRecords).toBeGreaterThan(10)
    expect(first.totalPages).toBe(Math.ceil(first.totalRecords / 10))
    for (const row of first.data.data as Row[]) expect(row.counsellor).toMatchObject({ name: expect.any(String), role: expect.any(String) })
    const second = await page("/user/assignUser?page=2")
    expect(second.currentPage).toBe(2)
  })

  it("gives one client's counselling details, 404 for an unknown id", async () => {
    const userId = await idOf(server, "user@demo.test")
    expect((await page(`/user/get/${userId}`)).data).toMatchObject({
      name: "Uma User",
      email: "user@demo.test",
      role: "User",
      counsellorName: "Chetan Counsellor",
      counsellorRole: "Counsellor",
    })
    expect((await call(server, admin, "GET", "/user/get/nobody")).statusCode).toBe(404)
  })
})

describe("who may call the assignment endpoints", () => {
  it("refuses every role but Admin (403) and anonymous callers (401)", async () => {
    const userId = await idOf(server, "user@demo.test")
    const calls: Array<["GET" | "PATCH", string, unknown?]> = [
      ["GET", "/user/unassignUser"],
      ["GET", "/user/getActiveUser/user"],
      ["GET", "/user/assignUser"],
      ["GET", `/user/get/${userId}`],
      ["PATCH", `/user/assignOrUpdateCounsellor/${userId}`, { counsellorId: userId }],
    ]
    for (const role of nonAdminRoles) {
      const token = await server.login(demoEmailOf(role))
      for (const [method, url, body] of calls) expect((await call(server, token, method, url, body)).statusCode, `${role} ${url}`).toBe(403)
    }
    for (const [method, url, body] of calls) expect((await call(server, null, method, url, body)).statusCode).toBe(401)
  })
})
