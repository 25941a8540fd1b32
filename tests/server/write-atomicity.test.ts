import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Endpoint } from "../../src/api/contract/endpoint.ts"
import { endpoints } from "../../src/api/contract/endpoints.ts"
import { isWrite, tablesFingerprint } from "./contract-inputs.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { bookedSession, requestContext, sendValid, valid, type Ctx, type Request } from "./valid-requests.ts"

/**
 * Issue 42: a write is whole or absent. Every write of the contract is sent as it would succeed, with a failure
 * injected just after the statement that records its event (services/events.ts; the event is written in the
 * write's own transaction, which idempotency and the audit trail rely on). The answer is a 5xx, and no table
 * differs from before: no row, no event, no outbox entry. A write that changed a row outside its event's
 * transaction, or committed part of itself before it, would leave that part behind.
 */
const EVENT_INSERT = /^insert into "events"/
let armed = false
let injected = 0
const fail = (sql: string) => {
  if (!armed || !EVENT_INSERT.test(sql)) return
  armed = false
  injected++
  throw new Error("injected failure just after the write's event was recorded")
}

/** Writes that record no event, and why: none changes a record an auditor follows. */
const WITHOUT_EVENT: Record<string, string> = {
  login: "a sign-in: its tokens and the sign-in checks' counts, not a record",
  loginTwoFactor: "the second step of a sign-in",
  refreshToken: "a sign-in renewed",
  resetPasswordLink: "a mail asked for; the change is the reset itself",
  saveDraft: "a person's own unsaved form",
  deleteDraft: "a person's own unsaved form",
  saveView: "a person's own named list view",
  deleteView: "a person's own named list view",
  revealAccountNumber: "a read, kept in the access log with its reason",
  updateNotificationPreferences: "a person's own mail settings",
  previewNotificationTemplate: "a preview: renders, stores nothing",
  markNotificationRead: "a person's own notification read",
  markAllNotificationsRead: "a person's own notifications read",
  startTwoFactor: "a secret offered, not yet on: turning it on is the change",
}

/**
 * Requests built here because the shared one does not change anything: its reset link is made up (refused by
 * design), and the security settings are saved as they are (an event is written only when one changes).
 */
const changing: Record<string, () => Promise<Request>> = {
  resetPassword: async () => {
    const email = "imageconsultant@demo.test"
    const mailed = server.outbox().length
    await server.app.inject({ method: "POST", url: "/api/v1/user/reset-password-link", payload: { email } })
    const token = /reset-password\/([\w-]+)/.exec((await server.mailTo(email, mailed)).text)![1]!
    return { role: null, body: { token, password: "Fresh-pass-1", confirmPassword: "Fresh-pass-1" } }
  },
  updateSecuritySettings: async () => ({ role: "Admin", body: { requireAdminTwoFactor: true } }),
}

/** The writes without a body (deletes, steps, sign-outs), each on something that exists for it. */
const bodyless: Record<string, () => Promise<Request>> = {
  // Sign-outs and the set-up of two-factor act on an account of their own, signed in for them.
  logout: async () => ({ role: null, token: await server.login("lawyer@demo.test"), body: {} }),
  logoutOtherDevices: async () => ({ role: null, token: await server.login("lawyer@demo.test"), body: {} }),
  startTwoFactor: async () => ({ role: null, token: await server.login("lawyer@demo.test"), body: {} }),
  deleteBlog: async () => ({ role: "Admin", params: { id: ctx.ids.blog }, body: {} }),
  deleteExpert: async () => ({ role: "Admin", params: { id: ctx.ids.expert }, body: {} }),
  deleteTestimonial: async () => ({ role: "Admin", params: { id: ctx.ids.testimonial }, body: {} }),
  deletePress: async () => ({ role: "Admin", params: { id: ctx.ids.press }, body: {} }),
  deleteEditor: async () => ({ role: "Admin", params: { id: ctx.ids.editor }, body: {} }),
  deleteGalleryImage: async () => ({
    role: "Admin",
    params: { id: (await server.db.selectFrom("gallery_items").select("id").executeTakeFirstOrThrow()).id },
    body: {},
  }),
  deleteSession: async () => {
    const id = await bookedSession(ctx, 900, server)
    const { meeting_key } = await server.db.selectFrom("counselling_sessions").select("meeting_key").where("id", "=", id).executeTakeFirstOrThrow()
    return { role: "Admin", params: { meetingKey: meeting_key! }, body: {} }
  },
  completeSession: async () => ({ role: "Admin", params: { id: await pastSession(910) }, body: {} }),
  markSessionNoShow: async () => ({ role: "Admin", params: { id: await pastSession(920) }, body: {} }),
  createCalendarFeed: async () => ({ role: "User", body: {} }),
  revokeCalendarFeed: async () => {
    const created = await server.app.inject({ method: "POST", url: "/api/v1/calendar/feed", headers: bearer(ctx.tokens.get("Counsellor")!) })
    expect(created.statusCode, created.body).toBe(200)
    return { role: "Counsellor", body: {} }
  },
  retryDeadMail: async () => {
    const dead = await server.db
      .insertInto("outbox")
      .values({
        kind: "test.dead",
        key: `dead-${Math.random()}`,
        recipient: "nobody@example.org",
        entity_type: "test",
        entity_id: "dead",
        subject: "Never delivered",
        message: JSON.stringify({ text: "x", html: "<p>x</p>" }),
        status: "dead",
        attempts: 8,
        next_attempt_at: new Date(server.clock.now),
        created_at: new Date(server.clock.now),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
    return { role: "Admin", params: { id: dead.id }, body: {} }
  },
  markNotificationRead: async () => {
    const admin = await server.db.selectFrom("users").select("id").where("email", "=", "admin@demo.test").executeTakeFirstOrThrow()
    const row = await server.db.selectFrom("inbox").select("id").where("user_id", "=", admin.id).where("read_at", "is", null).executeTakeFirstOrThrow()
    return { role: "Admin", params: { id: row.id }, body: {} }
  },
  markAllNotificationsRead: async () => ({ role: "Admin", body: {} }),
  resetNotificationTemplate: async () => {
    const saved = await server.app.inject({
      method: "PUT",
      url: "/api/v1/notifications/templates/ticket.closed",
      headers: bearer(ctx.tokens.get("Admin")!),
      payload: { subject: "Closed: {{ticketCode}}", body: "Hello {{name}}" },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    return { role: "Admin", params: { id: "ticket.closed" }, body: {} }
  },
}

/** A booked session moved into the past, for the steps that come after its start or its end. */
async function pastSession(days: number): Promise<string> {
  const id = await bookedSession(ctx, days, server)
  const hour = 60 * 60 * 1000
  await server.db
    .updateTable("counselling_sessions")
    .set({ starts_at: new Date(server.clock.now - 3 * hour), ends_at: new Date(server.clock.now - 2 * hour) })
    .where("id", "=", id)
    .execute()
  return id
}

let server: TestServer
let ctx: Ctx
beforeAll(async () => {
  server = await startTestServer({ onQuery: fail })
  ctx = await requestContext(server)
}, 60_000)
afterAll(() => server?.close())

let ip = 0
const send = (e: Endpoint, req: Request) => sendValid(server, ctx, e, req, { remoteAddress: `198.51.100.${++ip % 250}` })

const writes = endpoints.filter(isWrite)

describe("a write that fails just after recording its event leaves nothing behind", () => {
  const silent: string[] = []

  writes.forEach((e, n) => {
    it(`${e.method} ${e.path}`, async () => {
      const build = changing[e.name] ?? bodyless[e.name] ?? (valid[e.name] && (() => valid[e.name]!(ctx, 1000 + n, server)))
      if (!build) throw new Error(`no request for ${e.name}: add one to valid-requests.ts or to bodyless here`)
      const req = await build()
      // The postman and the sealer may still be moving earlier writes' rows: settled first.
      await server.deliverMail()
      await server.app.sealer.settle()
      const before = await tablesFingerprint(server.db)
      const injectedBefore = injected
      armed = true
      const answer = await send(e, req).finally(() => (armed = false))
      if (injected === injectedBefore) {
        silent.push(e.name)
        return
      }
      expect(answer.statusCode, answer.body.slice(0, 200)).toBeGreaterThanOrEqual(500)
      await server.deliverMail()
      await server.app.sealer.settle()
      expect(await tablesFingerprint(server.db)).toBe(before)
    })
  })

  it("every write records an event, but those named as recording none", () => {
    expect(silent.toSorted()).toEqual(Object.keys(WITHOUT_EVENT).toSorted())
  })
})
