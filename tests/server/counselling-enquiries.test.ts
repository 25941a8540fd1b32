import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { nameOrderKey } from "../fixtures/name-order.ts"
import { call, demoEmailOf, enquiryPayload, eventsOf, nonAdminRoles } from "./counselling-fixtures.ts"

let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
})
afterAll(() => server.close())

const intake = (payload: unknown, remoteAddress = "203.0.113.1") =>
  server.app.inject({ method: "POST", url: "/api/v1/enquiry/create", payload: payload as object, remoteAddress })

const findEnquiry = async (email: string) => {
  const res = await call(server, admin, "GET", "/enquiry/fetch?page=1&limit=100")
  return (res.json().data.enquiry as Array<{ _id: string; email: string; isAccessSend: boolean }>).find((e) => e.email === email)
}

describe("POST /enquiry/create (public intake of the marketing site)", () => {
  it("stores the enquiry, answers a message, logs an event and lists it first in /counselling", async () => {
    const res = await intake(enquiryPayload(1, { name: "  Meera Intake  " }), "203.0.113.10")
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: expect.stringContaining("received") })
    const list = await call(server, admin, "GET", "/enquiry/fetch")
    const first = list.json().data.enquiry[0]
    expect(first).toMatchObject({
      name: "Meera Intake",
      email: "test.client.1@example.org",
      age: 31,
      question1: "Other",
      otherQuestion1: "Trouble sleeping before exams",
      question2: "No, this is my first time",
      otherQuestion2: null,
      dateTime: "2030-01-15T10:30:00.000Z",
      isAccessSend: false,
    })
    const events = await eventsOf(server, "counsellingEnquiry.created", first._id)
    expect(events).toHaveLength(1)
    expect(events[0]!.actor_id).toBeNull()
  })

  it.each([
    [{ email: "not-an-email" }, "email"],
    [{ name: "   " }, "name"],
    [{ age: "thirty" }, "age"],
    [{ age: 0 }, "age"],
    [{ number: "12" }, "number"],
    [{ question1: "" }, "question1"],
    [{ dateTime: "next tuesday" }, "dateTime"],
    [{ dateTime: "2030-01-15T10:30:00" }, "dateTime"],
  ])("refuses %o with 400 naming %s", async (bad, field) => {
    const res = await intake(enquiryPayload(2, bad), "203.0.113.20")
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(new RegExp(`^${field}: `))
  })

  it("refuses a missing field with 400 naming it", async () => {
    const { question2: _omit, ...rest } = enquiryPayload(3)
    const res = await intake(rest, "203.0.113.21")
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe("question2: is required")
  })

  it("answers 429 to the 6th enquiry from one address within 15 minutes; other addresses still pass", async () => {
    const codes: number[] = []
    for (let i = 0; i < 6; i++) codes.push((await intake(enquiryPayload(10 + i), "198.51.100.7")).statusCode)
    expect(codes).toEqual([200, 200, 200, 200, 200, 429])
    expect((await intake(enquiryPayload(20), "198.51.100.7")).json().message).toMatch(/Too many enquiries/)
    expect((await intake(enquiryPayload(21), "198.51.100.8")).statusCode).toBe(200)
    server.clock.now += 15 * 60 * 1000 + 1
    try {
      expect((await intake(enquiryPayload(22), "198.51.100.7")).statusCode).toBe(200)
    } finally {
      server.clock.now -= 15 * 60 * 1000 + 1
    }
  })
})

describe("GET /enquiry/fetch", () => {
  it("pages newest first with totalRecords, totalPages and currentPage (default limit 10)", async () => {
    const first = (await call(server, admin, "GET", "/enquiry/fetch")).json()
    expect(first.data.enquiry).toHaveLength(10)
    expect(first.currentPage).toBe(1)
    expect(first.totalRecords).toBeGreaterThan(20)
    expect(first.totalPages).toBe(Math.ceil(first.totalRecords / 10))
    const times = first.data.enquiry.map((e: { createdAt: string }) => e.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
    const second = (await call(server, admin, "GET", "/enquiry/fetch?page=2&limit=10")).json()
    expect(second.currentPage).toBe(2)
    expect(second.data.enquiry[0]._id).not.toBe(first.data.enquiry[0]._id)
  })

  it("refuses a bad page with 400 naming it", async () => {
    const res = await call(server, admin, "GET", "/enquiry/fetch?page=0")
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/^page: /)
  })

  it("refuses every other role (403) and anonymous callers (401)", async () => {
    for (const role of nonAdminRoles) {
      const token = await server.login(demoEmailOf(role))
      expect((await call(server, token, "GET", "/enquiry/fetch")).statusCode, role).toBe(403)
    }
    expect((await call(server, null, "GET", "/enquiry/fetch")).statusCode).toBe(401)
  })
})

describe("POST /user/sendUserLoginAccess", () => {
  it("creates the client's User account, emails a set-password link, marks isAccessSend and logs both events", async () => {
    await intake(enquiryPayload(40, { name: "Access Person", email: "access.person@example.org" }), "203.0.113.40")
    const enquiry = (await findEnquiry("access.person@example.org"))!
    const res = await call(server, admin, "POST", "/user/sendUserLoginAccess", {
      enquiryId: enquiry._id,
      name: "Access Person",
      email: "access.person@example.org",
      number: "9876500000",
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: "Access sent successfully." })
    expect((await findEnquiry("access.person@example.org"))!.isAccessSend).toBe(true)
    const user = await server.db.selectFrom("users").selectAll().where("email", "=", "access.person@example.org").executeTakeFirstOrThrow()
    expect(user).toMatchObject({ role: "User", status: "Approve", name: "Access Person", counsellor_id: null, password_hash: null })
    expect(await eventsOf(server, "user.created", user.id)).toHaveLength(1)
    const sent = await eventsOf(server, "counsellingEnquiry.accessSent", enquiry._id)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.after).toEqual({ is_access_send: true, user_id: user.id })

    const mail = server
      .outbox()
      .filter((m) => m.to === "access.person@example.org")
      .at(-1)!
    const link = /http:\/\/console\.test\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)!
    const reset = await server.app.inject({
      method: "POST",
      url: "/api/v1/user/reset-password",
      payload: { token: link[1], password: "Client@2468", confirmPassword: "Client@2468" },
    })
    expect(reset.statusCode).toBe(200)
    const token = await server.login("access.person@example.org", "Client@2468")
    const profile = await call(server, token, "GET", "/user/getProfile")
    expect(profile.json().data.role).toBe("User")
  })

  it("sending twice (also at once) never makes two accounts; each send mails a fresh link", async () => {
    await intake(enquiryPayload(41, { email: "Twice.Person@Example.org" }), "203.0.113.41")
    const enquiry = (await findEnquiry("Twice.Person@Example.org"))!
    const before = server.outbox().length
    const answers = await Promise.all([1, 2, 3].map(() => call(server, admin, "POST", "/user/sendUserLoginAccess", { enquiryId: enquiry._id })))
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200])
    expect((await call(server, admin, "POST", "/user/sendUserLoginAccess", { enquiryId: enquiry._id })).statusCode).toBe(200)
    const accounts = await server.db.selectFrom("users").select("id").where("email", "ilike", "twice.person@example.org").execute()
    expect(accounts).toHaveLength(1)
    expect(await eventsOf(server, "user.created", accounts[0]!.id)).toHaveLength(1)
    expect(server.outbox().length - before).toBe(4)
  })

  it("reuses an existing client account whose email matches (any case)", async () => {
    await intake(enquiryPayload(42, { email: "USER@demo.test" }), "203.0.113.42")
    const enquiry = (await findEnquiry("USER@demo.test"))!
    const existing = await server.db.selectFrom("users").select("id").where("email", "=", "user@demo.test").executeTakeFirstOrThrow()
    expect((await call(server, admin, "POST", "/user/sendUserLoginAccess", { enquiryId: enquiry._id })).statusCode).toBe(200)
    const row = await server.db.selectFrom("counselling_enquiries").select("user_id").where("id", "=", enquiry._id).executeTakeFirstOrThrow()
    expect(row.user_id).toBe(existing.id)
  })

  it("refuses an enquiry whose email belongs to a vendor (409), an unknown enquiry (404) and a missing id (400)", async () => {
    await intake(enquiryPayload(43, { email: "lawyer@demo.test" }), "203.0.113.43")
    const enquiry = (await findEnquiry("lawyer@demo.test"))!
    const vendor = await call(server, admin, "POST", "/user/sendUserLoginAccess", { enquiryId: enquiry._id })
    expect(vendor.statusCode).toBe(409)
    expect(vendor.json().message).toBe("lawyer@demo.test already belongs to a Lawyer account.")
    expect((await findEnquiry("lawyer@demo.test"))!.isAccessSend).toBe(false)
    expect((await call(server, admin, "POST", "/user/sendUserLoginAccess", { enquiryId: "no-such-enquiry" })).statusCode).toBe(404)
    const missing = await call(server, admin, "POST", "/user/sendUserLoginAccess", { name: "x" })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe("enquiryId: is required")
  })

  it("refuses every other role (403) and anonymous callers (401)", async () => {
    for (const role of nonAdminRoles) {
      const token = await server.login(demoEmailOf(role))
      expect((await call(server, token, "POST", "/user/sendUserLoginAccess", { enquiryId: "x" })).statusCode, role).toBe(403)
    }
    expect((await call(server, null, "POST", "/user/sendUserLoginAccess", { enquiryId: "x" })).statusCode).toBe(401)
  })
})

describe("GET /enquiry/fetch: sort and the Access filter (issue 26)", () => {
  type Listed = { _id: string; name: string; email: string; createdAt: string; isAccessSend: boolean }
  const page = async (query: string) => {
    const res = await call(server, admin, "GET", `/enquiry/fetch?${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { data: { enquiry: Listed[] }; totalRecords: number; totalPages: number }
  }
  const everyPage = async (query: string, limit: number) => {
    const first = await page(`page=1&limit=${limit}&${query}`)
    const rows = [...first.data.enquiry]
    for (let n = 2; n <= first.totalPages; n++) rows.push(...(await page(`page=${n}&limit=${limit}&${query}`)).data.enquiry)
    return rows
  }
  const ids = (rows: Listed[]) => rows.map((e) => e._id)

  it("orders by name either way (letter case ignored) or by date either way, the same on every page; another order is 400", async () => {
    // Names whose order depends on letter case: "de Souza" sits among the Ds.
    for (const [n, name] of [
      [61, "de Souza Ana"],
      [62, "Zed Zephyr"],
      [63, "adam Early"],
    ] as const)
      expect((await intake(enquiryPayload(n, { name }), `203.0.113.${n}`)).statusCode).toBe(200)
    const byName = await everyPage("sort=name", 100)
    expect(byName.length).toBeGreaterThan(5)
    expect(byName.every((e, i) => i === 0 || nameOrderKey(byName[i - 1]!.name) <= nameOrderKey(e.name))).toBe(true)
    expect(ids(await everyPage("sort=name", 3))).toEqual(ids(byName))
    expect(ids(await everyPage("sort=-name", 3))).toEqual(ids(byName).toReversed())
    const oldest = await everyPage("sort=createdAt", 3)
    expect(ids(oldest)).toEqual(ids(await everyPage("", 100)).toReversed())
    expect(ids(await everyPage("sort=-createdAt", 4))).toEqual(ids(await everyPage("", 100)))
    const bad = await call(server, admin, "GET", "/enquiry/fetch?sort=age")
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^sort:/)
  })

  it("keeps the enquiries sent access or still waiting, with totals that follow a send, in the list's order and in the CSV; another is 400", async () => {
    const totals = async () => ({ sent: (await page("access=sent")).totalRecords, waiting: (await page("access=waiting")).totalRecords })
    const before = await totals()
    expect(before.sent + before.waiting).toBe((await page("")).totalRecords)
    await intake(enquiryPayload(70, { name: "Filter Person", email: "filter.person@example.org" }), "203.0.113.70")
    const enquiry = (await findEnquiry("filter.person@example.org"))!
    expect(await totals()).toEqual({ ...before, waiting: before.waiting + 1 })
    expect((await call(server, admin, "POST", "/user/sendUserLoginAccess", { enquiryId: enquiry._id })).statusCode).toBe(200)
    expect(await totals()).toEqual({ sent: before.sent + 1, waiting: before.waiting })
    const sent = await everyPage("access=sent&sort=name", 2)
    expect(sent.every((e) => e.isAccessSend)).toBe(true)
    expect(ids(sent)).toContain(enquiry._id)
    expect(sent.every((e, i) => i === 0 || nameOrderKey(sent[i - 1]!.name) <= nameOrderKey(e.name))).toBe(true)
    expect((await everyPage("access=waiting", 100)).every((e) => !e.isAccessSend)).toBe(true)
    const csv = await server.app.inject({ method: "GET", url: "/api/v1/export/counselling?access=sent&sort=name", headers: bearer(admin) })
    expect(csv.statusCode).toBe(200)
    const lines = csv.body.trim().split(/\r?\n/)
    expect(lines).toHaveLength(sent.length + 1)
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(sent.map((e) => e.name))
    const bad = await call(server, admin, "GET", "/enquiry/fetch?access=maybe")
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^access:/)
    expect((await server.app.inject({ method: "GET", url: "/api/v1/export/counselling?access=maybe", headers: bearer(admin) })).statusCode).toBe(400)
  })
})
