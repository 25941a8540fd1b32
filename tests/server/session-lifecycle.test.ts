import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { sessionStates, type SessionState } from "../../src/api/contract/counselling/counselling-session.ts"
import { call, DAY, eventsOf, HOUR, icsAttachments, icsValue, idOf, minuteAfter, utcSlot } from "./counselling-fixtures.ts"
import { explainRefusals } from "./openapi-validator.ts"

// Refusals of requests the API document calls valid, provoked here on purpose, with what explains each.
explainRefusals([
  ["time: the session must start in the future", "the new time named is already past"],
  ["The counsellor already has a session at this time.", "the new time is taken by another of the counsellor's sessions"],
  ["The client already has a session at this time.", "the new time is taken by another of the client's sessions"],
  ["Sessions starting within 12 hours can only be rescheduled by an Admin.", "the counsellor moves a session inside the notice window"],
  ["Sessions starting within 12 hours cannot be moved any more; please contact your counsellor.", "the client asks inside the notice window"],
  ["This session was cancelled.", "the session was cancelled before this step"],
  ["This session has already started.", "the step comes after the session's start"],
  ["A no-show can be marked once the session has started.", "the session has not started yet"],
  ["A session can be marked completed once it has ended.", "the session has not ended yet"],
  ["This session's outcome is already recorded.", "the outcome was recorded before"],
  ["A cancelled session can no longer be edited.", "the session was cancelled before the edit"],
  ["Session not found.", "the caller is neither an Admin nor one of the session's two people"],
])

let server: TestServer
let admin: string
let client: string
let counsellor: string
let otherVendor: string
let uma: string
let chetan: string
let slot = 0

beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
  client = await server.login("user@demo.test")
  counsellor = await server.login("counsellor@demo.test")
  otherVendor = await server.login("lawyer@demo.test")
  uma = await idOf(server, "user@demo.test")
  chetan = await idOf(server, "counsellor@demo.test")
})
afterAll(() => server.close())

/** Books Uma with Chetan `inMs` from now, each booking on an hour of its own far from the seeded ones. */
async function book(inMs = 200 * DAY + ++slot * 3 * HOUR) {
  const at = minuteAfter(server, inMs)
  const res = await call(server, admin, "POST", "/counselling/create", {
    userId: uma,
    counsellorId: chetan,
    ...utcSlot(at),
    topic: "Lifecycle",
    agenda: "Steps",
    duration: 60,
  })
  expect(res.statusCode, res.body).toBe(200)
  return { id: res.json().data._id as string, at }
}
const post = (token: string, id: string, step: string, payload?: unknown) => call(server, token, "POST", `/counselling/session/${id}/${step}`, payload)
const mailsSince = (count: number) => server.outbox().slice(count)
const counsellorEmail = "counsellor@demo.test"

describe("reschedule", () => {
  it("the counsellor moves a session outside the notice window: both get the updated invite with the reason, the event and the history tell of it", async () => {
    const { id, at } = await book()
    const before = server.outbox().length
    const to = at + DAY
    const res = await post(counsellor, id, "reschedule", { ...utcSlot(to), reason: "Clinic closed that day" })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe("Session rescheduled successfully.")
    expect(res.json().data).toMatchObject({
      state: "rescheduled",
      stateReason: "Clinic closed that day",
      dateTime: new Date(to).toISOString(),
      cancelledLate: false,
    })
    const mails = mailsSince(before)
    expect(mails.map((m) => m.to).sort()).toEqual([counsellorEmail, "user@demo.test"])
    for (const mail of mails) {
      const [ics] = icsAttachments(mail.raw)
      expect(icsValue(ics!, "METHOD")).toBe("REQUEST")
      expect(icsValue(ics!, "SEQUENCE")).toBe("1")
      expect(mail.text).toContain("Reason: Clinic closed that day")
      expect(mail.text).toMatch(/Chetan Counsellor moved your 1:1 counselling session .* from .* UTC to .* UTC/)
    }
    expect(await eventsOf(server, "counsellingSession.rescheduled", id)).toHaveLength(1)
    const history = await call(server, client, "GET", `/counselling/session/${id}/history`)
    expect(history.statusCode).toBe(200)
    expect(history.json().data.map((e: { type: string }) => e.type)).toEqual(["counsellingSession.rescheduled", "counsellingSession.created"])
    expect(history.json().data[0]).toMatchObject({ actor: "Chetan Counsellor", reason: "Clinic closed that day" })
    expect(history.json().data[0].summary).toMatch(/^Rescheduled from \d{4}-\d\d-\d\d \d\d:\d\d UTC to \d{4}-\d\d-\d\d \d\d:\d\d UTC$/)
  })

  it("inside the notice window only an Admin moves it; a client cannot set a time; a stranger is told the session does not exist", async () => {
    const { id } = await book(6 * HOUR)
    const inside = await post(counsellor, id, "reschedule", { ...utcSlot(minuteAfter(server, 300 * DAY)), reason: "Late change" })
    expect(inside.statusCode).toBe(409)
    expect(inside.json().message).toBe("Sessions starting within 12 hours can only be rescheduled by an Admin.")
    expect((await post(client, id, "reschedule", { ...utcSlot(minuteAfter(server, 300 * DAY)), reason: "x" })).statusCode).toBe(403)
    expect((await post(otherVendor, id, "reschedule", { ...utcSlot(minuteAfter(server, 300 * DAY)), reason: "x" })).statusCode).toBe(404)
    const byAdmin = await post(admin, id, "reschedule", { ...utcSlot(minuteAfter(server, 300 * DAY)), reason: "Counsellor ill" })
    expect(byAdmin.statusCode, byAdmin.body).toBe(200)
    const past = await post(admin, id, "reschedule", { ...utcSlot(minuteAfter(server, -DAY)), reason: "Oops" })
    expect(past.statusCode).toBe(409)
    expect(past.json().message).toBe("time: the session must start in the future")
  })

  it("holds the overlap check of both people: not onto another session of the counsellor or of the client; a cancelled one gives its time back", async () => {
    const first = await book()
    const second = await book()
    const onto = await post(admin, second.id, "reschedule", { ...utcSlot(first.at + 30 * 60_000), reason: "Try" })
    expect(onto.statusCode).toBe(409)
    expect(onto.json().message).toBe("The counsellor already has a session at this time.")
    expect((await post(client, first.id, "cancel", { reason: "Cannot make it" })).statusCode).toBe(200)
    const freed = await post(admin, second.id, "reschedule", { ...utcSlot(first.at), reason: "Slot free now" })
    expect(freed.statusCode, freed.body).toBe(200)
  })

  it("of 100 moves into one slot at once, exactly one succeeds and the rest are told the counsellor is busy", async () => {
    const sessions = []
    for (let i = 0; i < 100; i++) sessions.push(await book(400 * DAY + i * 2 * HOUR))
    const target = utcSlot(minuteAfter(server, 399 * DAY))
    const answers = await Promise.all(sessions.map((s) => post(admin, s.id, "reschedule", { ...target, reason: "Everyone wants this hour" })))
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1)
    const refused = answers.filter((a) => a.statusCode !== 200)
    expect(new Set(refused.map((a) => `${a.statusCode} ${a.json().message}`))).toEqual(new Set(["409 The counsellor already has a session at this time."]))
  }, 120_000)
})

describe("ask for a new time", () => {
  it("the client asks; the session stays, the wish is shown and both are told; the counsellor's move clears it", async () => {
    const { id, at } = await book()
    const before = server.outbox().length
    const wished = at + 2 * DAY
    const res = await post(client, id, "reschedule-request", { ...utcSlot(wished), reason: "Exams that week" })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe("Your request for a new time has been sent.")
    expect(res.json().data).toMatchObject({
      state: "scheduled",
      dateTime: new Date(at).toISOString(),
      rescheduleWish: { dateTime: new Date(wished).toISOString(), reason: "Exams that week" },
    })
    const toCounsellor = mailsSince(before).find((m) => m.to === counsellorEmail)!
    expect(toCounsellor.text).toContain("Uma User asked to move")
    expect(toCounsellor.text).toContain(`${new Date(wished).toISOString().slice(0, 10)} ${new Date(wished).toISOString().slice(11, 16)} UTC`)
    expect(icsAttachments(toCounsellor.raw)).toEqual([])
    expect((await post(counsellor, id, "reschedule-request", { ...utcSlot(wished), reason: "x" })).statusCode).toBe(403)
    const moved = await post(counsellor, id, "reschedule", { ...utcSlot(wished), reason: "As asked" })
    expect(moved.json().data.rescheduleWish).toBeNull()
  })

  it("is refused inside the notice window", async () => {
    const { id } = await book(3 * HOUR)
    const res = await post(client, id, "reschedule-request", { ...utcSlot(minuteAfter(server, 9 * DAY)), reason: "x" })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe("Sessions starting within 12 hours cannot be moved any more; please contact your counsellor.")
  })
})

describe("cancel", () => {
  it("needs a reason; outside the window it is on time, inside it is late; both get a cancelling invite; a second cancel and an edit are refused", async () => {
    const early = await book()
    expect((await post(client, early.id, "cancel", { reason: "   " })).statusCode).toBe(400)
    const before = server.outbox().length
    const onTime = await post(client, early.id, "cancel", { reason: "Moving abroad" })
    expect(onTime.statusCode).toBe(200)
    expect(onTime.json()).toMatchObject({
      message: "Session cancelled successfully.",
      data: { state: "cancelled", cancelledLate: false, stateReason: "Moving abroad" },
    })
    for (const mail of mailsSince(before)) {
      expect(icsValue(icsAttachments(mail.raw)[0]!, "METHOD")).toBe("CANCEL")
      expect(mail.text).toContain("Reason: Moving abroad")
    }
    const again = await post(counsellor, early.id, "cancel", { reason: "Twice" })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe("This session was cancelled.")
    const edit = await call(server, admin, "PATCH", `/counselling/update/${early.id}`, { ...utcSlot(early.at), topic: "T", agenda: "A", duration: 30 })
    expect(edit.statusCode).toBe(409)
    expect(edit.json().message).toBe("A cancelled session can no longer be edited.")

    const soon = await book(2 * HOUR)
    const late = await post(counsellor, soon.id, "cancel", { reason: "Emergency" })
    expect(late.json()).toMatchObject({
      message: "Session cancelled. It was inside the notice window, so it is recorded as a late cancellation.",
      data: { cancelledLate: true },
    })
    const history = (await call(server, admin, "GET", `/counselling/session/${soon.id}/history`)).json().data
    expect(history[0]).toMatchObject({
      type: "counsellingSession.cancelled",
      summary: "Cancelled late (inside the notice window)",
      reason: "Emergency",
      actor: "Chetan Counsellor",
    })
  })
})

describe("outcome", () => {
  it("no-show once started, completed once ended, by the counsellor or an Admin, once", async () => {
    const held = await book(HOUR)
    const missed = await book(9 * HOUR)
    expect((await post(counsellor, missed.id, "no-show")).json().message).toBe("A no-show can be marked once the session has started.")
    expect((await post(client, held.id, "complete")).statusCode).toBe(403)
    const saved = server.clock.now
    try {
      // Access tokens live minutes: each moment signs in afresh.
      server.clock.now = held.at + 30 * 60_000
      const signIn = () => Promise.all(["counsellor@demo.test", "user@demo.test", "admin@demo.test"].map((e) => server.login(e)))
      let [chetanNow, umaNow, adminNow] = await signIn()
      expect((await post(chetanNow!, held.id, "complete")).json().message).toBe("A session can be marked completed once it has ended.")
      expect((await post(umaNow!, held.id, "cancel", { reason: "Late" })).json().message).toBe("This session has already started.")
      server.clock.now = missed.at + 10 * 60_000
      ;[chetanNow, umaNow, adminNow] = await signIn()
      const noShow = await post(chetanNow!, missed.id, "no-show")
      expect(noShow.json()).toMatchObject({ message: "Session marked as a no-show.", data: { state: "noShow" } })
      const completed = await post(adminNow!, held.id, "complete")
      expect(completed.json()).toMatchObject({ message: "Session marked as completed.", data: { state: "completed", status: "past" } })
      expect((await post(chetanNow!, held.id, "no-show")).json().message).toBe("This session's outcome is already recorded.")
      expect((await eventsOf(server, "counsellingSession.completed", held.id)).map((e) => e.actor_id)).toEqual([await idOf(server, "admin@demo.test")])
    } finally {
      server.clock.now = saved
    }
  })
})

describe("All Sessions' State filter (issue 26)", () => {
  type Listed = { _id: string; state: SessionState; dateTime: string }
  const page = async (query: string) => {
    const res = await call(server, admin, "GET", `/counselling/fetch?${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { data: { counsellingSessions: Listed[] }; totalRecords: number; totalPages: number }
  }
  const totals = async (): Promise<Record<SessionState, number>> =>
    Object.fromEntries(
      await Promise.all(sessionStates.map(async (state) => [state, (await page(`page=1&limit=1&state=${state}`)).totalRecords] as const)),
    ) as Record<SessionState, number>
  /** Every page of a list at `limit`, in turn: pages in the far half are read from the list's other end. */
  const everyPage = async (query: string, limit: number) => {
    const first = await page(`page=1&limit=${limit}&${query}`)
    const rows = [...first.data.counsellingSessions]
    for (let n = 2; n <= first.totalPages; n++) rows.push(...(await page(`page=${n}&limit=${limit}&${query}`)).data.counsellingSessions)
    return rows
  }

  it("keeps one state's sessions, with totals that follow each step and add up to the whole list", async () => {
    const before = await totals()
    expect(Object.values(before).reduce((a, b) => a + b, 0)).toBe((await page("page=1&limit=1")).totalRecords)
    const moved = await book()
    const called = await book()
    expect((await post(counsellor, moved.id, "reschedule", { ...utcSlot(moved.at + DAY), reason: "Clinic closed" })).statusCode).toBe(200)
    expect((await post(client, called.id, "cancel", { reason: "Moving abroad" })).statusCode).toBe(200)
    // Two booked (scheduled), then one moved and one cancelled: scheduled as before, one more of each of the others.
    expect(await totals()).toEqual({ ...before, rescheduled: before.rescheduled + 1, cancelled: before.cancelled + 1 })
    const cancelled = await page("page=1&limit=100&state=cancelled")
    expect(cancelled.data.counsellingSessions.map((s) => s._id)).toContain(called.id)
    expect(cancelled.data.counsellingSessions.every((s) => s.state === "cancelled")).toBe(true)
    expect((await page("page=1&limit=100&state=rescheduled")).data.counsellingSessions.map((s) => s._id)).toEqual(expect.arrayContaining([moved.id]))
    expect((await page("page=1&limit=100&state=scheduled")).data.counsellingSessions.map((s) => s._id)).not.toContain(called.id)
  })

  it("pages one state the same from either end, in booking order or by date either way; the CSV follows; another state is 400", async () => {
    const scheduled = await everyPage("state=scheduled", 100)
    expect(scheduled.length).toBeGreaterThan(20)
    expect(scheduled.every((s) => s.state === "scheduled")).toBe(true)
    expect((await everyPage("state=scheduled", 7)).map((s) => s._id)).toEqual(scheduled.map((s) => s._id))
    const byDate = await everyPage("state=scheduled&sort=dateTime", 7)
    expect(new Set(byDate.map((s) => s._id))).toEqual(new Set(scheduled.map((s) => s._id)))
    const times = byDate.map((s) => Date.parse(s.dateTime))
    expect(times).toEqual(times.toSorted((a, b) => a - b))
    expect((await everyPage("state=scheduled&sort=-dateTime", 7)).map((s) => s._id)).toEqual(byDate.map((s) => s._id).toReversed())
    const csv = await server.app.inject({ method: "GET", url: "/api/v1/export/all-sessions?state=cancelled&sort=dateTime", headers: bearer(admin) })
    expect(csv.statusCode).toBe(200)
    const cancelled = await everyPage("state=cancelled&sort=dateTime", 100)
    const lines = csv.body.trim().split(/\r?\n/)
    expect(lines).toHaveLength(cancelled.length + 1)
    expect(lines.slice(1).every((line) => line.includes("Cancelled"))).toBe(true)
    const bad = await call(server, admin, "GET", "/counselling/fetch?page=1&limit=10&state=finished")
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^state:/)
    expect((await server.app.inject({ method: "GET", url: "/api/v1/export/all-sessions?state=finished", headers: bearer(admin) })).statusCode).toBe(400)
  })
})
