import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { foldEvents } from "../../server/services/audit/fold-events.ts"
import { projections } from "../../server/services/audit/projections.ts"
import { codeAt, stepAt } from "../../server/services/auth/totp.ts"
import { sendForm } from "./content-helpers.ts"
import { call, DAY, enquiryPayload, utcSlot } from "./counselling-fixtures.ts"
import { startTestServer, type TestServer } from "./harness.ts"
import { pngFile } from "./multipart.ts"
import { publishDueBlogSchedules } from "../../server/services/content/blog-schedule.service.ts"
import { localUploadStore } from "../../server/services/storage/uploads.ts"

/**
 * The event log is the history of every audited entity: folding an entity's events (fold-events.ts)
 * must give exactly its row's projection (projections.ts), for every row of the demo data after a
 * realistic series of commands, and a deleted entity must fold to nothing.
 */
let server: TestServer
let admin: string
let editor: string

/** The parts of the answers the series reads on. */
type Answer = { data: { _id: string; queryId: string; ticketId: string; meetingKey: string } }

const ok = async (res: Promise<{ statusCode: number; body: string; json: () => unknown }>) => {
  const answer = await res
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json() as Answer
}
const idOf = async (email: string) => (await server.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id

beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
  editor = await server.login("editor@demo.test")
  await runCommands()
}, 120_000)
afterAll(() => server.close())

/** Vendor statuses, tickets, counselling, content, editors, availability and the public forms, as users would. */
async function runCommands() {
  // Vendor statuses: an Under Review vendor is temp-approved then approved.
  const vendor = await server.db
    .selectFrom("users")
    .select("id")
    .where("status", "=", "Under Review")
    .where("role", "=", "Lawyer")
    .limit(1)
    .executeTakeFirstOrThrow()
  await ok(call(server, admin, "PATCH", "/user/updateUser", { userId: vendor.id, status: "Temp Approve" }))
  await ok(call(server, admin, "PATCH", "/user/updateUser", { userId: vendor.id, status: "Approve" }))

  // A ticket's whole life: raised, asked, answered, closed, rated.
  const lawyer = await server.login("lawyer@demo.test")
  const raised = await ok(sendForm(server, lawyer, "POST", "/userQuery/create", { ticketType: "General", query: "Where is my invoice?" }))
  const queryId = raised.data.queryId as string
  await ok(call(server, lawyer, "POST", "/userQuery/addResponse", { queryId, question: "It is for October." }))
  await ok(call(server, admin, "POST", "/userQuery/addResponse", { queryId, answer: "Sent again by email." }))
  await ok(call(server, admin, "PATCH", "/userQuery/update", { queryId }))
  await ok(call(server, lawyer, "POST", "/userQuery/feedback", { ticketId: raised.data.ticketId, rating: 5, remark: "Thanks!" }))

  // Counselling: an enquiry gets access, the new client a counsellor, a session booked, moved, another deleted.
  await ok(call(server, null, "POST", "/enquiry/create", enquiryPayload(77, { name: "Fold Client", email: "fold.client@example.org" })))
  const enquiry = await server.db.selectFrom("counselling_enquiries").select("id").where("email", "=", "fold.client@example.org").executeTakeFirstOrThrow()
  await ok(
    call(server, admin, "POST", "/user/sendUserLoginAccess", {
      enquiryId: enquiry.id,
      name: "Fold Client",
      email: "fold.client@example.org",
      number: "9876500077",
    }),
  )
  const client = await idOf("fold.client@example.org")
  const counsellor = await idOf("counsellor@demo.test")
  await ok(call(server, admin, "PATCH", `/user/assignOrUpdateCounsellor/${client}`, { counsellorId: counsellor }))
  await ok(call(server, admin, "PATCH", `/user/assignOrUpdateCounsellor/${client}`, { counsellorId: await idOf("lawyer@demo.test") }))
  const start = Math.ceil((server.clock.now + 400 * DAY) / 60_000) * 60_000
  const session = { userId: client, counsellorId: counsellor, topic: "First talk", agenda: "Get to know", duration: 30, note: null }
  const kept = await ok(call(server, admin, "POST", "/counselling/create", { ...session, ...utcSlot(start) }))
  await ok(
    call(server, admin, "PATCH", `/counselling/update/${kept.data._id}`, {
      ...utcSlot(start + DAY),
      topic: "Moved talk",
      agenda: "Get to know",
      duration: 45,
      note: "Moved",
    }),
  )
  const dropped = await ok(call(server, admin, "POST", "/counselling/create", { ...session, ...utcSlot(start + 2 * DAY) }))
  await ok(call(server, admin, "DELETE", `/counselling/delete/${dropped.data.meetingKey}`))

  // Content: an expert added, edited and another deleted; a blog unpublished and another deleted; a gallery image deleted.
  const expert = await ok(sendForm(server, editor, "POST", "/expert/auth/add", { name: "Dr. Fold", designation: "Counsellor" }, [pngFile("avatar")]))
  await ok(sendForm(server, editor, "PATCH", `/expert/auth/update/${expert.data._id}`, { designation: "Senior Counsellor" }))
  const gone = await ok(sendForm(server, editor, "POST", "/expert/auth/add", { name: "Dr. Gone", designation: "Coach" }, [pngFile("avatar")]))
  await ok(call(server, editor, "DELETE", `/expert/auth/delete/${gone.data._id}`))
  // Blogs other than the demo's scheduled one, which is deleted on its own (taking its schedule with it).
  const seededSchedule = await server.db.selectFrom("blog_schedules").select("id").executeTakeFirstOrThrow()
  const blogs = await server.db.selectFrom("blogs").select("id").where("id", "!=", seededSchedule.id).orderBy("id").limit(3).execute()
  await ok(call(server, editor, "PATCH", `/blog/updateBlogStatus/${blogs[0]!.id}`, { status: false }))
  await ok(call(server, editor, "DELETE", `/blog/delete/${blogs[1]!.id}`))
  await ok(call(server, editor, "DELETE", `/blog/delete/${seededSchedule.id}`))
  // Scheduled publishes: one set, moved and put live at its time; another set and left pending.
  const later = (days: number) => new Date(server.clock.now + days * DAY).toISOString()
  await ok(sendForm(server, editor, "PUT", `/blog/schedule/${blogs[0]!.id}`, { title: "Folded, as scheduled", publishAt: later(2) }))
  await ok(sendForm(server, editor, "PUT", `/blog/schedule/${blogs[0]!.id}`, { title: "Folded, as scheduled", publishAt: later(3) }))
  expect(
    await publishDueBlogSchedules({ db: server.db, uploads: localUploadStore(server.dataDir, 10 * 1024 * 1024) }, new Date(server.clock.now + 4 * DAY)),
  ).toBe(1)
  await ok(sendForm(server, editor, "PUT", `/blog/schedule/${blogs[2]!.id}`, { description: "Pending.", publishAt: later(30) }))
  const picture = await server.db.selectFrom("gallery_items").select("id").limit(1).executeTakeFirstOrThrow()
  await ok(call(server, editor, "DELETE", `/gallery/delete/${picture.id}`))

  // Editors: one invited, renamed; another invited and removed.
  const nina = await ok(
    call(server, admin, "POST", "/user/create", { name: "Nina Fold", email: "nina.fold@example.com", number: "9876543210", userRole: "Editor" }),
  )
  await ok(call(server, admin, "PATCH", `/user/editors/${nina.data._id}`, { name: "Nina Folded" }))
  const omar = await ok(
    call(server, admin, "POST", "/user/create", { name: "Omar Fold", email: "omar.fold@example.com", number: "9876543211", userRole: "Editor" }),
  )
  await ok(call(server, admin, "DELETE", `/user/editors/${omar.data._id}`))

  // Availability: a vendor sets a day and a default; the public contact form.
  const today = new Date(server.clock.now).toISOString().slice(0, 10)
  await ok(
    server.app.inject({
      method: "PUT",
      url: "/api/v1/availability",
      headers: { authorization: `Bearer ${lawyer}` },
      payload: { days: [{ date: today, slots: ["09:00"] }], defaultSlots: ["10:00"] },
    }),
  )
  await ok(
    call(server, null, "POST", "/contact/create", {
      name: "Fold Visitor",
      email: "visitor@example.org",
      number: "9876543212",
      city: "Pune",
      state: "Maharashtra",
      message: "Hello",
    }),
  )

  // Two-factor sign-in: one person turns it on and off again, another leaves it on (it lives outside the user's row).
  const nutritionist = await server.login("nutritionist@demo.test")
  const secret = await turnOnTwoFactor(nutritionist)
  await ok(call(server, nutritionist, "POST", "/user/two-factor/disable", { password: "Demo@12345", code: nextCode(secret) }))
  await turnOnTwoFactor(await server.login("yogateacher@demo.test"))

  // Sessions ended: a password change and a logout bump the private token version, which no event carries.
  const demoClient = await server.login("user@demo.test")
  await ok(call(server, demoClient, "PATCH", "/user/updateCurrentPassword", { oldPassword: "Demo@12345", newPassword: "Fold@23456" }))
  await ok(call(server, await server.login("user@demo.test", "Fold@23456"), "POST", "/user/logout"))
}

/** The code of the next 30 s step (the clock moves on, so a code is never a replay). */
function nextCode(secret: string) {
  server.clock.now += 30_000
  return codeAt(secret, stepAt(server.clock.now))
}

async function turnOnTwoFactor(token: string): Promise<string> {
  const { secret } = (await ok(call(server, token, "POST", "/user/two-factor/setup"))).data as unknown as { secret: string }
  await ok(call(server, token, "POST", "/user/two-factor/enable", { code: nextCode(secret) }))
  return secret
}

/** JSON as the event log stores it (jsonb): key order and undefined do not count. */
const plain = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value, (_k, v) =>
      v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
    ),
  )

async function eventsOf(entityType: string) {
  const rows = await server.db.selectFrom("events").select(["entity_id", "type", "after"]).where("entity_type", "=", entityType).orderBy("id").execute()
  const byEntity = new Map<string, Array<{ type: string; after: unknown }>>()
  for (const row of rows) byEntity.set(row.entity_id, [...(byEntity.get(row.entity_id) ?? []), { type: row.type, after: row.after }])
  return byEntity
}

describe("folding an entity's events rebuilds its current row", () => {
  for (const [entityType, projection] of Object.entries(projections)) {
    it(`${entityType}: every row equals the fold of its events, and every deleted one folds to nothing`, async () => {
      const entities = await projection.all(server.db)
      const events = await eventsOf(entityType)
      expect(entities.length, `${entityType} has rows in the demo data`).toBeGreaterThan(0)
      const mismatches = entities.filter(([id, fields]) => {
        const folded = foldEvents(events.get(id) ?? [])
        return !folded.exists || JSON.stringify(plain(folded.state)) !== JSON.stringify(plain(fields))
      })
      // One example spelled out beats a count: the first mismatch, field by field.
      if (mismatches[0])
        expect({ id: mismatches[0][0], folded: plain(foldEvents(events.get(mismatches[0][0]) ?? []).state) }).toEqual({
          id: mismatches[0][0],
          folded: plain(mismatches[0][1]),
        })
      expect(mismatches.length).toBe(0)

      const existing = new Set(entities.map(([id]) => id))
      for (const [id, list] of events) {
        if (existing.has(id)) continue
        expect(list.at(-1)?.type, `${entityType} ${id} has events but no row: its last event must delete it`).toMatch(/\.deleted$/)
        expect(foldEvents(list).exists).toBe(false)
      }
    })
  }

  it("the series turned two-factor on and off, so its events are among those folded", async () => {
    const types = await server.db.selectFrom("events").select("type").where("type", "like", "user.totp.%").orderBy("id").execute()
    expect(types.map((t) => t.type)).toEqual(["user.totp.enabled", "user.totp.disabled", "user.totp.enabled"])
    const ended = await server.db.selectFrom("events").select("type").where("type", "in", ["user.passwordChanged", "user.loggedOut"]).orderBy("id").execute()
    expect(ended.map((t) => t.type)).toEqual(["user.passwordChanged", "user.loggedOut"])
  })

  it("the series of commands deleted entities of several types, so the 'not exists' side is exercised", async () => {
    const deleted = await server.db.selectFrom("events").select("entity_type").distinct().where("type", "like", "%.deleted").execute()
    expect(deleted.map((d) => d.entity_type).sort()).toEqual(["blog", "blogSchedule", "counsellingSession", "expert", "gallery", "user"])
  })
})
