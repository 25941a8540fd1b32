import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { addDays } from "../../src/api/contract/availability/availability.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { explainRefusals } from "./openapi-validator.ts"
// Refusals of requests the API document calls valid, provoked here on purpose, with what explains each.
explainRefusals([
  [/^days\.\d+\.date: must (not be in the past|be within a year from today)$/, "a date before the vendor's today, or more than a year ahead (today is state)"],
  ["days: must not list a date twice", "the same date twice (stated in the request's description)"],
])

let server: TestServer
let today = ""
beforeAll(async () => {
  server = await startTestServer()
  today = new Date(server.clock.now).toISOString().slice(0, 10)
})
afterAll(() => server.close())

const as = async (email: string) => bearer(await server.login(email))
const mine = (headers: Record<string, string>, query = `from=${today}`) => server.app.inject({ method: "GET", url: `/api/v1/availability?${query}`, headers })
const save = (headers: Record<string, string>, payload: unknown) =>
  server.app.inject({ method: "PUT", url: "/api/v1/availability", headers, payload: payload as object })
const idOf = async (email: string) => (await server.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id

describe("GET /availability (the signed-in vendor's)", () => {
  it("answers 7 dates from `from`: the seeded default where a date has no slots of its own", async () => {
    const res = await mine(await as("nutritionist@demo.test"))
    expect(res.statusCode).toBe(200)
    const { data } = res.json()
    expect(data.defaultSlots.length).toBeGreaterThan(0)
    expect(data.days.map((d: { date: string }) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(today, i)))
    expect(data.days[0]).toEqual({ date: today, slots: data.defaultSlots, isDefault: true })
    expect(data.days[2]).toEqual({ date: addDays(today, 2), slots: [], isDefault: false })
  })

  it("answers no default and no slots for a vendor who never set any", async () => {
    const id = await idOf("nutritionist@demo.test")
    await server.db.deleteFrom("vendor_default_availability").where("vendor_id", "=", id).execute()
    await server.db.deleteFrom("vendor_availability").where("vendor_id", "=", id).execute()
    const { data } = (await mine(await as("nutritionist@demo.test"))).json()
    expect(data.defaultSlots).toBeNull()
    expect(data.days.every((d: { slots: string[]; isDefault: boolean }) => d.slots.length === 0 && d.isDefault)).toBe(true)
  })

  it("takes `days` from 1 to 31 and names a bad query", async () => {
    const headers = await as("nutritionist@demo.test")
    expect((await mine(headers, `from=${today}&days=31`)).json().data.days).toHaveLength(31)
    expect((await mine(headers, `from=${today}&days=32`)).json().message).toBe("days: must be from 1 to 31")
    expect((await mine(headers, "from=2026-13-01")).json().message).toBe("from: must be a real calendar date")
    expect((await mine(headers, "")).json().message).toBe("from: is required")
  })
})

describe("PUT /availability", () => {
  it("saves slots per date, reads them back in slot order, and writes one event", async () => {
    const headers = await as("lawyer@demo.test")
    const tomorrow = addDays(today, 1)
    const res = await save(headers, {
      days: [
        { date: today, slots: ["19:30", "08:00", "10:30"] },
        { date: tomorrow, slots: [] },
      ],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.days).toEqual([
      { date: today, slots: ["08:00", "10:30", "19:30"], isDefault: false },
      { date: tomorrow, slots: [], isDefault: false },
    ])
    const back = (await mine(headers)).json().data.days
    expect(back[0]).toEqual({ date: today, slots: ["08:00", "10:30", "19:30"], isDefault: false })
    expect(back[3]).toMatchObject({ date: addDays(today, 3), isDefault: true })

    const lawyerId = await idOf("lawyer@demo.test")
    // Besides the seeded creation event, this save is one event carrying the changed fields (the days).
    const events = await server.db
      .selectFrom("events")
      .selectAll()
      .where("entity_type", "=", "availability")
      .where("entity_id", "=", lawyerId)
      .where("type", "=", "availability.updated")
      .execute()
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ type: "availability.updated", actor_id: lawyerId })
    expect((events[0]!.after as { days: Record<string, string[]> }).days[today]).toEqual(["08:00", "10:30", "19:30"])
    // Before: today had no slots of its own (the seeded default showed).
    expect((events[0]!.before as { days: Record<string, string[]> }).days[today]).toBeUndefined()
  })

  it("saving again replaces a date's slots rather than adding to them", async () => {
    const headers = await as("lawyer@demo.test")
    await save(headers, { days: [{ date: today, slots: ["09:00"] }] })
    expect((await mine(headers)).json().data.days[0].slots).toEqual(["09:00"])
  })

  it("a default applies to every date without slots of its own, and null clears it", async () => {
    const headers = await as("yogateacher@demo.test")
    await save(headers, { days: [{ date: addDays(today, 1), slots: ["12:00"] }], defaultSlots: ["08:00", "08:30"] })
    let data = (await mine(headers)).json().data
    expect(data.defaultSlots).toEqual(["08:00", "08:30"])
    expect(data.days[0]).toEqual({ date: today, slots: ["08:00", "08:30"], isDefault: true })
    expect(data.days[1]).toEqual({ date: addDays(today, 1), slots: ["12:00"], isDefault: false })
    expect((await mine(headers, `from=${addDays(today, 40)}&days=1`)).json().data.days[0].slots).toEqual(["08:00", "08:30"])
    await save(headers, { days: [], defaultSlots: null })
    data = (await mine(headers)).json().data
    expect(data.defaultSlots).toBeNull()
    expect(data.days[0].slots).toEqual([])
  })

  it.each([
    [{ days: [{ date: "tomorrow", slots: [] }] }, "days.0.date: must be a date (YYYY-MM-DD)"],
    [{ days: [{ date: "2030-01-01", slots: ["07:30"] }] }, "days.0.slots.0: must be a 30-minute slot start from 08:00 to 19:30"],
    [{ days: [{ date: "2030-01-01", slots: ["20:00"] }] }, "days.0.slots.0: must be a 30-minute slot start from 08:00 to 19:30"],
    [{ days: [{ date: "2030-01-01", slots: ["09:00", "09:00"] }] }, "days.0.slots: must not repeat a slot"],
    [
      {
        days: [
          { date: "2030-01-01", slots: [] },
          { date: "2030-01-01", slots: [] },
        ],
      },
      "days: must not list a date twice",
    ],
    [{ days: [], defaultSlots: ["8:00"] }, "defaultSlots.0: must be a 30-minute slot start from 08:00 to 19:30"],
    [{}, "days: is required"],
  ])("answers 400 naming the field (%#)", async (payload, message) => {
    const res = await save(await as("counsellor@demo.test"), payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
  })

  it("refuses past dates and dates more than a year ahead, saving nothing", async () => {
    const headers = await as("counsellor@demo.test")
    const before = (await mine(headers)).json().data
    const past = await save(headers, {
      days: [
        { date: today, slots: ["08:00"] },
        { date: addDays(today, -3), slots: ["08:00"] },
      ],
    })
    expect(past.statusCode).toBe(400)
    expect(past.json().message).toBe("days.1.date: must not be in the past")
    const far = await save(headers, { days: [{ date: addDays(today, 400), slots: [] }] })
    expect(far.json().message).toBe("days.0.date: must be within a year from today")
    expect((await mine(headers)).json().data).toEqual(before)
  })

  it("refuses the Admin, Editor and User roles (403) and anonymous callers (401)", async () => {
    for (const email of ["admin@demo.test", "editor@demo.test", "user@demo.test"]) {
      const headers = await as(email)
      expect((await mine(headers)).statusCode, email).toBe(403)
      expect((await save(headers, { days: [] })).statusCode, email).toBe(403)
    }
    expect((await mine({})).statusCode).toBe(401)
    expect((await save({}, { days: [] })).statusCode).toBe(401)
  })
})

describe("GET /availability/:vendorId (Admin)", () => {
  const vendorDay = (headers: Record<string, string>, id: string, date: string) =>
    server.app.inject({ method: "GET", url: `/api/v1/availability/${id}?date=${date}`, headers })

  it("answers what the vendor marked for that date, or their default", async () => {
    const vendor = await as("imageconsultant@demo.test")
    await save(vendor, { days: [{ date: addDays(today, 2), slots: ["14:00", "14:30"] }], defaultSlots: ["10:00"] })
    const id = await idOf("imageconsultant@demo.test")
    const admin = await as("admin@demo.test")
    const res = await vendorDay(admin, id, addDays(today, 2))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, data: { vendorId: id, date: addDays(today, 2), slots: ["14:00", "14:30"], isDefault: false } })
    expect((await vendorDay(admin, id, addDays(today, 3))).json().data).toEqual({ vendorId: id, date: addDays(today, 3), slots: ["10:00"], isDefault: true })
  })

  it("answers 404 for an unknown id or a person who is not a vendor, 400 for a bad date", async () => {
    const admin = await as("admin@demo.test")
    expect((await vendorDay(admin, "nobody", today)).json()).toEqual({ success: false, message: "Vendor not found." })
    const userId = await idOf("user@demo.test")
    expect((await vendorDay(admin, userId, today)).statusCode).toBe(404)
    const bad = await vendorDay(admin, await idOf("lawyer@demo.test"), "31-12-2030")
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe("date: must be a date (YYYY-MM-DD)")
  })

  it("refuses every role but the Admin, the vendor themself included", async () => {
    const id = await idOf("lawyer@demo.test")
    for (const email of ["lawyer@demo.test", "counsellor@demo.test", "editor@demo.test", "user@demo.test"]) {
      expect((await vendorDay(await as(email), id, today)).statusCode, email).toBe(403)
    }
    expect((await vendorDay({}, id, today)).statusCode).toBe(401)
  })
})
