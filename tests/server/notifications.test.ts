import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { outboxPostman } from "../../server/services/notifications/postman.ts"
import type { NotificationKind } from "../../src/api/contract/notifications/notification.ts"
import { queueNotifications } from "../../server/services/notifications/queue.ts"
import type { Mailer } from "../../server/services/mail/mailer.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { assignedClient, call, DAY, enquiryPayload, idOf, minuteAfter, utcSlot } from "./counselling-fixtures.ts"
import { partnerForm } from "./partner-form.ts"
import { multipart } from "./ticket-fixtures.ts"

/**
 * The outbox (issue 23): every transition queues its mail in its own transaction; the postman
 * delivers each queued mail once, retries with backoff, and leaves a mail that keeps failing dead.
 */

/** A transport that fails while `down` is set, counting what it was asked to send. */
function switchableMailer() {
  const state = { down: false, attempts: 0 }
  const wrap = (inner: Mailer): Mailer => ({
    async send(mail) {
      state.attempts++
      if (state.down) throw new Error("connect ECONNREFUSED 127.0.0.1:25")
      await inner.send(mail)
    },
    withLog: (log) => wrap(inner.withLog(log)),
  })
  return { state, wrap }
}

const rowsOf = (server: TestServer, kind: NotificationKind) =>
  server.db
    .selectFrom("outbox")
    .select(["recipient", "status", "attempts", "entity_type", "entity_id", "message", "last_error"])
    .where("kind", "=", kind)
    .orderBy("seq")
    .execute()

/** Whom the in-app notifications of `kind` reached so far (their emails, one per notification). */
const inboxOf = async (server: TestServer, kind: NotificationKind) =>
  (
    await server.db
      .selectFrom("inbox")
      .innerJoin("users", "users.id", "inbox.user_id")
      .select("users.email")
      .where("inbox.kind", "=", kind)
      .orderBy("inbox.seq")
      .execute()
  ).map((row) => row.email)

/** Both parts of a mail: the plain text and the HTML, each holding a link into the console. */
function expectWholeMail(raw: string, link: RegExp) {
  expect(raw).toMatch(/Content-Type: text\/plain/)
  expect(raw).toMatch(/Content-Type: text\/html/)
  expect(raw).toMatch(link)
}

describe("every transition queues and delivers its mail", () => {
  let server: TestServer
  let admin: string
  beforeAll(async () => {
    server = await startTestServer()
    admin = await server.login("admin@demo.test")
  })
  afterAll(() => server.close())

  /** Runs `act`, then checks the rows of `kind` it added: sent, to `to`, its mail whole with a link matching `link`. */
  async function expectNotified(kind: NotificationKind, act: () => Promise<void>, expected: { to: string[]; link: RegExp }) {
    const before = (await rowsOf(server, kind)).length
    const inAppBefore = (await inboxOf(server, kind)).length
    await act()
    // Ticket steps do not wait for their mail; whatever is still due goes out here.
    await server.deliverMail()
    // A reset link's call answers after a fixed time whatever it did, so its rows may be written a moment later:
    // wait for one row per recipient, each sent.
    await expect
      .poll(async () => {
        const added = (await rowsOf(server, kind)).slice(before)
        return added.length >= expected.to.length && added.every((row) => row.status === "sent")
      })
      .toBe(true)
    const rows = (await rowsOf(server, kind)).slice(before)
    expect(rows.map((row) => row.recipient).sort()).toEqual([...expected.to].sort())
    // Sent: the message itself is not kept (a reset link is a secret).
    for (const row of rows) expect(row.message).toBeNull()
    // Each recipient also has it in their notification centre, written with the mail.
    expect((await inboxOf(server, kind)).slice(inAppBefore).sort()).toEqual([...expected.to].sort())
    for (const to of expected.to) {
      const mail = server
        .outbox()
        .filter((m) => m.to.includes(to))
        .at(-1)
      expect(mail, `a mail to ${to}`).toBeDefined()
      expectWholeMail(mail!.text, expected.link)
    }
  }

  it("vendor status changed: the vendor, with a link to their profile", async () => {
    const vendor = await server.db
      .selectFrom("users")
      .select(["id", "email"])
      .where("status", "=", "Under Review")
      .where("role", "=", "Lawyer")
      .executeTakeFirstOrThrow()
    await expectNotified(
      "vendor.statusChanged",
      async () => {
        const res = await call(server, admin, "PATCH", "/user/updateUser", { userId: vendor.id, status: "Temp Approve" })
        expect(res.json().message).toBe("User status updated successfully.")
      },
      { to: [vendor.email], link: /http:\/\/console\.test\/profile/ },
    )
  })

  it("session booked, changed and cancelled: client and counsellor, each with the .ics", async () => {
    const client = await assignedClient(server, admin, 2)
    const counsellorEmail = (await server.db.selectFrom("users").select("email").where("id", "=", client.counsellorId).executeTakeFirstOrThrow()).email
    const to = [client.email, counsellorEmail]
    const link = /http:\/\/console\.test\/upcoming-session/
    let id = ""
    let meetingKey = ""
    const slot = utcSlot(minuteAfter(server, 30 * DAY))
    await expectNotified(
      "session.booked",
      async () => {
        const res = await call(server, admin, "POST", "/counselling/create", {
          userId: client.userId,
          counsellorId: client.counsellorId,
          ...slot,
          topic: "Notify",
          agenda: "Agenda",
          duration: 30,
        })
        expect(res.json().message).toBe("Session created successfully!")
        ;({ _id: id, meetingKey } = res.json().data)
      },
      { to, link },
    )
    expect(server.outbox().at(-1)!.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/)
    await expectNotified(
      "session.changed",
      async () => {
        const res = await call(server, admin, "PATCH", `/counselling/update/${id}`, { ...slot, topic: "Notify again", agenda: "Agenda", duration: 45 })
        expect(res.json().message).toBe("Session updated successfully!")
      },
      { to, link },
    )
    await expectNotified(
      "session.cancelled",
      async () => {
        const res = await call(server, admin, "DELETE", `/counselling/delete/${meetingKey}`)
        expect(res.statusCode).toBe(200)
      },
      { to, link: /Topic: Notify again/ },
    )
    expect(server.outbox().at(-1)!.raw).toMatch(/method=CANCEL/)
  })

  it("access sent: the client, with a set-password link", async () => {
    const payload = enquiryPayload(901)
    expect((await server.app.inject({ method: "POST", url: "/api/v1/enquiry/create", payload, remoteAddress: "203.0.113.90" })).statusCode).toBe(200)
    const enquiry = await server.db
      .selectFrom("counselling_enquiries")
      .select("id")
      .where("email", "=", payload.email as string)
      .executeTakeFirstOrThrow()
    await expectNotified(
      "access.sent",
      async () => {
        const res = await call(server, admin, "POST", "/user/sendUserLoginAccess", {
          name: payload.name,
          email: payload.email,
          number: payload.number,
          enquiryId: enquiry.id,
        })
        expect(res.json().message).toBe("Access sent successfully.")
      },
      { to: [payload.email as string], link: /http:\/\/console\.test\/reset-password\/[\w-]+/ },
    )
  })

  it("counsellor assigned: the client and the counsellor", async () => {
    const unassigned = (await call(server, admin, "GET", "/user/unassignUser?page=1&limit=1")).json().data.data[0] as { _id: string; email: string }
    const counsellor = await server.db.selectFrom("users").select(["id", "email"]).where("email", "=", "counsellor@demo.test").executeTakeFirstOrThrow()
    await expectNotified(
      "counsellor.assigned",
      async () => {
        const res = await call(server, admin, "PATCH", `/user/assignOrUpdateCounsellor/${unassigned._id}`, { counsellorId: counsellor.id })
        expect(res.statusCode).toBe(200)
      },
      { to: [unassigned.email, counsellor.email], link: /http:\/\/console\.test\/upcoming-session/ },
    )
  })

  it("ticket raised, answered, closed and feedback left: the Admins, the raiser, the raiser, the Admins", async () => {
    const raiser = await server.login("lawyer@demo.test")
    const admins = (await server.db.selectFrom("users").select("email").where("role", "=", "Admin").execute()).map((a) => a.email)
    let queryId = ""
    let ticketId = ""
    const link = () => new RegExp(`http://console\\.test/ticket/${queryId}`)
    await expectNotified(
      "ticket.raised",
      async () => {
        const body = multipart({ ticketType: "Technical", query: "The calendar does not load." })
        const res = await server.app.inject({
          method: "POST",
          url: "/api/v1/userQuery/create",
          payload: body.payload,
          headers: { ...body.headers, ...bearer(raiser) },
        })
        expect(res.statusCode).toBe(200)
        ;({ queryId, ticketId } = res.json().data)
      },
      { to: admins, link: /http:\/\/console\.test\/ticket\// },
    )
    await expectNotified(
      "ticket.answered",
      async () => expect((await call(server, admin, "POST", "/userQuery/addResponse", { queryId, answer: "Reload, please." })).statusCode).toBe(200),
      { to: ["lawyer@demo.test"], link: link() },
    )
    // The raiser's own follow-up tells nobody by mail.
    const answered = (await rowsOf(server, "ticket.answered")).length
    expect((await call(server, raiser, "POST", "/userQuery/addResponse", { queryId, question: "Still blank." })).statusCode).toBe(200)
    await server.deliverMail()
    expect(await rowsOf(server, "ticket.answered")).toHaveLength(answered)
    await expectNotified("ticket.closed", async () => expect((await call(server, admin, "PATCH", "/userQuery/update", { queryId })).statusCode).toBe(200), {
      to: ["lawyer@demo.test"],
      link: link(),
    })
    await expectNotified(
      "ticket.feedbackGiven",
      async () => expect((await call(server, raiser, "POST", "/userQuery/feedback", { ticketId, rating: 4, remark: "Quick" })).statusCode).toBe(200),
      { to: admins, link: link() },
    )
  })

  it("editor invited: the new editor, with a set-password link", async () => {
    await expectNotified(
      "editor.invited",
      async () => {
        const res = await call(server, admin, "POST", "/user/create", {
          name: "Nisha Notify",
          email: "nisha.notify@example.org",
          number: "9876543210",
          userRole: "Editor",
        })
        expect(res.json().message).toBe("Editor added successfully! An email to set the password has been sent.")
      },
      { to: ["nisha.notify@example.org"], link: /http:\/\/console\.test\/reset-password\/[\w-]+/ },
    )
  })

  it("password reset requested and password changed: the account's owner", async () => {
    await expectNotified(
      "password.resetRequested",
      async () =>
        expect(
          (await server.app.inject({ method: "POST", url: "/api/v1/user/reset-password-link", payload: { email: "nutritionist@demo.test" } })).statusCode,
        ).toBe(200),
      { to: ["nutritionist@demo.test"], link: /http:\/\/console\.test\/reset-password\/[\w-]+/ },
    )
    const token = await server.login("yogateacher@demo.test")
    await expectNotified(
      "password.changed",
      async () => {
        const res = await call(server, token, "PATCH", "/user/updateCurrentPassword", { oldPassword: "Demo@12345", newPassword: "Notify@12345" })
        expect(res.statusCode).toBe(200)
      },
      { to: ["yogateacher@demo.test"], link: /http:\/\/console\.test\/login/ },
    )
  })

  it("partner signed up: the applicant", async () => {
    await expectNotified(
      "partner.signedUp",
      async () => {
        const form = await partnerForm("notify.partner@example.org")
        const res = await server.app.inject({
          method: "POST",
          url: "/api/v1/user/partnerSignup",
          payload: form.payload,
          headers: form.headers,
          remoteAddress: "198.51.100.90",
        })
        expect(res.statusCode).toBe(200)
      },
      { to: ["notify.partner@example.org"], link: /http:\/\/console\.test\/profile/ },
    )
  })

  it("queues nothing for a change that is refused: the mail rolls back with it", async () => {
    const before = await server.db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow()
    const approved = await server.db.selectFrom("users").select("id").where("status", "=", "Approve").where("role", "=", "Lawyer").executeTakeFirstOrThrow()
    // Approve is final: moving an approved vendor back is refused by the machine, inside the transaction.
    const res = await call(server, admin, "PATCH", "/user/updateUser", { userId: approved.id, status: "Under Review" })
    expect(res.statusCode).toBe(409)
    const after = await server.db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow()
    expect(after.n).toBe(before.n)
  })
})

describe("delivery", () => {
  const mail = switchableMailer()
  let server: TestServer
  let admin: string
  beforeAll(async () => {
    server = await startTestServer({ wrapMailer: mail.wrap, notifications: { maxAttempts: 3, firstRetryMs: 30_000 } })
    admin = await server.login("admin@demo.test")
  })
  afterAll(() => server.close())

  const underReview = async (n: number) =>
    await server.db
      .selectFrom("users")
      .select(["id", "email"])
      .where("status", "=", "Under Review")
      .orderBy("email")
      .offset(n)
      .limit(1)
      .executeTakeFirstOrThrow()

  it("keeps the change when the mail server is away, says so, and sends the mail once it answers, exactly once", async () => {
    const vendor = await underReview(0)
    mail.state.down = true
    const res = await call(server, admin, "PATCH", "/user/updateUser", { userId: vendor.id, status: "Temp Approve" })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe("User status updated. The email to the vendor could not be sent yet; it will be retried automatically.")
    expect((await server.db.selectFrom("users").select("status").where("id", "=", vendor.id).executeTakeFirstOrThrow()).status).toBe("Temp Approve")
    const [row] = await rowsOf(server, "vendor.statusChanged")
    expect(row).toMatchObject({ recipient: vendor.email, status: "pending", attempts: 1, last_error: "connect ECONNREFUSED 127.0.0.1:25" })

    // Backoff: not due again before 30 s, whatever the postman is asked.
    mail.state.down = false
    expect(await server.deliverMail()).toBe(0)
    server.clock.now += 30_000
    expect(await server.deliverMail()).toBe(1)
    expect(await server.deliverMail()).toBe(0)
    expect(server.outbox().filter((m) => m.to.includes(vendor.email))).toHaveLength(1)
    expect((await rowsOf(server, "vendor.statusChanged"))[0]).toMatchObject({ status: "sent", attempts: 2 })
  })

  it("doubles the wait after each failure and leaves a mail dead after the last attempt; an Admin's retry sends it", async () => {
    const vendor = await underReview(1)
    mail.state.down = true
    expect((await call(server, admin, "PATCH", "/user/updateUser", { userId: vendor.id, status: "Temp Approve" })).statusCode).toBe(200)
    const rowOf = async () => (await rowsOf(server, "vendor.statusChanged")).find((r) => r.recipient === vendor.email)!
    server.clock.now += 30_000
    expect(await server.deliverMail()).toBe(0)
    expect(await rowOf()).toMatchObject({ status: "pending", attempts: 2 })
    // The second retry waits 60 s, not 30.
    server.clock.now += 30_000
    await server.deliverMail()
    expect((await rowOf()).attempts).toBe(2)
    server.clock.now += 30_000
    await server.deliverMail()
    expect(await rowOf()).toMatchObject({ status: "dead", attempts: 3 })
    // Dead: no clock makes it due again by itself.
    mail.state.down = false
    server.clock.now += DAY
    expect(await server.deliverMail()).toBe(0)

    // A day on, the morning's sign-in has ended.
    admin = await server.login("admin@demo.test")
    const dead = await call(server, admin, "GET", "/notifications/outbox/dead?page=1&limit=10")
    expect(dead.statusCode).toBe(200)
    const item = dead.json().data.find((d: { recipient: string }) => d.recipient === vendor.email)
    expect(item).toMatchObject({ kind: "vendor.statusChanged", attempts: 3, lastError: "connect ECONNREFUSED 127.0.0.1:25" })
    const retried = await call(server, admin, "POST", `/notifications/outbox/${item._id}/retry`)
    expect(retried.json()).toMatchObject({ success: true, message: "The email was queued again." })
    await expect.poll(async () => (await rowOf()).status).toBe("sent")
    expect(server.outbox().filter((m) => m.to.includes(vendor.email))).toHaveLength(1)
    // A row that is not dead is not retried.
    expect((await call(server, admin, "POST", `/notifications/outbox/${item._id}/retry`)).statusCode).toBe(404)
    expect((await call(server, admin, "POST", "/notifications/outbox/not-an-id/retry")).statusCode).toBe(404)
    // Only an Admin sees dead mail.
    expect((await call(server, await server.login("editor@demo.test"), "GET", "/notifications/outbox/dead")).statusCode).toBe(403)
  })

  // The server's own postman stays out of these: a wake-up it armed in an earlier test (a retry, a lease) could
  // fire mid-test and send a row these postmen are meant to claim, which made them fail now and then.
  describe("with only the test's own postmen", () => {
    beforeAll(() => server.app.postman.stop())
    afterAll(() => server.app.postman.start())

    it("sends each queued mail once when several postmen share the outbox", async () => {
      const vendors = await server.db.selectFrom("users").select(["id", "email"]).where("role", "=", "Nutritionist").limit(30).execute()
      const before = server.outbox().length
      const at = new Date(server.clock.now)
      await queueNotifications(
        server.db,
        at,
        vendors.map((v) => ({ template: "vendor.statusChanged" as const, entity: { type: "user", id: v.id }, to: v.email, fields: { name: v.email } })),
      )
      const counted = new Map<string, number>()
      const countingMailer: Mailer = {
        async send(m) {
          counted.set(m.to, (counted.get(m.to) ?? 0) + 1)
          await new Promise((r) => setTimeout(r, 5))
        },
        withLog: () => countingMailer,
      }
      const postmen = [0, 1, 2].map(() => outboxPostman({ db: server.db, mailer: countingMailer, now: () => server.clock.now }))
      const sent = await Promise.all(postmen.map((p) => p.deliverDue()))
      expect(sent.reduce((a, b) => a + b, 0)).toBe(vendors.length)
      expect([...counted.values()].every((n) => n === 1)).toBe(true)
      expect(counted.size).toBe(vendors.length)
      expect(server.outbox().length).toBe(before)
    })

    it("a claim that runs out while a sweep is finishing is sent on that wake-up, not left for the next request or restart", async () => {
      // A restart quicker than the dead process's claims: its first sweep sends nothing and arms a wake-up for
      // when the claim runs out; that wake-up falls due while the sweep is still finishing (reading the next
      // scheduled notification, held here), and used to share that sweep's answer instead of sweeping again.
      const ids = (
        await queueNotifications(server.db, new Date(), [
          {
            template: "password.changed",
            entity: { type: "user", id: await idOf(server, "lawyer@demo.test") },
            to: "lawyer@demo.test",
            fields: { name: "Wake" },
          },
        ])
      ).mail
      const hanging: Mailer = { send: () => new Promise(() => {}), withLog: () => hanging }
      const leaseMs = 200
      const dying = outboxPostman({ db: server.db, mailer: hanging, now: Date.now }, { leaseMs, waitMs: 10 })
      expect(await dying.deliver(ids)).toBe(false)
      const claimedUntil = Date.now() + leaseMs
      const sent: string[] = []
      const recording: Mailer = { send: async (m) => void sent.push(m.deliveryId!.key), withLog: () => recording }
      const scheduled = {
        fireDue: async () => ({ mail: [], people: [] }),
        // Slow while the claim runs out: the wake-up armed for it is due before this answers.
        nextAt: async () => {
          while (Date.now() < claimedUntil + 100) await new Promise((resolve) => setTimeout(resolve, 20))
          return null
        },
        announce: () => {},
      }
      const next = outboxPostman({ db: server.db, mailer: recording, now: Date.now, scheduled })
      next.start()
      try {
        await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(1)
        // The row is marked sent after the transport answers: a read right after the send may come between the two.
        const status = async () => (await server.db.selectFrom("outbox").select("status").where("id", "in", ids).executeTakeFirst())?.status
        await expect.poll(status, { timeout: 10_000 }).toBe("sent")
        expect(sent).toHaveLength(1)
      } finally {
        await next.stop()
      }
    })

    it("a claim of a sender that died is taken over once its lease runs out, and the transport sees the same delivery id", async () => {
      const ids = (
        await queueNotifications(server.db, new Date(server.clock.now), [
          {
            template: "password.changed",
            entity: { type: "user", id: await idOf(server, "lawyer@demo.test") },
            to: "lawyer@demo.test",
            fields: { name: "Lease" },
          },
        ])
      ).mail
      const seen: string[] = []
      const hanging: Mailer = { send: (m) => (seen.push(m.deliveryId!.key), new Promise(() => {})), withLog: () => hanging }
      const dying = outboxPostman({ db: server.db, mailer: hanging, now: () => server.clock.now }, { leaseMs: 60_000, waitMs: 50 })
      expect(await dying.deliver(ids)).toBe(false)
      // `deliver` gave up waiting after 50 ms, not the claim: on a busy machine the claim's transaction may still be
      // open, its row locked (and skipped) past the lease's end below. The transport is called once it has committed.
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1)
      const recording: Mailer = { send: async (m) => void seen.push(m.deliveryId!.key), withLog: () => recording }
      const next = outboxPostman({ db: server.db, mailer: recording, now: () => server.clock.now })
      expect(await next.deliverDue()).toBe(0)
      server.clock.now += 60_000
      expect(await next.deliverDue()).toBe(1)
      expect(seen).toHaveLength(2)
      expect(seen[0]).toBe(seen[1])
    })

    it("mail queued claimed for its sender is sent by it without a claim, kept from every other sweep, and due again if it dies", async () => {
      const seen: string[] = []
      const recording: Mailer = { send: async (m) => void seen.push(m.deliveryId!.key), withLog: () => recording }
      const sender = outboxPostman({ db: server.db, mailer: recording, now: () => server.clock.now }, { leaseMs: 60_000 })
      const other = outboxPostman({ db: server.db, mailer: recording, now: () => server.clock.now })
      const queue = (name: string) =>
        server.db
          .transaction()
          .execute((trx) =>
            queueNotifications(
              trx,
              new Date(server.clock.now),
              [{ template: "password.changed", entity: { type: "user", id: name }, to: `${name.toLowerCase()}@example.org`, fields: { name } }],
              sender,
            ),
          )
      const rowOf = (id: string) => server.db.selectFrom("outbox").select(["status", "attempts", "lease_until"]).where("id", "=", id).executeTakeFirstOrThrow()

      const held = await queue("Held")
      expect(held.held?.map((row) => row.id)).toEqual(held.mail)
      expect(await rowOf(held.mail[0]!)).toMatchObject({ status: "pending", attempts: 1, lease_until: new Date(server.clock.now + 60_000) })
      // Another instance's sweep leaves it to its sender.
      expect(await other.deliverDue()).toBe(0)
      // Claiming it again would find it taken: sent because its sender sends what it holds as it is.
      expect(await sender.deliver(held.mail)).toBe(false)
      expect(seen).toEqual([])
      expect(await sender.deliver(held.mail, recording, held.held)).toBe(true)
      expect(await rowOf(held.mail[0]!)).toMatchObject({ status: "sent", attempts: 1 })
      expect(seen).toHaveLength(1)

      // Its sender died before sending it: another instance leaves it while the claim holds, and sends it once it runs out.
      const orphan = await queue("Orphan")
      expect(await other.deliverDue()).toBe(0)
      server.clock.now += 60_000
      expect(await other.deliverDue()).toBe(1)
      expect(await rowOf(orphan.mail[0]!)).toMatchObject({ status: "sent", attempts: 2 })
      expect(seen).toHaveLength(2)
    })
  })
})
