import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./harness.ts"
import { call, DAY, HOUR, idOf, minuteAfter, utcSlot } from "./counselling-fixtures.ts"

let server: TestServer
let uma: string
let chetan: string

beforeAll(async () => {
  server = await startTestServer()
  uma = await idOf(server, "user@demo.test")
  chetan = await idOf(server, "counsellor@demo.test")
})
afterAll(() => server.close())

/** Runs with the server's clock at `at`, signing in afresh (access tokens live minutes). */
async function at<T>(moment: number, work: (admin: string) => Promise<T>): Promise<T> {
  server.clock.now = moment
  return work(await server.login("admin@demo.test"))
}
const remindersTo = (email: string, topic: string) => server.outbox().filter((m) => m.to === email && m.raw.includes(topic) && m.text.includes("A reminder:"))
const bellOf = async (email: string) =>
  (await call(server, await server.login(email), "GET", "/notifications?page=1")).json().data as Array<{ kind: string; title: string }>

describe("session reminders", () => {
  it("tells both people 24 hours and 1 hour before, once each, by mail and in the bell; nothing before it is due", async () => {
    const start = minuteAfter(server, 300 * DAY)
    const booked = await at(server.clock.now, (admin) =>
      call(server, admin, "POST", "/counselling/create", {
        userId: uma,
        counsellorId: chetan,
        ...utcSlot(start),
        topic: "Reminder check",
        agenda: "a",
        duration: 30,
      }),
    )
    expect(booked.statusCode, booked.body).toBe(200)
    const pending = await server.db
      .selectFrom("scheduled_notifications")
      .select(["key", "due_at"])
      .where("entity_id", "=", booked.json().data._id)
      .where("status", "=", "pending")
      .orderBy("due_at")
      .execute()
    expect(pending.map((p) => new Date(p.due_at).getTime())).toEqual([start - DAY, start - HOUR])

    server.clock.now = start - DAY - 60_000
    await server.deliverMail()
    expect(remindersTo("user@demo.test", "Reminder check")).toHaveLength(0)
    expect((await bellOf("user@demo.test")).some((n) => n.kind === "session.reminder")).toBe(false)

    server.clock.now = start - DAY + 60_000
    await server.deliverMail()
    await server.deliverMail()
    expect(remindersTo("user@demo.test", "Reminder check").map((m) => m.text.match(/starts in [^.]+/)?.[0])).toEqual(["starts in 24 hours"])
    expect(remindersTo("counsellor@demo.test", "Reminder check")).toHaveLength(1)
    expect(remindersTo("counsellor@demo.test", "Reminder check")[0]!.text).toContain("Start link: https://meet.jit.si/")
    expect((await bellOf("user@demo.test")).filter((n) => n.kind === "session.reminder").map((n) => n.title)).toEqual([
      "Tomorrow: counselling session Reminder check",
    ])

    server.clock.now = start - HOUR + 60_000
    await server.deliverMail()
    expect(remindersTo("user@demo.test", "Reminder check").map((m) => m.text.match(/starts in [^.]+/)?.[0])).toEqual([
      "starts in 24 hours",
      "starts in an hour",
    ])
    server.clock.now = start + HOUR
    await server.deliverMail()
    expect(remindersTo("user@demo.test", "Reminder check")).toHaveLength(2)
  })

  it("a moved session is reminded at its new time only; a cancelled one, or one deleted, never", async () => {
    const base = minuteAfter(server, 320 * DAY)
    const [moved, cancelled, deleted] = await at(base - 30 * DAY, async (admin) => {
      const ids: Array<{ id: string; key: string }> = []
      for (const [i, topic] of ["Moved one", "Cancelled one", "Deleted one"].entries()) {
        const res = await call(server, admin, "POST", "/counselling/create", {
          userId: uma,
          counsellorId: chetan,
          ...utcSlot(base + i * 3 * HOUR),
          topic,
          agenda: "a",
          duration: 30,
        })
        expect(res.statusCode, res.body).toBe(200)
        ids.push({ id: res.json().data._id, key: res.json().data.meetingKey })
      }
      return ids as [{ id: string; key: string }, { id: string; key: string }, { id: string; key: string }]
    })
    await at(base - 20 * DAY, async (admin) => {
      expect(
        (await call(server, admin, "POST", `/counselling/session/${moved.id}/reschedule`, { ...utcSlot(base + 2 * DAY), reason: "Later" })).statusCode,
      ).toBe(200)
      expect((await call(server, admin, "POST", `/counselling/session/${cancelled.id}/cancel`, { reason: "Off" })).statusCode).toBe(200)
      expect((await call(server, admin, "DELETE", `/counselling/delete/${deleted.key}`)).statusCode).toBe(200)
    })
    // Past every old reminder time: none of the three is told.
    server.clock.now = base + 6 * HOUR
    await server.deliverMail()
    for (const topic of ["Moved one", "Cancelled one", "Deleted one"]) expect(remindersTo("user@demo.test", topic), topic).toHaveLength(0)
    // The moved one, at its new time.
    server.clock.now = base + 2 * DAY - HOUR + 60_000
    await server.deliverMail()
    expect(remindersTo("user@demo.test", "Moved one").map((m) => m.text.match(/starts in [^.]+/)?.[0])).toEqual(["starts in 24 hours", "starts in an hour"])
  })

  it("is told once even when two sweeps race for it (two instances)", async () => {
    const start = minuteAfter(server, 400 * DAY)
    await at(start - 10 * DAY, (admin) =>
      call(server, admin, "POST", "/counselling/create", {
        userId: uma,
        counsellorId: chetan,
        ...utcSlot(start),
        topic: "Raced reminder",
        agenda: "a",
        duration: 30,
      }),
    )
    server.clock.now = start - DAY + 60_000
    const { fireDueScheduled } = await import("../../server/services/notifications/scheduled.ts")
    const [a, b] = await Promise.all([fireDueScheduled(server.db, new Date(server.clock.now)), fireDueScheduled(server.db, new Date(server.clock.now))])
    expect(a.mail.length + b.mail.length).toBe(2)
    await server.deliverMail()
    expect(remindersTo("user@demo.test", "Raced reminder")).toHaveLength(1)
  })
})
