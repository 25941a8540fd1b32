import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./harness.ts"
import {
  assignedClient,
  call,
  DAY,
  demoEmailOf,
  eventsOf,
  HOUR,
  icsAttachments,
  icsValue,
  idOf,
  minuteAfter,
  nonAdminRoles,
  utcSlot,
} from "./counselling-fixtures.ts"
import { explainRefusals } from "./openapi-validator.ts"
// Refusals of requests the API document calls valid, provoked here on purpose, with what explains each.
explainRefusals([
  ["time: the session must start in the future", "the date and time named are already past (now is state)"],
  ["counsellorId: a user cannot be their own counsellor", "the counsellor named is the client"],
  ["timeZone: must be a time zone name such as Asia/Kolkata", "a name no time zone of the server's time zone database has"],
])

let server: TestServer
let admin: string
let client: { userId: string; counsellorId: string; email: string }
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
  client = await assignedClient(server, admin, 3)
})
afterAll(() => server.close())

const body = (at: number, extra: Record<string, unknown> = {}) => ({
  userId: client.userId,
  counsellorId: client.counsellorId,
  ...utcSlot(at),
  topic: "First steps",
  agenda: "Get to know each other",
  duration: 60,
  note: "Bring questions",
  ...extra,
})
const create = (payload: unknown) => call(server, admin, "POST", "/counselling/create", payload)
const mailsSince = (count: number) => server.outbox().slice(count)

describe("POST /counselling/create", () => {
  it("books the session with a Jitsi room, answers it, logs it and mails client and counsellor an .ics REQUEST", async () => {
    const at = minuteAfter(server, 40 * DAY)
    const outboxBefore = server.outbox().length
    const res = await create(body(at))
    expect(res.statusCode).toBe(200)
    const { message, data } = res.json()
    expect(message).toBe("Session created successfully!")
    expect(data).toMatchObject({
      userId: client.userId,
      counsellorId: client.counsellorId,
      email: client.email,
      status: "upcoming",
      topic: "First steps",
      agenda: "Get to know each other",
      note: "Bring questions",
      duration: 60,
      dateTime: new Date(at).toISOString(),
      bookingAge: expect.any(Number),
    })
    expect(data.meetingKey).toMatch(/^Counselling[0-9a-f]{32}$/)
    expect(data.joinLink).toBe(`https://meet.jit.si/${data.meetingKey}`)
    expect(data.startLink).toBe(`https://meet.jit.si/${data.meetingKey}`)
    expect(data.counsellor).toEqual({ name: data.counsellorName, role: data.counsellorRole })
    const events = await eventsOf(server, "counsellingSession.created", data._id)
    expect(events).toHaveLength(1)
    expect(events[0]!.after).toMatchObject({ topic: data.topic, meeting_key: data.meetingKey })

    const mails = mailsSince(outboxBefore)
    const counsellorEmail = (await server.db.selectFrom("users").select("email").where("id", "=", client.counsellorId).executeTakeFirstOrThrow()).email
    expect(mails.map((m) => m.to).sort()).toEqual([client.email, counsellorEmail].sort())
    for (const mail of mails) {
      expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/)
      const [ics] = icsAttachments(mail.raw)
      expect(icsValue(ics!, "METHOD")).toBe("REQUEST")
      expect(icsValue(ics!, "UID")).toBe(`${data._id}@counselling.console`)
      expect(icsValue(ics!, "SEQUENCE")).toBe("0")
      expect(icsValue(ics!, "DTSTART")).toBe(new Date(at).toISOString().replace(/[-:]/g, "").replace(".000", ""))
      expect(icsValue(ics!, "DTEND")).toBe(new Date(at + HOUR).toISOString().replace(/[-:]/g, "").replace(".000", ""))
      expect(icsValue(ics!, "LOCATION")).toBe(data.joinLink)
      expect(ics).toMatch(/\r\nEND:VCALENDAR\r\n$/)
      expect(ics!.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true)
    }
    expect(mails.find((m) => m.to === client.email)!.text).toContain(`Join link: ${data.joinLink}`)
    expect(mails.find((m) => m.to === counsellorEmail)!.text).toContain(`Start link: ${data.startLink}`)
  })

  it.each([
    [{ date: "30/01/2031" }, "date"],
    [{ date: "2031-02-30" }, "date"],
    [{ time: "14:30:00" }, "time"],
    [{ time: "25:00Z" }, "time"],
    [{ time: "14:30", timeZone: "Mars/Olympus_Mons" }, "timeZone"],
    [{ duration: "sixty" }, "duration"],
    [{ duration: 0 }, "duration"],
    [{ duration: 12.5 }, "duration"],
    [{ topic: "   " }, "topic"],
    [{ agenda: "" }, "agenda"],
    [{ counsellorId: undefined }, "counsellorId"],
    [{ userId: undefined }, "userId"],
  ])("refuses %o with 400 naming %s", async (bad, field) => {
    const res = await create(body(minuteAfter(server, 41 * DAY), bad))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(new RegExp(`^${field}: `))
  })

  it("refuses a start in the past (400), an unknown client or counsellor (404), a client as their own counsellor (400)", async () => {
    const past = await create(body(minuteAfter(server, -HOUR)))
    expect(past.statusCode).toBe(400)
    expect(past.json().message).toBe("time: the session must start in the future")
    expect((await create(body(minuteAfter(server, 42 * DAY), { userId: "nobody" }))).statusCode).toBe(404)
    expect((await create(body(minuteAfter(server, 42 * DAY), { counsellorId: "nobody" }))).statusCode).toBe(404)
    expect((await create(body(minuteAfter(server, 42 * DAY), { counsellorId: client.userId }))).statusCode).toBe(400)
  })

  it("refuses a second booking of the counsellor that overlaps by any minute (409), allows back-to-back ones", async () => {
    const at = minuteAfter(server, 43 * DAY)
    expect((await create(body(at))).statusCode).toBe(200)
    const other = await assignedClient(server, admin, 5)
    for (const offset of [0, 30 * 60_000, -59 * 60_000, 59 * 60_000]) {
      const res = await create({ ...body(at + offset), userId: other.userId })
      expect(res.statusCode, `offset ${offset}`).toBe(409)
      expect(res.json().message).toBe("The counsellor already has a session at this time.")
    }
    expect((await create({ ...body(at + HOUR), userId: other.userId })).statusCode).toBe(200)
    expect((await create({ ...body(at - HOUR), userId: other.userId })).statusCode).toBe(200)
  })
})

describe("a time zone with a daylight-saving change (Europe/Berlin)", () => {
  /** The last Sunday of a month in a year after the server's now: Europe's clock-change days. */
  const lastSunday = (year: number, month: number) => {
    const day = new Date(Date.UTC(year, month + 1, 0))
    day.setUTCDate(day.getUTCDate() - day.getUTCDay())
    return day.toISOString().slice(0, 10)
  }
  const year = new Date().getUTCFullYear() + 2

  it("stores the instant the wall-clock time and offset name, so a spring-forward overlap is caught", async () => {
    const date = lastSunday(year, 2)
    const base = { ...body(0), duration: 60 }
    // 01:30 CET is 00:30 UTC; at 02:00 clocks jump to 03:00 CEST, so the hour ends at 03:30 local.
    const first = await create({ ...base, date, time: "01:30+01:00" })
    expect(first.statusCode).toBe(200)
    expect(first.json().data.dateTime).toBe(`${date}T00:30:00.000Z`)
    const outboxBefore = server.outbox().length
    const clash = await create({ ...base, date, time: "03:00+02:00" })
    expect(clash.statusCode).toBe(409)
    const after = await create({ ...base, date, time: "03:30+02:00" })
    expect(after.statusCode).toBe(200)
    expect(after.json().data.dateTime).toBe(`${date}T01:30:00.000Z`)
    const [ics] = icsAttachments(mailsSince(outboxBefore)[0]!.raw)
    expect(icsValue(ics!, "DTSTART")).toBe(`${date.replace(/-/g, "")}T013000Z`)
  })

  it("tells apart the two 02:30s of the autumn fall-back by their offsets", async () => {
    const date = lastSunday(year, 9)
    const base = { ...body(0), duration: 60 }
    const summer = await create({ ...base, date, time: "02:30+02:00" })
    const winter = await create({ ...base, date, time: "02:30+01:00" })
    expect([summer.statusCode, winter.statusCode]).toEqual([200, 200])
    expect(summer.json().data.dateTime).toBe(`${date}T00:30:00.000Z`)
    expect(winter.json().data.dateTime).toBe(`${date}T01:30:00.000Z`)
  })
})

describe("the spec's plain HH:mm time", () => {
  const year = new Date().getUTCFullYear() + 2
  const base = () => ({ ...body(0), duration: 60 })

  it("reads a plain time in the request's time zone, UTC when it names none, with a join link and the same overlap rule", async () => {
    const date = `${year}-06-03`
    const kolkata = await create({ ...base(), date, time: "10:00", timeZone: "Asia/Kolkata" })
    expect(kolkata.statusCode).toBe(200)
    expect(kolkata.json().data.dateTime).toBe(`${date}T04:30:00.000Z`)
    expect(kolkata.json().data.joinLink).toBe(`https://meet.jit.si/${kolkata.json().data.meetingKey}`)
    // The same instant written with its offset is the same counsellor's same hour: refused.
    const sameHour = await create({ ...base(), date, time: "10:30+05:30" })
    expect(sameHour.statusCode).toBe(409)
    expect(sameHour.json().message).toBe("The counsellor already has a session at this time.")
    const utc = await create({ ...base(), date, time: "10:00" })
    expect(utc.statusCode).toBe(200)
    expect(utc.json().data.dateTime).toBe(`${date}T10:00:00.000Z`)
    const clash = await create({ ...base(), date, time: "09:30", timeZone: "UTC" })
    expect(clash.statusCode).toBe(409)
  })

  it("moves a session with a plain time on update, and refuses an overlap written that way", async () => {
    const date = `${year}-06-04`
    const first = (await create({ ...base(), date, time: "08:00", timeZone: "Europe/Berlin" })).json().data
    expect(first.dateTime).toBe(`${date}T06:00:00.000Z`)
    const second = (await create({ ...base(), date, time: "12:00", timeZone: "Europe/Berlin" })).json().data
    const moved = await call(server, admin, "PATCH", `/counselling/update/${second._id}`, {
      date,
      time: "15:15",
      timeZone: "Europe/Berlin",
      topic: "t",
      agenda: "a",
      duration: 30,
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.json().data.dateTime).toBe(`${date}T13:15:00.000Z`)
    const onFirst = await call(server, admin, "PATCH", `/counselling/update/${second._id}`, {
      date,
      time: "08:30",
      timeZone: "Europe/Berlin",
      topic: "t",
      agenda: "a",
      duration: 30,
    })
    expect(onFirst.statusCode).toBe(409)
  })

  it("reads a wall-clock time that a spring-forward skips as the hour after it", async () => {
    // A year after the offset tests' own spring-forward, whose sessions hold that night's hours.
    const later = year + 1
    const date = `${later}-03-${String(31 - new Date(Date.UTC(later, 2, 31)).getUTCDay()).padStart(2, "0")}`
    const skipped = await create({ ...base(), date, time: "02:30", timeZone: "Europe/Berlin" })
    expect(skipped.statusCode).toBe(200)
    expect(skipped.json().data.dateTime).toBe(`${date}T01:30:00.000Z`)
  })
})

describe("reading sessions", () => {
  it("GET /counselling/fetch pages everyone's sessions, most recently booked first", async () => {
    const res = (await call(server, admin, "GET", "/counselling/fetch?page=1&limit=10")).json()
    expect(res.data.counsellingSessions).toHaveLength(10)
    expect(res.totalRecords).toBeGreaterThan(20)
    expect(res.totalPages).toBe(Math.ceil(res.totalRecords / 10))
    expect(res.currentPage).toBe(1)
    const created = res.data.counsellingSessions.map((s: { createdAt: string }) => s.createdAt)
    expect([...created].sort().reverse()).toEqual(created)
    const statuses = new Set(
      (await call(server, admin, "GET", "/counselling/fetch?page=1&limit=100")).json().data.counsellingSessions.map((s: { status: string }) => s.status),
    )
    expect(statuses).toEqual(new Set(["upcoming", "past"]))
  })

  it("GET /counselling/fetch?sort=dateTime|-dateTime orders everyone's sessions by their date, on every page from either end; another sort is 400", async () => {
    const pagesOf = async (sort: string) => {
      const first = (await call(server, admin, "GET", `/counselling/fetch?page=1&limit=10&sort=${sort}`)).json()
      const pages = [first]
      for (let page = 2; page <= first.totalPages; page++)
        pages.push((await call(server, admin, "GET", `/counselling/fetch?page=${page}&limit=10&sort=${sort}`)).json())
      return pages.flatMap((p) => p.data.counsellingSessions.map((s: { _id: string; dateTime: string }) => s))
    }
    const earliest = await pagesOf("dateTime")
    const total = (await call(server, admin, "GET", "/counselling/fetch?page=1&limit=1")).json().totalRecords
    expect(earliest).toHaveLength(total)
    const times = earliest.map((s: { dateTime: string }) => Date.parse(s.dateTime))
    expect(times).toEqual([...times].sort((a, b) => a - b))
    const latest = await pagesOf("-dateTime")
    expect(latest.map((s: { _id: string }) => s._id)).toEqual(earliest.map((s: { _id: string }) => s._id).reverse())
    const bad = await call(server, admin, "GET", "/counselling/fetch?page=1&limit=10&sort=createdAt")
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^sort:/)
  })

  it("a client reads their own sessions (all, upcoming soonest first, past latest first, limit 5000) and nobody else's", async () => {
    const token = await server.login("user@demo.test")
    const me = await idOf(server, "user@demo.test")
    const all = (await call(server, token, "GET", `/counselling/fetch/user/${me}?page=1&limit=5000`)).json()
    expect(all.totalRecords).toBeGreaterThanOrEqual(8)
    expect(all.data.counsellingSessions.every((s: { userId: string }) => s.userId === me)).toBe(true)
    const upcoming = (await call(server, token, "GET", `/counselling/fetch/user/${me}?status=upcoming`)).json().data.counsellingSessions
    const past = (await call(server, token, "GET", `/counselling/fetch/user/${me}?status=past`)).json().data.counsellingSessions
    expect(upcoming.length).toBeGreaterThanOrEqual(4)
    expect(past.length).toBeGreaterThanOrEqual(4)
    expect(upcoming.every((s: { status: string; dateTime: string }) => s.status === "upcoming" && Date.parse(s.dateTime) > server.clock.now)).toBe(true)
    expect(past.every((s: { status: string }) => s.status === "past")).toBe(true)
    const up = upcoming.map((s: { dateTime: string }) => s.dateTime)
    expect([...up].sort()).toEqual(up)
    const down = past.map((s: { dateTime: string }) => s.dateTime)
    expect([...down].sort().reverse()).toEqual(down)
    expect((await call(server, token, "GET", `/counselling/fetch/user/${client.userId}`)).statusCode).toBe(403)
    expect((await call(server, token, "GET", `/counselling/fetch/counsellor/${me}`)).statusCode).toBe(403)
    expect((await call(server, token, "GET", `/counselling/fetch/user/${me}?status=soon`)).statusCode).toBe(400)
  })

  it("every vendor role reads its own counsellor sessions and nobody else's; an admin reads anyone's", async () => {
    for (const role of ["Lawyer", "Counsellor", "Nutritionist", "YogaTeacher", "ImageConsultant"] as const) {
      const token = await server.login(demoEmailOf(role))
      const me = await idOf(server, demoEmailOf(role))
      const own = await call(server, token, "GET", `/counselling/fetch/counsellor/${me}?page=1&limit=5000`)
      expect(own.statusCode, role).toBe(200)
      expect(own.json().data.counsellingSessions.every((s: { counsellorId: string }) => s.counsellorId === me)).toBe(true)
      expect((await call(server, token, "GET", `/counselling/fetch/counsellor/${client.counsellorId}`)).statusCode, role).toBe(403)
      expect((await call(server, token, "GET", `/counselling/fetch/user/${me}`)).statusCode, role).toBe(403)
    }
    const chetan = await idOf(server, "counsellor@demo.test")
    expect(
      (await call(server, await server.login("counsellor@demo.test"), "GET", `/counselling/fetch/counsellor/${chetan}`)).json().totalRecords,
    ).toBeGreaterThanOrEqual(18)
    expect((await call(server, admin, "GET", `/counselling/fetch/counsellor/${chetan}`)).statusCode).toBe(200)
    expect((await call(server, admin, "GET", `/counselling/fetch/user/${client.userId}`)).statusCode).toBe(200)
    expect((await call(server, await server.login("editor@demo.test"), "GET", `/counselling/fetch/user/${client.userId}`)).statusCode).toBe(403)
    expect((await call(server, null, "GET", `/counselling/fetch/user/${client.userId}`)).statusCode).toBe(401)
  })
})

describe("PATCH /counselling/update/:id (id = the session's _id)", () => {
  it("changes an upcoming session, logs before and after, mails both an .ics with a higher SEQUENCE", async () => {
    const at = minuteAfter(server, 50 * DAY)
    const created = (await create(body(at))).json().data
    const outboxBefore = server.outbox().length
    const moved = at + 2 * HOUR
    const res = await call(server, admin, "PATCH", `/counselling/update/${created._id}`, {
      ...utcSlot(moved),
      topic: "Moved",
      agenda: "New agenda",
      duration: 90,
      note: "",
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe("Session updated successfully!")
    expect(res.json().data).toMatchObject({
      _id: created._id,
      topic: "Moved",
      agenda: "New agenda",
      duration: 90,
      note: null,
      dateTime: new Date(moved).toISOString(),
      meetingKey: created.meetingKey,
    })
    const [event] = await eventsOf(server, "counsellingSession.updated", created._id)
    expect(event!.before).toMatchObject({ topic: "First steps" })
    expect(event!.after).toMatchObject({ topic: "Moved" })
    const mails = mailsSince(outboxBefore)
    expect(mails).toHaveLength(2)
    for (const mail of mails) {
      const [ics] = icsAttachments(mail.raw)
      expect(icsValue(ics!, "UID")).toBe(`${created._id}@counselling.console`)
      expect(icsValue(ics!, "SEQUENCE")).toBe("1")
      expect(icsValue(ics!, "METHOD")).toBe("REQUEST")
      expect(mail.text).toContain("has changed")
    }
  })

  it("refuses a past session (409), one without a meeting key (409), an overlap (409), a past new time (400), an unknown id (404)", async () => {
    const soon = minuteAfter(server, 10 * 60_000)
    const session = (await create(body(soon, { duration: 15 }))).json().data
    const later = minuteAfter(server, 55 * DAY)
    server.clock.now += 30 * 60_000
    try {
      // Half an hour on, the Admin signs in again (an access token lives 15 minutes).
      const adminLater = await server.login("admin@demo.test")
      const past = await call(server, adminLater, "PATCH", `/counselling/update/${session._id}`, { ...utcSlot(later), topic: "t", agenda: "a", duration: 30 })
      expect(past.statusCode).toBe(409)
      expect(past.json().message).toBe("Only upcoming sessions can be edited.")
    } finally {
      server.clock.now -= 30 * 60_000
    }
    const keyless = (await create(body(minuteAfter(server, 56 * DAY)))).json().data
    await server.db.updateTable("counselling_sessions").set({ meeting_key: null }).where("id", "=", keyless._id).execute()
    const missing = await call(server, admin, "PATCH", `/counselling/update/${keyless._id}`, { ...utcSlot(later), topic: "t", agenda: "a", duration: 30 })
    expect(missing.statusCode).toBe(409)
    expect(missing.json().message).toBe("Missing meeting key.")

    const a = (await create(body(minuteAfter(server, 57 * DAY)))).json().data
    const b = (await create(body(minuteAfter(server, 57 * DAY) + 2 * HOUR))).json().data
    const overlap = await call(server, admin, "PATCH", `/counselling/update/${b._id}`, {
      ...utcSlot(Date.parse(a.dateTime) + 30 * 60_000),
      topic: "t",
      agenda: "a",
      duration: 30,
    })
    expect(overlap.statusCode).toBe(409)
    const self = await call(server, admin, "PATCH", `/counselling/update/${b._id}`, {
      ...utcSlot(Date.parse(b.dateTime) + 15 * 60_000),
      topic: "t",
      agenda: "a",
      duration: 60,
    })
    expect(self.statusCode).toBe(200)
    const pastTime = await call(server, admin, "PATCH", `/counselling/update/${b._id}`, {
      ...utcSlot(minuteAfter(server, -DAY)),
      topic: "t",
      agenda: "a",
      duration: 30,
    })
    expect(pastTime.statusCode).toBe(400)
    expect((await call(server, admin, "PATCH", "/counselling/update/nope", { ...utcSlot(later), topic: "t", agenda: "a", duration: 30 })).statusCode).toBe(404)
    const bad = await call(server, admin, "PATCH", `/counselling/update/${b._id}`, { ...utcSlot(later), topic: "t", agenda: "a" })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe("duration: is required")
  })
})

describe("DELETE /counselling/delete/:meetingKey", () => {
  it("removes the session for both sides, logs it and mails both an .ics CANCEL with the next SEQUENCE", async () => {
    const created = (await create(body(minuteAfter(server, 60 * DAY)))).json().data
    const outboxBefore = server.outbox().length
    const res = await call(server, admin, "DELETE", `/counselling/delete/${created.meetingKey}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: "Session deleted successfully." })
    const mine = (await call(server, admin, "GET", `/counselling/fetch/user/${client.userId}?limit=5000`)).json().data.counsellingSessions
    expect(mine.some((s: { _id: string }) => s._id === created._id)).toBe(false)
    const theirs = (await call(server, admin, "GET", `/counselling/fetch/counsellor/${client.counsellorId}?limit=5000`)).json().data.counsellingSessions
    expect(theirs.some((s: { _id: string }) => s._id === created._id)).toBe(false)
    expect(await eventsOf(server, "counsellingSession.deleted", created._id)).toHaveLength(1)
    const mails = mailsSince(outboxBefore)
    expect(mails).toHaveLength(2)
    for (const mail of mails) {
      const [ics] = icsAttachments(mail.raw)
      expect(icsValue(ics!, "METHOD")).toBe("CANCEL")
      expect(icsValue(ics!, "STATUS")).toBe("CANCELLED")
      expect(icsValue(ics!, "SEQUENCE")).toBe("1")
      expect(icsValue(ics!, "UID")).toBe(`${created._id}@counselling.console`)
    }
    expect((await call(server, admin, "DELETE", `/counselling/delete/${created.meetingKey}`)).statusCode).toBe(404)
  })
})

describe("who may change sessions", () => {
  it("refuses every role but Admin (403) and anonymous callers (401)", async () => {
    const calls: Array<["GET" | "POST" | "PATCH" | "DELETE", string, unknown?]> = [
      ["POST", "/counselling/create", body(minuteAfter(server, 70 * DAY))],
      ["GET", "/counselling/fetch"],
      ["PATCH", "/counselling/update/x", { ...utcSlot(minuteAfter(server, 70 * DAY)), topic: "t", agenda: "a", duration: 30 }],
      ["DELETE", "/counselling/delete/x"],
    ]
    for (const role of nonAdminRoles) {
      const token = await server.login(demoEmailOf(role))
      for (const [method, url, payload] of calls) expect((await call(server, token, method, url, payload)).statusCode, `${role} ${method} ${url}`).toBe(403)
    }
    for (const [method, url, payload] of calls) expect((await call(server, null, method, url, payload)).statusCode).toBe(401)
  })
})
