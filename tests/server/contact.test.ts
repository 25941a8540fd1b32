import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { nameOrderKey } from "../fixtures/name-order.ts"
import { parseCsv } from "./csv-reader.ts"
import { explainRefusals } from "./openapi-validator.ts"
// Refusals of requests the API document calls valid, provoked here on purpose, with what explains each.
explainRefusals([["to: must be later than from", "the Received filter's range ends where it starts or before"]])

let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
})
afterAll(() => server.close())

const list = (query = "", token = admin) => server.app.inject({ method: "GET", url: `/api/v1/contact/fetchEnquiry${query}`, headers: bearer(token) })
let address = 0
/** Each call from its own client address unless one is given, so the rate limit only bites where a test wants it. */
const create = (payload: object, remoteAddress = `10.0.0.${++address}`) =>
  server.app.inject({ method: "POST", url: "/api/v1/contact/create", payload, remoteAddress })

const enquiry = {
  name: "Mira Sen",
  email: "mira.sen@example.org",
  number: "+91 98200 12345",
  city: "Pune",
  state: "Maharashtra",
  message: "Please call me about yoga classes.",
}

describe("GET /contact/fetchEnquiry", () => {
  it("pages 10 at a time by default, newest first, with the seeded total", async () => {
    const body = (await list()).json()
    expect(body.totalRecords).toBe(24)
    expect(body.enquiry).toHaveLength(10)
    expect(Object.keys(body.enquiry[0]).sort()).toEqual(["_id", "city", "createdAt", "email", "message", "name", "number", "state"])
    const times = body.enquiry.map((e: { createdAt: string }) => Date.parse(e.createdAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    const p3 = (await list("?page=3")).json()
    expect(p3.enquiry).toHaveLength(4)
    const all = (await list("?limit=100")).json().enquiry
    expect(p3.enquiry.map((e: { _id: string }) => e._id)).toEqual(all.slice(20).map((e: { _id: string }) => e._id))
  })

  it("searches name, email or number", async () => {
    const [first] = (await list()).json().enquiry
    for (const term of [first.name, first.email.toUpperCase(), first.number]) {
      const body = (await list(`?search=${encodeURIComponent(term)}`)).json()
      expect(
        body.enquiry.map((e: { _id: string }) => e._id),
        term,
      ).toContain(first._id)
      expect(body.totalRecords).toBe(body.enquiry.length)
    }
    expect((await list("?search=nobody-matches-this")).json()).toEqual({ success: true, enquiry: [], totalRecords: 0 })
  })

  it("orders by name either way (letter case ignored) or by date either way, on every page; another sort is 400", async () => {
    type Row = { _id: string; name: string; createdAt: string }
    const everyPage = async (sort: string) => {
      const rows: Row[] = []
      for (let page = 1; page <= 3; page++) rows.push(...(await list(`?page=${page}&sort=${sort}`)).json().enquiry)
      return rows
    }
    const byName = await everyPage("name")
    expect(byName).toHaveLength(24)
    expect(byName.every((row, i) => i === 0 || nameOrderKey(byName[i - 1]!.name) <= nameOrderKey(row.name))).toBe(true)
    const byNameDown = await everyPage("-name")
    expect(byNameDown.map((row) => row._id)).toEqual([...byName].reverse().map((row) => row._id))
    const oldest = await everyPage("createdAt")
    expect(oldest.every((row, i) => i === 0 || Date.parse(oldest[i - 1]!.createdAt) <= Date.parse(row.createdAt))).toBe(true)
    const newest = (await list("?limit=100&sort=-createdAt")).json().enquiry
    expect(newest.map((row: Row) => row._id)).toEqual((await list("?limit=100")).json().enquiry.map((row: Row) => row._id))
    // A search keeps the order it is given.
    const searched = (await list(`?search=${encodeURIComponent("@")}&sort=-name&limit=100`)).json().enquiry as Row[]
    expect(searched.every((row, i) => i === 0 || nameOrderKey(searched[i - 1]!.name) >= nameOrderKey(row.name))).toBe(true)
    const bad = await list("?sort=city")
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/sort/)
  })

  it("keeps the enquiries sent in a range (from inclusive, to exclusive), either bound alone, with a search, and in its CSV", async () => {
    type Row = { _id: string; email: string; createdAt: string }
    const oldest = (await list("?limit=100&sort=createdAt")).json().enquiry as Row[]
    expect(new Set(oldest.map((r) => r.createdAt)).size).toBe(oldest.length)
    const from = oldest[5]!.createdAt
    const to = oldest[15]!.createdAt
    const ids = (rows: Row[]) => rows.map((r) => r._id)
    const ranged = (await list(`?limit=100&sort=createdAt&from=${from}&to=${to}`)).json()
    expect(ids(ranged.enquiry)).toEqual(ids(oldest.slice(5, 15)))
    expect(ranged.totalRecords).toBe(10)
    // Paged, the total is the range's.
    const page2 = (await list(`?page=2&limit=4&sort=createdAt&from=${from}&to=${to}`)).json()
    expect([ids(page2.enquiry), page2.totalRecords]).toEqual([ids(oldest.slice(9, 13)), 10])
    expect((await list(`?limit=100&from=${from}`)).json().totalRecords).toBe(oldest.length - 5)
    expect((await list(`?limit=100&to=${to}`)).json().totalRecords).toBe(15)
    // With a zone other than UTC, the same instant.
    const fromInIndia = new Date(Date.parse(from) + 330 * 60_000).toISOString().replace("Z", "+05:30")
    expect((await list(`?limit=100&from=${encodeURIComponent(fromInIndia)}&to=${to}`)).json().totalRecords).toBe(10)
    expect((await list(`?limit=100&search=${encodeURIComponent("@")}&from=${from}&to=${to}`)).json().totalRecords).toBe(10)
    for (const [a, b] of [
      [to, from],
      [from, from],
    ]) {
      const refused = await list(`?from=${a}&to=${b}`)
      expect(refused.statusCode).toBe(400)
      expect(refused.json().message).toBe("to: must be later than from")
    }
    const csv = await server.app.inject({ method: "GET", url: `/api/v1/export/enquiries?sort=createdAt&from=${from}&to=${to}`, headers: bearer(admin) })
    expect(csv.statusCode).toBe(200)
    const emails = parseCsv(csv.body)
      .slice(1)
      .map((row) => row[1])
    expect(emails).toEqual(oldest.slice(5, 15).map((r) => r.email))
  })

  it("exports its CSV in the order asked for", async () => {
    const csv = await server.app.inject({ method: "GET", url: "/api/v1/export/enquiries?sort=name", headers: bearer(admin) })
    expect(csv.statusCode).toBe(200)
    const names = csv.body
      .trim()
      .split("\n")
      .slice(1)
      .map((line) => line.split(",")[0]!.replace(/^"|"$/g, ""))
    const byName = (await list("?limit=100&sort=name")).json().enquiry.map((row: { name: string }) => row.name)
    expect(names).toEqual(byName)
  })

  it("is Admin only", async () => {
    expect((await server.app.inject({ method: "GET", url: "/api/v1/contact/fetchEnquiry" })).statusCode).toBe(401)
    for (const email of ["editor", "lawyer", "counsellor", "nutritionist", "yogateacher", "imageconsultant", "user"].map((r) => `${r}@demo.test`)) {
      expect((await list("", await server.login(email))).statusCode, email).toBe(403)
    }
  })
})

describe("POST /contact/create (public)", () => {
  it("stores the enquiry, counts it and shows it first in All Enquiries", async () => {
    const before = (await list()).json().totalRecords
    const res = await create(enquiry)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ success: true, data: { ...enquiry, _id: expect.any(String), createdAt: expect.any(String) } })
    const after = (await list()).json()
    expect(after.totalRecords).toBe(before + 1)
    expect(after.enquiry[0]._id).toBe(body.data._id)
    const counts = (await server.app.inject({ method: "GET", url: "/api/v1/dashboard/peopleCounts", headers: bearer(admin) })).json()
    expect(counts.data.enquiries).toBe(before + 1)
    const event = await server.db.selectFrom("events").selectAll().where("entity_id", "=", body.data._id).executeTakeFirstOrThrow()
    expect(event).toMatchObject({ entity_type: "contactEnquiry", type: "contactEnquiry.created", actor_id: null })
  })

  it("trims fields and treats an empty message as none", async () => {
    const res = await create({ ...enquiry, name: "  Ravi Kumar ", email: " ravi@example.org ", message: "   " })
    expect(res.json().data).toMatchObject({ name: "Ravi Kumar", email: "ravi@example.org", message: null })
    expect((await create({ ...enquiry, message: undefined })).json().data.message).toBeNull()
  })

  it.each([
    [{ ...enquiry, name: " " }, "name: is required"],
    [{ ...enquiry, email: "not-an-email" }, "email: must be a valid email address"],
    [{ ...enquiry, number: "call me" }, "number: must be a phone number (digits, spaces, dashes, optional leading +)"],
    [{ ...enquiry, city: undefined }, "city: is required"],
    [{ ...enquiry, state: "x".repeat(101) }, "state: must be at most 100 characters"],
    [{ ...enquiry, message: "x".repeat(2001) }, "message: must be at most 2000 characters"],
  ])("refuses bad input with 400 naming the field (%#)", async (payload, message) => {
    const before = (await list()).json().totalRecords
    const res = await create(payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
    expect((await list()).json().totalRecords).toBe(before)
  })

  it("allows 5 enquiries per client address in 10 minutes, then answers 429", async () => {
    const from = "192.0.2.7"
    for (let i = 0; i < 5; i++) expect((await create({ ...enquiry, name: `Limit ${i}` }, from)).statusCode).toBe(200)
    const refused = await create(enquiry, from)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toBe("Too many enquiries from this address. Please try again in 10 minutes.")
    // Every 429 says when to try again: here when the first of the five leaves the 10-minute window.
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0)
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(600)
    expect((await list("?search=Limit")).json().totalRecords).toBe(5)
    expect((await create(enquiry, "192.0.2.8")).statusCode).toBe(200)
    server.clock.now += 10 * 60 * 1000 + 1
    expect((await create(enquiry, from)).statusCode).toBe(200)
  })
})
