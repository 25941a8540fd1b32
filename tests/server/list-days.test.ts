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

describe("The clients lists' Joined days (issue 26)", () => {
  type Client = { _id: string; email: string; createdAt: string; counsellor?: { _id: string } | null }
  type Clients = { data: { data: Client[] }; totalRecords: number; totalPages: number }
  const clients = async (path: string, query: string): Promise<Clients> => {
    const answer = await get(`${path}?limit=100${query}`)
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json()
  }
  const idsOf = (rows: readonly Client[]) => rows.map((r) => r._id)

  for (const [name, path, file] of [
    ["UnAssign Users", "/user/unassignUser", "unassign-users"],
    ["Counselling Users", "/user/assignUser", "counselling-users"],
  ] as const)
    it(`${name} keeps the clients who joined in the range, either bound alone, in its order, paged and in its CSV`, async () => {
      const oldest = (await clients(path, "&sort=createdAt")).data.data
      expect(oldest.length).toBeGreaterThan(4)
      expect(new Set(oldest.map((r) => r.createdAt)).size).toBe(oldest.length)
      const from = oldest[1]!.createdAt
      const to = oldest[oldest.length - 1]!.createdAt
      const inside = oldest.slice(1, oldest.length - 1)
      const ranged = await clients(path, `&sort=createdAt&from=${from}&to=${to}`)
      expect([idsOf(ranged.data.data), ranged.totalRecords]).toEqual([idsOf(inside), inside.length])
      expect(idsOf((await clients(path, `&from=${from}&to=${to}`)).data.data)).toEqual(idsOf([...inside].reverse()))
      expect((await clients(path, `&from=${from}`)).totalRecords).toBe(oldest.length - 1)
      expect((await clients(path, `&to=${to}`)).totalRecords).toBe(oldest.length - 1)
      // The far half of a range is read from its oldest end: page 2 of 2 holds the range's oldest.
      const last = (await get(`${path}?page=2&limit=${inside.length - 1}&from=${from}&to=${to}`)).json() as Clients
      expect([idsOf(last.data.data), last.totalPages]).toEqual([[inside[0]!._id], 2])

      const csv = await get(`/export/${file}?sort=createdAt&from=${from}&to=${to}`)
      expect(csv.statusCode).toBe(200)
      expect(
        parseCsv(csv.body)
          .slice(1)
          .map((row) => row[1]),
      ).toEqual(inside.map((r) => r.email))
      const refused = await get(`${path}?from=${to}&to=${from}`)
      expect([refused.statusCode, refused.json().message]).toEqual([400, "to: must be later than from"])
    })

  it("Counselling Users keeps one counsellor's clients inside the days", async () => {
    const oldest = (await clients("/user/assignUser", "&sort=createdAt")).data.data
    const counsellorId = oldest[0]!.counsellor!._id
    const theirs = oldest.filter((r) => r.counsellor?._id === counsellorId)
    const from = theirs[0]!.createdAt
    const to = new Date(Date.parse(theirs.at(-1)!.createdAt) + 1).toISOString()
    const narrowed = await clients("/user/assignUser", `&sort=createdAt&counsellorId=${counsellorId}&from=${from}&to=${to}`)
    expect([idsOf(narrowed.data.data), narrowed.totalRecords]).toEqual([idsOf(theirs), theirs.length])
    const later = await clients("/user/assignUser", `&counsellorId=${counsellorId}&from=${to}`)
    expect([later.data.data, later.totalRecords]).toEqual([[], 0])
  })
})

describe("Blogs' Created days (issue 26)", () => {
  type Blog = { _id: string; slug: string; createdAt: string; status: boolean }
  type Blogs = { data: Blog[]; pagination: { total: number } }
  const blogs = async (query: string): Promise<Blogs> => {
    const answer = await get(`/blog/get?limit=100${query}`)
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json()
  }

  it("keeps the blogs created in the range, either bound alone, beside Status and in its CSV; a reversed range is refused", async () => {
    const oldest = (await blogs("&sort=createdAt")).data
    expect(oldest.length).toBeGreaterThan(4)
    expect(new Set(oldest.map((b) => b.createdAt)).size).toBe(oldest.length)
    const from = oldest[1]!.createdAt
    const to = oldest[oldest.length - 1]!.createdAt
    const inside = oldest.slice(1, oldest.length - 1)
    const ranged = await blogs(`&sort=createdAt&from=${from}&to=${to}`)
    expect([ranged.data.map((b) => b._id), ranged.pagination.total]).toEqual([inside.map((b) => b._id), inside.length])
    expect((await blogs(`&from=${from}`)).pagination.total).toBe(oldest.length - 1)
    expect((await blogs(`&to=${to}`)).pagination.total).toBe(oldest.length - 1)
    const active = inside.filter((b) => b.status)
    expect((await blogs(`&sort=createdAt&status=active&from=${from}&to=${to}`)).data.map((b) => b._id)).toEqual(active.map((b) => b._id))

    const csv = await get(`/export/blogs?sort=createdAt&from=${from}&to=${to}`)
    expect(csv.statusCode).toBe(200)
    expect(
      parseCsv(csv.body)
        .slice(1)
        .map((row) => row[1]),
    ).toEqual(inside.map((b) => b.slug))
    const refused = await get(`/blog/get?from=${to}&to=${from}`)
    expect([refused.statusCode, refused.json().message]).toEqual([400, "to: must be later than from"])
  })
})
