import ICAL from "ical.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./harness.ts"
import { call, DAY, idOf, minuteAfter, utcSlot } from "./counselling-fixtures.ts"

let server: TestServer
let admin: string
let client: string
let counsellor: string

beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
  client = await server.login("user@demo.test")
  counsellor = await server.login("counsellor@demo.test")
})
afterAll(() => server.close())

const feedPath = (url: string) => new URL(url).pathname.replace(/^\/api\/v1/, "")
const fetchFeed = (url: string) => server.app.inject({ method: "GET", url: new URL(url).pathname })

/** The feed read back by a real iCalendar parser (ical.js), as a calendar app reads it. */
function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  return {
    calendar,
    events: calendar.getAllSubcomponents("vevent").map((v) => ({
      uid: String(v.getFirstPropertyValue("uid")),
      start: (v.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
      end: (v.getFirstPropertyValue("dtend") as ICAL.Time).toJSDate().toISOString(),
      summary: String(v.getFirstPropertyValue("summary")),
      status: String(v.getFirstPropertyValue("status")),
      sequence: Number(v.getFirstPropertyValue("sequence")),
      location: v.getFirstPropertyValue("location") as string | null,
    })),
  }
}

describe("private calendar feed", () => {
  it("has none at first; making one gives a secret address that lists the person's sessions, valid RFC 5545 read back by a parser", async () => {
    expect((await call(server, client, "GET", "/calendar/feed")).json().data).toEqual({ url: null, createdAt: null })
    const made = await call(server, client, "POST", "/calendar/feed")
    expect(made.statusCode).toBe(200)
    expect(made.json().message).toBe("Your calendar address is ready.")
    const url = made.json().data.url as string
    expect(url).toMatch(/^http:\/\/console\.test\/api\/v1\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/)
    expect((await call(server, client, "GET", "/calendar/feed")).json().data.url).toBe(url)

    const uma = await idOf(server, "user@demo.test")
    const chetan = await idOf(server, "counsellor@demo.test")
    const at = minuteAfter(server, 250 * DAY)
    const booked = await call(server, admin, "POST", "/counselling/create", {
      userId: uma,
      counsellorId: chetan,
      ...utcSlot(at),
      topic: "Feed, with a comma",
      agenda: "Check; the feed",
      duration: 45,
    })
    expect(booked.statusCode, booked.body).toBe(200)
    const session = booked.json().data

    const res = await fetchFeed(url)
    expect(res.statusCode).toBe(200)
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8")
    expect(res.headers["cache-control"]).toBe("private, max-age=60")
    expect(res.body.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true)
    const { calendar, events } = parse(res.body)
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH")
    const event = events.find((e) => e.uid === `${session._id}@counselling.console`)!
    expect(event).toEqual({
      uid: `${session._id}@counselling.console`,
      start: new Date(at).toISOString(),
      end: new Date(at + 45 * 60_000).toISOString(),
      summary: "1:1 Counselling: Feed, with a comma",
      status: "CONFIRMED",
      sequence: 0,
      location: session.joinLink,
    })
    // The seeded sessions of the last 90 days and to come are there too, earliest first.
    expect(events.length).toBeGreaterThanOrEqual(5)
    expect(events.map((e) => e.start)).toEqual([...events.map((e) => e.start)].sort())

    // The counsellor's own feed lists the same session under the same UID.
    const theirs = (await call(server, counsellor, "POST", "/calendar/feed")).json().data.url as string
    expect(parse((await fetchFeed(theirs)).body).events.some((e) => e.uid === event.uid)).toBe(true)

    // A cancellation shows as CANCELLED with the next sequence, so calendar apps strike it out.
    await call(server, client, "POST", `/counselling/session/${session._id}/cancel`, { reason: "Travelling" })
    const after = parse((await fetchFeed(url)).body).events.find((e) => e.uid === event.uid)!
    expect(after).toMatchObject({ status: "CANCELLED", sequence: 1 })
  })

  it("replacing the address ends the old one at once; turning it off ends it too; an address never made is 404", async () => {
    const first = (await call(server, counsellor, "POST", "/calendar/feed")).json().data.url as string
    const replaced = await call(server, counsellor, "POST", "/calendar/feed")
    expect(replaced.json().message).toBe("Your calendar address was replaced: the old one no longer works.")
    const second = replaced.json().data.url as string
    expect(second).not.toBe(first)
    expect((await fetchFeed(first)).statusCode).toBe(404)
    expect((await fetchFeed(second)).statusCode).toBe(200)
    const off = await call(server, counsellor, "DELETE", "/calendar/feed")
    expect(off.json()).toEqual({ success: true, message: "Your calendar address was turned off.", data: { url: null, createdAt: null } })
    expect((await fetchFeed(second)).statusCode).toBe(404)
    expect((await server.app.inject({ method: "GET", url: `/api/v1/calendar/feed/${"A".repeat(43)}.ics` })).statusCode).toBe(404)
    expect((await server.app.inject({ method: "GET", url: "/api/v1/calendar/feed/short.ics" })).statusCode).toBe(400)
    // The log tells of each step, never the secret.
    const events = await server.db
      .selectFrom("events")
      .select(["type", "after"])
      .where("entity_id", "=", await idOf(server, "counsellor@demo.test"))
      .where("type", "like", "user.calendarFeed%")
      .orderBy("id")
      .execute()
    expect(events.map((e) => e.type)).toEqual([
      "user.calendarFeedCreated",
      "user.calendarFeedReplaced",
      "user.calendarFeedReplaced",
      "user.calendarFeedRevoked",
    ])
    expect(JSON.stringify(events)).not.toContain(feedPath(second).split("/").pop()!.replace(".ics", ""))
  })
})
