import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { parseCsv } from "./csv-reader.ts"
import { explainRefusals } from "./openapi-validator.ts"
import { partnerFields } from "./partner-form.ts"
import { multipart, solidPng } from "../fixtures/images.ts"
// Refusals of requests the API document calls valid, provoked here on purpose, with what explains each.
explainRefusals([["to: must be later than from", "the Joined or Received filter's range ends where it starts or before"]])

let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
})
afterAll(() => server.close())

type Row = { _id: string; name: string; email: string; createdAt: string }
type Answer = { data: Row[]; totalRecords: number; totalCapped?: boolean }
const get = (url: string) => server.app.inject({ method: "GET", url: `/api/v1${url}`, headers: bearer(admin) })
const read = async (url: string): Promise<Answer> => {
  const answer = await get(url)
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json()
}
const ids = (rows: readonly Row[]) => rows.map((r) => r._id)
const joinedIn = (rows: readonly Row[], from: string, to: string) => rows.filter((r) => r.createdAt >= from && r.createdAt < to)

let signUps = 0
/** Partners signing up a minute apart on the server's clock (each from its own address), so a bound falls between two of them. */
async function signUpVendors(role: string, count: number) {
  for (let i = 0; i < count; i++) {
    server.clock.now += 60_000
    const n = ++signUps
    const form = new FormData()
    for (const [k, v] of Object.entries({ ...partnerFields(`partner.${n}@joined.test`), role, name: `Joined ${role} ${i}`, number: String(9700000000 + n) }))
      form.append(k, v)
    form.append("certificationImg", new Blob([new Uint8Array(solidPng())], { type: "image/png" }), "cert.png")
    const { payload, headers } = await multipart(form)
    const answer = await server.app.inject({ method: "POST", url: "/api/v1/user/partnerSignup", headers, payload, remoteAddress: `10.9.0.${n}` })
    expect(answer.statusCode, answer.body).toBe(200)
  }
}

describe("The people lists' Joined days (issue 26)", () => {
  it("a role list keeps the people who joined in the range (from inclusive, to exclusive), either bound alone, in its order, paged, searched and in its CSV", async () => {
    const oldest = (await read("/user/Lawyer?limit=100&sort=createdAt")).data
    expect(oldest.length).toBeGreaterThan(8)
    expect(new Set(oldest.map((r) => r.createdAt)).size).toBe(oldest.length)
    const from = oldest[2]!.createdAt
    const to = oldest[oldest.length - 2]!.createdAt
    const inside = oldest.slice(2, oldest.length - 2)

    const ranged = await read(`/user/Lawyer?limit=100&sort=createdAt&from=${from}&to=${to}`)
    expect([ids(ranged.data), ranged.totalRecords, ranged.totalCapped]).toEqual([ids(inside), inside.length, undefined])
    // Newest first (the list's own order) and by name, inside the same days.
    expect(ids((await read(`/user/Lawyer?limit=100&from=${from}&to=${to}`)).data)).toEqual(ids([...inside].reverse()))
    const byName = (await read(`/user/Lawyer?limit=100&sort=name&from=${from}&to=${to}`)).data
    expect(new Set(ids(byName))).toEqual(new Set(ids(inside)))
    expect(byName.map((r) => r.name.toLowerCase())).toEqual(byName.map((r) => r.name.toLowerCase()).sort((a, b) => a.localeCompare(b, "en")))
    // Paged, the total is the range's.
    const page2 = await read(`/user/Lawyer?page=2&limit=2&sort=createdAt&from=${from}&to=${to}`)
    expect([ids(page2.data), page2.totalRecords]).toEqual([ids(inside.slice(2, 4)), inside.length])
    expect((await read(`/user/Lawyer?limit=100&from=${from}`)).totalRecords).toBe(oldest.length - 2)
    expect((await read(`/user/Lawyer?limit=100&to=${to}`)).totalRecords).toBe(oldest.length - 2)
    // A search inside the days.
    const one = inside[1]!
    const searched = await read(`/user/Lawyer?limit=100&search=${encodeURIComponent(one.email)}&from=${from}&to=${to}`)
    expect(ids(searched.data)).toEqual([one._id])
    expect((await read(`/user/Lawyer?limit=100&search=${encodeURIComponent(oldest[0]!.email)}&from=${from}&to=${to}`)).totalRecords).toBe(0)

    const csv = await get(`/export/lawyer?sort=createdAt&from=${from}&to=${to}`)
    expect(csv.statusCode).toBe(200)
    const emails = parseCsv(csv.body)
      .slice(1)
      .map((row) => row[1])
    expect(emails).toEqual(inside.map((r) => r.email))
  })

  it("a review list keeps the vendors who joined in the range, with its Role filter and its CSV", async () => {
    await signUpVendors("Nutritionist", 4)
    await signUpVendors("YogaTeacher", 3)
    const all = (await read("/user/allUsers/pending?limit=100&sort=createdAt")).data
    const mine = all.filter((r) => r.email.endsWith("@joined.test"))
    expect(mine).toHaveLength(7)
    const from = mine[1]!.createdAt
    const to = mine[6]!.createdAt
    const expected = joinedIn(all, from, to)
    expect(ids(expected)).toEqual(ids(mine.slice(1, 6)))

    const ranged = await read(`/user/allUsers/pending?limit=100&sort=createdAt&from=${from}&to=${to}`)
    expect([ids(ranged.data), ranged.totalRecords]).toEqual([ids(expected), 5])
    const yoga = await read(`/user/allUsers/pending?limit=100&sort=createdAt&role=YogaTeacher&from=${from}&to=${to}`)
    expect([ids(yoga.data), yoga.totalRecords]).toEqual([ids(mine.slice(4, 6)), 2])

    const csv = await get(`/export/under-review-vendors?sort=createdAt&role=Nutritionist&from=${from}&to=${to}`)
    expect(csv.statusCode).toBe(200)
    expect(
      parseCsv(csv.body)
        .slice(1)
        .map((row) => row[1]),
    ).toEqual(mine.slice(1, 4).map((r) => r.email))
  })

  it("refuses a range that ends where it starts or before, and a date that is not one", async () => {
    const [a, b] = ["2026-11-01T00:00:00.000Z", "2026-11-02T00:00:00.000Z"]
    for (const url of [`/user/Lawyer?from=${b}&to=${a}`, `/user/Lawyer?from=${a}&to=${a}`, `/user/allUsers/temp?from=${b}&to=${a}`]) {
      const refused = await get(url)
      expect(refused.statusCode).toBe(400)
      expect(refused.json().message).toBe("to: must be later than from")
    }
    const notADate = await get("/user/Lawyer?from=yesterday")
    expect(notADate.statusCode).toBe(400)
  })
})

describe("1:1 Counselling's Received days (issue 26)", () => {
  type Enquiry = { _id: string; email: string; createdAt: string; isAccessSend: boolean }
  type Enquiries = { data: { enquiry: Enquiry[] }; totalRecords: number }
  const enquiries = async (query: string): Promise<Enquiries> => {
    const answer = await get(`/enquiry/fetch?limit=100${query}`)
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json()
  }

  it("keeps the enquiries received in the range, either bound alone, beside Access, paged and in its CSV; a reversed range is refused", async () => {
    const oldest = (await enquiries("&sort=createdAt")).data.enquiry
    expect(oldest.length).toBeGreaterThan(6)
    expect(new Set(oldest.map((e) => e.createdAt)).size).toBe(oldest.length)
    const from = oldest[1]!.createdAt
    const to = oldest[oldest.length - 2]!.createdAt
    const inside = oldest.slice(1, oldest.length - 2)
    const ranged = await enquiries(`&sort=createdAt&from=${from}&to=${to}`)
    expect([ranged.data.enquiry.map((e) => e._id), ranged.totalRecords]).toEqual([inside.map((e) => e._id), inside.length])
    expect((await enquiries(`&from=${from}`)).totalRecords).toBe(oldest.length - 1)
    expect((await enquiries(`&to=${to}`)).totalRecords).toBe(oldest.length - 2)
    const page2 = await get(`/enquiry/fetch?page=2&limit=2&sort=createdAt&from=${from}&to=${to}`)
    expect(page2.json().data.enquiry.map((e: Enquiry) => e._id)).toEqual(inside.slice(2, 4).map((e) => e._id))
    const waiting = inside.filter((e) => !e.isAccessSend)
    expect((await enquiries(`&sort=createdAt&access=waiting&from=${from}&to=${to}`)).data.enquiry.map((e) => e._id)).toEqual(waiting.map((e) => e._id))

    const csv = await get(`/export/counselling?sort=createdAt&from=${from}&to=${to}`)
    expect(csv.statusCode).toBe(200)
    expect(
      parseCsv(csv.body)
        .slice(1)
        .map((row) => row[1]),
    ).toEqual(inside.map((e) => e.email))

    const refused = await get(`/enquiry/fetch?from=${to}&to=${from}`)
    expect([refused.statusCode, refused.json().message]).toEqual([400, "to: must be later than from"])
  })
})
