import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./harness.ts"
import { call, DAY, eventsOf, idOf, utcSlot } from "./counselling-fixtures.ts"
import { explainRefusals } from "./openapi-validator.ts"

explainRefusals([
  ["to: must be later than from", "the range ends before it starts"],
  ["to: a range spans at most 31 days", "the range is longer than free slots are computed for"],
  ["timeZone: must be a time zone name such as Asia/Kolkata", "a name no time zone of the server's time zone database has"],
])

let server: TestServer
let admin: string
let vendor: string
let chetan: string
let uma: string
let monday: string

beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
  vendor = await server.login("counsellor@demo.test")
  chetan = await idOf(server, "counsellor@demo.test")
  uma = await idOf(server, "user@demo.test")
  // A Monday about two months ahead, clear of the seeded sessions.
  const d = new Date(server.clock.now + 60 * DAY)
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7))
  monday = d.toISOString().slice(0, 10)
})
afterAll(() => server.close())

const free = async (query: string) => call(server, admin, "GET", `/availability/${chetan}/free?${query}`)
const dayRange = (date: string) => `from=${date}T00:00:00Z&to=${date}T23:59:59Z`

describe("a person's time zone", () => {
  it("is null until chosen, is set and cleared by its owner with an event, and refuses a name no zone has", async () => {
    expect((await call(server, vendor, "GET", "/user/time-zone")).json().data).toEqual({ timeZone: null })
    const set = await call(server, vendor, "PUT", "/user/time-zone", { timeZone: "Asia/Kolkata" })
    expect(set.json()).toEqual({ success: true, message: "Your time zone is now Asia/Kolkata.", data: { timeZone: "Asia/Kolkata" } })
    expect((await call(server, vendor, "GET", "/user/time-zone")).json().data).toEqual({ timeZone: "Asia/Kolkata" })
    const events = await eventsOf(server, "user.timeZoneChanged", chetan)
    expect(events.at(-1)!.after).toEqual({ time_zone: "Asia/Kolkata" })
    const bad = await call(server, vendor, "PUT", "/user/time-zone", { timeZone: "Mars/Olympus" })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe("timeZone: must be a time zone name such as Asia/Kolkata")
  })
})

describe("weekly hours and free slots", () => {
  it("reads a weekday's hours in the vendor's zone, takes away what the vendor or the client has booked, and lets a moved session keep its own time", async () => {
    const saved = await call(server, vendor, "PUT", "/availability", { days: [], weekly: [{ weekday: 0, slots: ["09:00", "09:30", "10:00"] }] })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data.weekly).toEqual([["09:00", "09:30", "10:00"], null, null, null, null, null, null])
    expect(saved.json().data.timeZone).toBe("Asia/Kolkata")
    // The picker shows the weekday's hours on a Monday without slots of its own.
    const picker = (await call(server, vendor, "GET", `/availability?from=${monday}&days=1`)).json().data.days[0]
    expect(picker).toEqual({ date: monday, slots: ["09:00", "09:30", "10:00"], isDefault: true })

    // 09:00, 09:30 and 10:00 in Kolkata (UTC+05:30) are 03:30, 04:00 and 04:30 UTC.
    const first = await free(dayRange(monday))
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().data).toEqual({
      vendorId: chetan,
      timeZone: "Asia/Kolkata",
      slots: [
        { start: `${monday}T03:30:00.000Z`, end: `${monday}T04:00:00.000Z` },
        { start: `${monday}T04:00:00.000Z`, end: `${monday}T04:30:00.000Z` },
        { start: `${monday}T04:30:00.000Z`, end: `${monday}T05:00:00.000Z` },
      ],
    })

    // A 45-minute session of the vendor at 04:00Z takes 04:00 and 04:30.
    const booked = await call(server, admin, "POST", "/counselling/create", {
      userId: uma,
      counsellorId: chetan,
      ...utcSlot(Date.parse(`${monday}T04:00:00Z`)),
      topic: "Slots",
      agenda: "a",
      duration: 45,
    })
    expect(booked.statusCode, booked.body).toBe(200)
    expect((await free(dayRange(monday))).json().data.slots.map((s: { start: string }) => s.start)).toEqual([`${monday}T03:30:00.000Z`])
    // Moving that very session: its own time is free for it.
    const moving = await free(`${dayRange(monday)}&exceptSessionId=${booked.json().data._id}`)
    expect(moving.json().data.slots).toHaveLength(3)

    // A client busy at 03:30Z with someone else: with clientId, that slot goes too.
    const lawyer = await idOf(server, "lawyer@demo.test")
    const other = await call(server, admin, "POST", "/counselling/create", {
      userId: uma,
      counsellorId: lawyer,
      ...utcSlot(Date.parse(`${monday}T03:15:00Z`)),
      topic: "Other",
      agenda: "a",
      duration: 20,
    })
    expect(other.statusCode, other.body).toBe(200)
    expect((await free(`${dayRange(monday)}&clientId=${uma}`)).json().data.slots).toEqual([])
    expect((await free(dayRange(monday))).json().data.slots).toHaveLength(1)

    // A cancelled session gives its time back.
    await call(server, admin, "POST", `/counselling/session/${booked.json().data._id}/cancel`, { reason: "Off" })
    expect((await free(dayRange(monday))).json().data.slots).toHaveLength(3)
  })

  it("never offers the past, and refuses backwards or too long ranges and vendors that are not", async () => {
    const yesterday = new Date(server.clock.now - DAY).toISOString().slice(0, 10)
    const past = await free(`from=${yesterday}T00:00:00Z&to=${new Date(server.clock.now).toISOString().replace(/\.\d+Z$/, "Z")}`)
    expect(past.json().data.slots).toEqual([])
    expect((await free(`from=${monday}T10:00:00Z&to=${monday}T09:00:00Z`)).json().message).toBe("to: must be later than from")
    expect((await free(`from=${monday}T00:00:00Z&to=2099-01-01T00:00:00Z`)).json().message).toBe("to: a range spans at most 31 days")
    expect((await call(server, admin, "GET", `/availability/${uma}/free?${dayRange(monday)}`)).statusCode).toBe(404)
    expect((await call(server, vendor, "GET", `/availability/${chetan}/free?${dayRange(monday)}`)).statusCode).toBe(403)
  })
})
