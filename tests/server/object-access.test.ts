import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Role } from "../../src/api/contract/common.ts"
import { canCall, type Endpoint } from "../../src/api/contract/endpoint.ts"
import { endpoints } from "../../src/api/contract/endpoints.ts"
import { assignedClient, call, DAY, minuteAfter, utcSlot } from "./counselling-fixtures.ts"
import { fieldNames, schemaSamples, tablesFingerprint, urlOf } from "./contract-inputs.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { multipart, pngImage } from "./ticket-fixtures.ts"

/**
 * Object-level access, generated from the endpoint table: two clients and two counsellors, each with a
 * ticket (attachment, chat message), a session and a profile. Every call one of them may make is tried
 * with each id of every other person in each id slot (path params, body fields named `…Id`/`id`): it is
 * refused (400/403/404), no table changes, and nothing of the other person's shows in the answer.
 * Calls without an id slot must not show another person's data either; writes without one are listed.
 */
interface Party {
  label: string
  role: Role
  userId: string
  token: string
  /** Every id of this person's things: user, ticket row and number, session and meeting key. */
  ids: string[]
  /** Text only this person's own ticket contains. */
  marker: string
  /** Every text of this person's things (their ticket's, and their sessions', shared with the other side). */
  markers: string[]
}

/** Writes that act on the caller's own account only, by construction: no id is taken from the request. */
const SELF_WRITES = new Set([
  "createTicket",
  "saveMyAvailability",
  "updateCurrentPassword",
  "login",
  "resetPasswordLink",
  "resetPassword",
  "partnerSignup",
  "createCounsellingEnquiry",
  "createEnquiry",
  "logout",
  "logoutOtherDevices",
  "refreshToken",
  "startTwoFactor",
  "enableTwoFactor",
  "disableTwoFactor",
  "loginTwoFactor",
  "markAllNotificationsRead",
  "updateNotificationPreferences",
  "createCalendarFeed",
  "revokeCalendarFeed",
  "setMyTimeZone",
  "saveView",
  "updateOwnProfile",
  "withdrawProfileChange",
])

let server: TestServer
let admin: string
const parties: Party[] = []

async function makeParty(label: string, role: Role, userId: string): Promise<Party> {
  // Give the seeded person the demo password so they can sign in.
  const hash = await server.db.selectFrom("users").select("password_hash").where("email", "=", "user@demo.test").executeTakeFirstOrThrow()
  const row = await server.db
    .updateTable("users")
    .set({ password_hash: hash.password_hash })
    .where("id", "=", userId)
    .returning("email")
    .executeTakeFirstOrThrow()
  const token = await server.login(row.email)
  const marker = `SECRET-${label}-${Math.random().toString(36).slice(2, 8)}`
  const form = multipart({ ticketType: "General", query: `${marker} ticket` }, [
    { field: "image", filename: "a.png", contentType: "image/png", data: pngImage() },
  ])
  const ticket = await server.app.inject({
    method: "POST",
    url: "/api/v1/userQuery/create",
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  })
  expect(ticket.statusCode, ticket.body).toBe(200)
  const { _id, ticketId } = ticket.json().data as { _id: string; ticketId: string }
  const reply = await call(server, token, "POST", "/userQuery/addResponse", { question: `${marker} message`, answer: "", queryId: _id })
  expect(reply.statusCode, reply.body).toBe(200)
  // A saved view of their own list, named with the marker: nobody else may read or delete it.
  const view = await call(server, token, "POST", "/views", { list: "ticketList", name: `${marker} view`, query: "state=open" })
  expect(view.statusCode, view.body).toBe(200)
  return { label, role, userId, token, ids: [userId, _id, ticketId, view.json().data._id as string], marker, markers: [marker] }
}

beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
  const a = await assignedClient(server, admin, 0)
  let b = await assignedClient(server, admin, 1)
  for (let i = 2; b.counsellorId === a.counsellorId; i++) b = await assignedClient(server, admin, i)
  const roleOf = async (id: string) => (await server.db.selectFrom("users").select("role").where("id", "=", id).executeTakeFirstOrThrow()).role as Role
  const clientA = await makeParty("clientA", "User", a.userId)
  const clientB = await makeParty("clientB", "User", b.userId)
  const vendorA = await makeParty("vendorA", await roleOf(a.counsellorId), a.counsellorId)
  const vendorB = await makeParty("vendorB", await roleOf(b.counsellorId), b.counsellorId)
  for (const [client, vendor, days] of [
    [clientA, vendorA, 30],
    [clientB, vendorB, 31],
  ] as const) {
    const shared = `SESSION-${client.label}-${vendor.label}`
    const res = await call(server, admin, "POST", "/counselling/create", {
      userId: client.userId,
      counsellorId: vendor.userId,
      ...utcSlot(minuteAfter(server, days * DAY)),
      topic: `${shared} topic`,
      agenda: "a",
      duration: 45,
      note: `${shared} note`,
    })
    expect(res.statusCode, res.body).toBe(200)
    const session = res.json().data as { _id: string; meetingKey: string | null }
    for (const p of [client, vendor]) {
      p.ids.push(session._id, ...(session.meetingKey ? [session.meetingKey] : []))
      p.markers.push(shared)
    }
  }
  parties.push(clientA, clientB, vendorA, vendorB)
  // Each person's own notifications (the session booked above) are theirs alone too.
  for (const p of parties) {
    const inbox = await server.db.selectFrom("inbox").select("id").where("user_id", "=", p.userId).execute()
    expect(inbox.length, `${p.label} has notifications`).toBeGreaterThan(0)
    p.ids.push(...inbox.map((row) => row.id))
  }
}, 60_000)
afterAll(() => server?.close())

const isIdField = (name: string) => name === "id" || /[a-z]Id$/.test(name)
const idSlots = (e: Endpoint) => ({ params: fieldNames(e.params), body: fieldNames(e.body).filter(isIdField) })
const hasIdSlot = (e: Endpoint) => idSlots(e).params.length + idSlots(e).body.length > 0

async function send(e: Endpoint, token: string, id: string) {
  const slots = idSlots(e)
  const params = Object.fromEntries(slots.params.map((p) => [p, id]))
  const query = (schemaSamples(e.query, 1, 7)[0] ?? {}) as Record<string, unknown>
  const base = (schemaSamples(e.body, 1, 7)[0] ?? {}) as Record<string, unknown>
  const body = { ...base, ...Object.fromEntries(slots.body.map((f) => [f, id])) }
  const url = urlOf(e, params, query)
  if (e.method === "GET" || e.method === "DELETE") return server.app.inject({ method: e.method, url, headers: bearer(token) })
  if (e.multipart) {
    const form = multipart(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])))
    return server.app.inject({ method: e.method, url, payload: form.payload, headers: { ...form.headers, ...bearer(token) } })
  }
  return server.app.inject({ method: e.method, url, payload: body, headers: bearer(token) })
}

describe("object-level access between two clients and two counsellors", () => {
  it("every write a client or vendor may make takes an id, or is a known write on the caller's own account", () => {
    const reachable = endpoints.filter((e) => e.method !== "GET" && (["User", "Counsellor"] as Role[]).some((r) => canCall(e.access, r)))
    const escaped = reachable.filter((e) => !hasIdSlot(e) && !SELF_WRITES.has(e.name)).map((e) => e.name)
    expect(escaped, "writes without an id slot that nobody has judged").toEqual([])
  })

  for (const attacker of ["clientA", "clientB", "vendorA", "vendorB"]) {
    it(`${attacker} cannot read or change anybody else's things`, async () => {
      const me = parties.find((p) => p.label === attacker)!
      const others = parties.filter((p) => p !== me)
      // What is shared with the caller (their own session, seen by both sides) is not somebody else's.
      const foreign = [...new Set(others.flatMap((p) => p.markers))].filter((m) => !me.markers.includes(m))
      const mine = endpoints.filter((e) => canCall(e.access, me.role))
      let tried = 0
      for (const e of mine.filter(hasIdSlot)) {
        const before = await tablesFingerprint(server.db)
        for (const victim of others) {
          for (const id of victim.ids.filter((x) => !me.ids.includes(x))) {
            const res = await send(e, me.token, id)
            const where = `${attacker} → ${e.name} with ${victim.label}'s ${id}: ${res.statusCode} ${res.body.slice(0, 160)}`
            expect([400, 403, 404], where).toContain(res.statusCode)
            for (const m of foreign) expect(res.body, where).not.toContain(m)
            tried++
          }
        }
        expect(await tablesFingerprint(server.db), `${attacker} → ${e.name} with others' ids changed data`).toBe(before)
      }
      // Reads without an id slot (lists, search, profile) answer the caller's own things only.
      for (const e of mine.filter((x) => x.method === "GET" && !hasIdSlot(x))) {
        const res = await send(e, me.token, "")
        expect(res.statusCode, `${attacker} → ${e.name}: ${res.body.slice(0, 160)}`).toBeLessThan(500)
        for (const m of foreign) expect(res.body, `${attacker} → ${e.name} shows somebody else's ${m}`).not.toContain(m)
      }
      expect(tried).toBeGreaterThan(0)
    }, 120_000)
  }

  it("the owner does reach the same things (so the refusals above are about ownership)", async () => {
    const me = parties[0]!
    const [userId, ticketRow] = me.ids
    expect((await call(server, me.token, "GET", `/userQuery/fetchResponse/${ticketRow}`)).statusCode).toBe(200)
    expect((await call(server, me.token, "GET", `/userQuery/attachment/${ticketRow}`)).statusCode).toBe(200)
    const sessions = await call(server, me.token, "GET", `/counselling/fetch/user/${userId}?page=1&limit=20`)
    expect(sessions.statusCode).toBe(200)
    expect(sessions.body).toContain(me.markers[1])
    expect((await call(server, me.token, "GET", "/userQuery/get")).body).toContain(me.marker)
  })
})
