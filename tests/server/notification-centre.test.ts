import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { call, enquiryPayload } from "./counselling-fixtures.ts"
import { partnerForm } from "./partner-form.ts"
import { multipart } from "./ticket-fixtures.ts"
import { openLiveStream } from "../fixtures/live-stream.ts"
import { explainRefusals } from "./openapi-validator.ts"
import type { VendorRole } from "../../src/api/contract/common.ts"

explainRefusals([
  ["preferences: Password changed emails are always sent", "a kind whose mail cannot be switched off (the preferences list says mailOptional: false)"],
  ['preferences: there is no kind of notification "ticket.raised" for you', "a kind the caller's role never receives (absent from their preferences list)"],
  ['preferences: "session.booked" is listed more than once', "one kind twice in one request (the request's description: each kind at most once)"],
])

/**
 * The in-app notification centre (issue 23): every notification also lands in its recipient's
 * inbox, in the change's transaction; the bell counts the unread; a person marks one or all read and
 * chooses, per kind, whether it is also mailed.
 */
let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
})
afterAll(() => server.close())

type Item = { _id: string; kind: string; title: string; link: string; createdAt: string; read: boolean }
const inbox = async (token: string, query = "") =>
  (await call(server, token, "GET", `/notifications${query}`)).json() as { data: Item[]; totalRecords: number; unread: number; currentPage: number }
const unread = async (token: string) => (await call(server, token, "GET", "/notifications/unread")).json().data.unread as number
const userOf = (email: string) => server.db.selectFrom("users").select(["id", "email"]).where("email", "=", email).executeTakeFirstOrThrow()
/** A vendor still under review, who can sign in with the demo password once an Admin lets them in. */
async function vendorUnderReview(role: VendorRole) {
  const vendor = await server.db
    .selectFrom("users")
    .select(["id", "email"])
    .where("status", "=", "Under Review")
    .where("role", "=", role)
    .orderBy("email")
    .executeTakeFirstOrThrow()
  const demo = await server.db.selectFrom("users").select("password_hash").where("email", "=", "lawyer@demo.test").executeTakeFirstOrThrow()
  await server.db.updateTable("users").set({ password_hash: demo.password_hash }).where("id", "=", vendor.id).execute()
  return vendor
}
const outboxRows = (kind: string, recipient: string) =>
  server.db.selectFrom("outbox").select("id").where("kind", "=", kind).where("recipient", "=", recipient).execute()

describe("the notification centre", () => {
  it("gives a vendor an unread notification of their status change, leading to their profile, that they mark read", async () => {
    const vendor = await vendorUnderReview("Nutritionist")
    expect((await call(server, admin, "PATCH", "/user/updateUser", { userId: vendor.id, status: "Temp Approve" })).statusCode).toBe(200)
    const token = await server.login(vendor.email)
    const before = 0

    const page = await inbox(token)
    expect(page.unread).toBe(before + 1)
    expect(await unread(token)).toBe(before + 1)
    const item = page.data[0]!
    expect(item).toMatchObject({ kind: "vendor.statusChanged", title: "Your partner account: Temporarily approved", link: "/profile", read: false })
    expect(Date.parse(item.createdAt)).toBe(server.clock.now)

    // Someone else cannot read it, nor find out it exists.
    expect((await call(server, admin, "POST", `/notifications/read/${item._id}`)).statusCode).toBe(404)
    expect((await call(server, token, "POST", "/notifications/read/not-an-id")).statusCode).toBe(404)
    const read = await call(server, token, "POST", `/notifications/read/${item._id}`)
    expect(read.statusCode).toBe(200)
    expect(read.json().data.unread).toBe(before)
    expect((await inbox(token)).data[0]!.read).toBe(true)
    // Reading it again changes nothing.
    expect((await call(server, token, "POST", `/notifications/read/${item._id}`)).json().data.unread).toBe(before)
  })

  it("marks every notification read at once, and pages newest first", async () => {
    const lawyer = await server.login("lawyer@demo.test")
    for (const query of ["First", "Second", "Third"]) {
      const body = multipart({ ticketType: "General", query })
      const raised = await server.app.inject({
        method: "POST",
        url: "/api/v1/userQuery/create",
        payload: body.payload,
        headers: { ...body.headers, ...bearer(lawyer) },
      })
      const queryId = raised.json().data.queryId as string
      expect((await call(server, admin, "POST", "/userQuery/addResponse", { queryId, question: "", answer: `About ${query}` })).statusCode).toBe(200)
      server.clock.now += 1000
    }
    const first = await inbox(lawyer, "?page=1&limit=2")
    expect(first.data).toHaveLength(2)
    expect(first.data.map((i) => i.kind)).toEqual(["ticket.answered", "ticket.answered"])
    expect(Date.parse(first.data[0]!.createdAt)).toBeGreaterThan(Date.parse(first.data[1]!.createdAt))
    expect(first.data[0]!.link).toMatch(/^\/ticket\/[0-9a-f-]{36}$/)
    expect((await inbox(lawyer, "?page=2&limit=2")).currentPage).toBe(2)
    expect(first.unread).toBeGreaterThanOrEqual(3)

    expect((await call(server, lawyer, "POST", "/notifications/read-all")).json().data.unread).toBe(0)
    expect(await unread(lawyer)).toBe(0)
    expect((await inbox(lawyer)).data.every((i) => i.read)).toBe(true)
  })

  it("tells an Admin of new tickets, new enquiries and new partner applications, each leading to its record", async () => {
    await call(server, admin, "POST", "/notifications/read-all")
    const user = await server.login("user@demo.test")
    const body = multipart({ ticketType: "General", query: "Admins hear of me" })
    const raised = await server.app.inject({
      method: "POST",
      url: "/api/v1/userQuery/create",
      payload: body.payload,
      headers: { ...body.headers, ...bearer(user) },
    })
    const queryId = raised.json().data.queryId as string
    const contact = { name: "Ira Das", email: "ira.das@example.org", number: "+91 98200 55555", city: "Goa", state: "Goa", message: "Hello" }
    expect((await server.app.inject({ method: "POST", url: "/api/v1/contact/create", payload: contact, remoteAddress: "198.51.100.7" })).statusCode).toBe(200)
    expect(
      (await server.app.inject({ method: "POST", url: "/api/v1/enquiry/create", payload: enquiryPayload(931), remoteAddress: "198.51.100.8" })).statusCode,
    ).toBe(200)
    const form = await partnerForm("centre.partner@example.org")
    expect(
      (
        await server.app.inject({
          method: "POST",
          url: "/api/v1/user/partnerSignup",
          payload: form.payload,
          headers: form.headers,
          remoteAddress: "198.51.100.9",
        })
      ).statusCode,
    ).toBe(200)
    const partner = await userOf("centre.partner@example.org")

    const items = (await inbox(admin)).data
    expect(items.filter((i) => !i.read).map((i) => [i.kind, i.title, i.link])).toEqual([
      ["partner.applied", expect.stringMatching(/^New partner application: /), `/vendor-details/${partner.id}`],
      ["enquiry.received", expect.stringMatching(/^New counselling enquiry from /), "/counselling"],
      ["enquiry.received", "New enquiry from Ira Das", "/enquiries"],
      ["ticket.raised", expect.stringMatching(/^New ticket: /), `/ticket/${queryId}`],
    ])
    // Mail of new applications and enquiries is off until an Admin switches it on.
    expect(await outboxRows("partner.applied", "admin@demo.test")).toHaveLength(0)
    expect(await outboxRows("enquiry.received", "admin@demo.test")).toHaveLength(0)
  })

  it("lists each role's kinds with their mail setting, and mails or not as the person chose", async () => {
    const lawyer = await vendorUnderReview("Lawyer")
    expect((await call(server, admin, "PATCH", "/user/updateUser", { userId: lawyer.id, status: "Temp Approve" })).statusCode).toBe(200)
    const token = await server.login(lawyer.email)
    const prefs = (await call(server, token, "GET", "/notifications/preferences")).json().data as Array<{
      kind: string
      label: string
      mail: boolean
      mailOptional: boolean
    }>
    expect(prefs.find((p) => p.kind === "vendor.statusChanged")).toEqual({
      kind: "vendor.statusChanged",
      label: "Vendor status changed",
      mail: true,
      mailOptional: true,
    })
    expect(prefs.find((p) => p.kind === "password.changed")).toMatchObject({ mail: true, mailOptional: false })
    expect(prefs.some((p) => p.kind === "ticket.raised" || p.kind === "editor.invited")).toBe(false)

    const off = await call(server, token, "PATCH", "/notifications/preferences", { preferences: [{ kind: "vendor.statusChanged", mail: false }] })
    expect(off.statusCode).toBe(200)
    expect(off.json().data.find((p: { kind: string }) => p.kind === "vendor.statusChanged").mail).toBe(false)
    const mailsBefore = (await outboxRows("vendor.statusChanged", lawyer.email)).length
    const inboxBefore = (await inbox(token)).totalRecords
    expect((await call(server, admin, "PATCH", "/user/updateUser", { userId: lawyer.id, status: "Approve" })).statusCode).toBe(200)
    expect(await outboxRows("vendor.statusChanged", lawyer.email)).toHaveLength(mailsBefore)
    expect((await inbox(token)).totalRecords).toBe(inboxBefore + 1)

    // Refused whole: what is always mailed, a kind that is not theirs, one that does not exist.
    for (const [kind, message] of [
      ["password.changed", "preferences: Password changed emails are always sent"],
      ["ticket.raised", 'preferences: there is no kind of notification "ticket.raised" for you'],
      ["nope", /^preferences\.1\.kind: Expected "vendor\.statusChanged" \| /],
    ] as const) {
      const res = await call(server, token, "PATCH", "/notifications/preferences", {
        preferences: [
          { kind: "session.booked", mail: false },
          { kind, mail: false },
        ],
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(message)
    }
    expect((await call(server, token, "GET", "/notifications/preferences")).json().data.find((p: { kind: string }) => p.kind === "session.booked").mail).toBe(
      true,
    )
    expect((await call(server, token, "PATCH", "/notifications/preferences", { preferences: [] })).statusCode).toBe(400)
    // One kind twice (found by the stateful fuzz: it was a 500, two writes of one row in one statement).
    const twice = await call(server, token, "PATCH", "/notifications/preferences", {
      preferences: [
        { kind: "session.booked", mail: false },
        { kind: "session.booked", mail: true },
      ],
    })
    expect(twice.statusCode).toBe(400)
    expect(twice.json().message).toBe('preferences: "session.booked" is listed more than once')

    // An Admin who switches new-enquiry mail on gets it.
    expect((await call(server, admin, "PATCH", "/notifications/preferences", { preferences: [{ kind: "enquiry.received", mail: true }] })).statusCode).toBe(200)
    const contact = { name: "Noor Ali", email: "noor.ali@example.org", number: "+91 98200 66666", city: "Agra", state: "Uttar Pradesh" }
    expect((await server.app.inject({ method: "POST", url: "/api/v1/contact/create", payload: contact, remoteAddress: "198.51.100.10" })).statusCode).toBe(200)
    await server.deliverMail()
    await expect.poll(() => server.outbox().some((m) => m.to.includes("admin@demo.test") && m.raw.includes("New enquiry from Noor Ali"))).toBe(true)
  })

  it("is only the caller's: signed out, every call is refused", async () => {
    for (const [method, url] of [
      ["GET", "/notifications"],
      ["GET", "/notifications/unread"],
      ["POST", "/notifications/read-all"],
      ["GET", "/notifications/preferences"],
    ] as const) {
      expect((await call(server, null, method, url)).statusCode).toBe(401)
    }
  })
})

describe("the bell on an open tab", () => {
  it("hears of a new notification over the live stream, and only its recipient does", async () => {
    const base = await server.app.listen({ port: 0, host: "127.0.0.1" })
    const lawyer = await server.login("lawyer@demo.test")
    const other = await server.login("counsellor@demo.test")
    const [mine, theirs] = await Promise.all([openLiveStream(base, lawyer), openLiveStream(base, other)])
    const body = multipart({ ticketType: "General", query: "Ring my bell" })
    const raised = await server.app.inject({
      method: "POST",
      url: "/api/v1/userQuery/create",
      payload: body.payload,
      headers: { ...body.headers, ...bearer(lawyer) },
    })
    const queryId = raised.json().data.queryId as string
    expect((await call(server, admin, "POST", "/userQuery/addResponse", { queryId, question: "", answer: "Ding" })).statusCode).toBe(200)
    expect(await mine.next("notification.new")).toEqual({ type: "notification.new" })
    await expect(theirs.next("notification.new", 500)).rejects.toThrow()
    mine.close()
    theirs.close()
  })
})
