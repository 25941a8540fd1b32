import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./harness.ts"
import { call, DAY, HOUR, idOf, minuteAfter, utcSlot } from "./counselling-fixtures.ts"
import { explainRefusals } from "./openapi-validator.ts"

explainRefusals([
  ["to: a range needs both from and to", "the calendar range names only one bound"],
  ["to: must be later than from", "the range ends before it starts"],
  ["to: a range spans at most 45 days", "the range is longer than a calendar shows"],
])

let server: TestServer
let admin: string
let client: string
let counsellor: string
let booked: Array<{ _id: string; dateTime: string }> = []
const base = () => minuteAfter(server, 500 * DAY)

beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
  client = await server.login("user@demo.test")
  counsellor = await server.login("counsellor@demo.test")
  const [uma, chetan] = [await idOf(server, "user@demo.test"), await idOf(server, "counsellor@demo.test")]
  for (const offset of [0, 2 * HOUR, 3 * DAY, 9 * DAY]) {
    const res = await call(server, admin, "POST", "/counselling/create", {
      userId: uma,
      counsellorId: chetan,
      ...utcSlot(base() + offset),
      topic: `Range ${offset}`,
      agenda: "a",
      duration: 30,
    })
    expect(res.statusCode, res.body).toBe(200)
    booked.push(res.json().data)
  }
  booked = booked.sort((a, b) => a.dateTime.localeCompare(b.dateTime))
})
afterAll(() => server.close())

const iso = (ms: number) => new Date(ms).toISOString()

describe("sessions in a calendar range", () => {
  it("lists the sessions starting in [from, to), earliest first, for an Admin, the client and the counsellor", async () => {
    const from = iso(base() - HOUR)
    const to = iso(base() + 7 * DAY)
    const ids = booked.slice(0, 3).map((s) => s._id)
    const all = (await call(server, admin, "GET", `/counselling/fetch?page=1&limit=100&from=${from}&to=${to}`)).json()
    expect(all.data.counsellingSessions.map((s: { _id: string }) => s._id)).toEqual(ids)
    expect(all.totalRecords).toBe(3)
    const uma = await idOf(server, "user@demo.test")
    const chetan = await idOf(server, "counsellor@demo.test")
    expect(
      (await call(server, client, "GET", `/counselling/fetch/user/${uma}?page=1&limit=100&from=${from}&to=${to}`))
        .json()
        .data.counsellingSessions.map((s: { _id: string }) => s._id),
    ).toEqual(ids)
    expect(
      (await call(server, counsellor, "GET", `/counselling/fetch/counsellor/${chetan}?page=1&limit=100&from=${from}&to=${to}`))
        .json()
        .data.counsellingSessions.map((s: { _id: string }) => s._id),
    ).toEqual(ids)
    // `to` is exclusive; a zone offset names the same instant.
    const exact = (
      await call(
        server,
        admin,
        "GET",
        `/counselling/fetch?page=1&limit=100&from=${iso(base())}&to=${encodeURIComponent(new Date(base() + 2 * HOUR).toISOString().replace("Z", "+00:00"))}`,
      )
    ).json()
    expect(exact.data.counsellingSessions.map((s: { _id: string }) => s._id)).toEqual([booked[0]!._id])
  })

  it("refuses a range with one bound, backwards, or longer than 45 days, and bounds without a zone", async () => {
    const at = iso(base())
    const bad = async (query: string) => (await call(server, admin, "GET", `/counselling/fetch?page=1&limit=10&${query}`)).json().message as string
    expect(await bad(`from=${at}`)).toBe("to: a range needs both from and to")
    expect(await bad(`from=${at}&to=${iso(base() - DAY)}`)).toBe("to: must be later than from")
    expect(await bad(`from=${at}&to=${iso(base() + 46 * DAY)}`)).toBe("to: a range spans at most 45 days")
    expect(await bad(`from=${at}&to=${iso(base() + 45 * DAY + HOUR + 1)}`)).toBe("to: a range spans at most 45 days")
    // 45 days on a clock that falls back in them last an hour longer: All Sessions' Starts days may span that.
    expect((await call(server, admin, "GET", `/counselling/fetch?page=1&limit=10&from=${at}&to=${iso(base() + 45 * DAY + HOUR)}`)).statusCode).toBe(200)
    expect((await call(server, admin, "GET", `/counselling/fetch?page=1&limit=10&from=2030-01-01T00:00:00&to=${at}`)).statusCode).toBe(400)
  })

  it("All Sessions' Starts days keep the list's order (latest first when asked) and its State, in the page and the export", async () => {
    const from = iso(base() - HOUR)
    const to = iso(base() + 10 * DAY)
    const ids = booked.map((s) => s._id)
    const page = async (query: string) =>
      (await call(server, admin, "GET", `/counselling/fetch?page=1&limit=100&from=${from}&to=${to}${query}`)).json() as {
        data: { counsellingSessions: Array<{ _id: string }> }
        totalRecords: number
      }
    expect((await page("&sort=dateTime")).data.counsellingSessions.map((s) => s._id)).toEqual(ids)
    const latest = await page("&sort=-dateTime")
    expect(latest.data.counsellingSessions.map((s) => s._id)).toEqual([...ids].reverse())
    expect(latest.totalRecords).toBe(4)
    // Page 2 of two a page, latest first: the two earliest.
    const second = (await call(server, admin, "GET", `/counselling/fetch?page=2&limit=2&sort=-dateTime&from=${from}&to=${to}`)).json()
    expect(second.data.counsellingSessions.map((s: { _id: string }) => s._id)).toEqual(ids.slice(0, 2).reverse())
    const scheduled = await page("&state=scheduled")
    expect(scheduled.data.counsellingSessions.map((s) => s._id)).toEqual(ids)
    expect((await page("&state=cancelled")).totalRecords).toBe(0)

    const csv = await call(server, admin, "GET", `/export/all-sessions?sort=-dateTime&from=${from}&to=${encodeURIComponent(iso(base() + 5 * DAY))}`)
    expect(csv.statusCode, csv.body).toBe(200)
    // The first three start inside the days, latest first; the fourth (nine days on) is outside them.
    const shown = csv.body.split("\n").flatMap((line) => booked.filter((s) => line.includes(s.dateTime)).map((s) => s._id))
    expect(shown).toEqual(ids.slice(0, 3).reverse())
  })
})
