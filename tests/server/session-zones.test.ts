import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./harness.ts"
import { call, DAY, idOf, minuteAfter, utcSlot } from "./counselling-fixtures.ts"

/*
 * Issue 24: times are shown in the viewer's zone with the zone named. A mail's reader is its recipient:
 * their profile's zone when they chose one, UTC (said so) when they never did.
 */

let server: TestServer
let admin: string
let client: string
let uma: string
let chetan: string

beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
  client = await server.login("user@demo.test")
  uma = await idOf(server, "user@demo.test")
  chetan = await idOf(server, "counsellor@demo.test")
})
afterAll(() => server.close())

/** Kolkata keeps +05:30 all year: its wall clock is the instant moved by five and a half hours. */
const kolkataLabel = (at: number) => {
  const wall = new Date(at + 330 * 60_000).toISOString()
  return `${wall.slice(0, 10)} ${wall.slice(11, 16)} Asia/Kolkata`
}
const utcLabel = (at: number) => `${new Date(at).toISOString().slice(0, 10)} ${new Date(at).toISOString().slice(11, 16)} UTC`

describe("session mails and history in each reader's zone", () => {
  it("the client who chose Asia/Kolkata reads the booking on that clock; the counsellor who chose none reads UTC", async () => {
    const zone = await call(server, client, "PUT", "/user/time-zone", { timeZone: "Asia/Kolkata" })
    expect(zone.statusCode, zone.body).toBe(200)
    const at = minuteAfter(server, 40 * DAY)
    const before = server.outbox().length
    const res = await call(server, admin, "POST", "/counselling/create", {
      userId: uma,
      counsellorId: chetan,
      ...utcSlot(at),
      topic: "Zones",
      agenda: "Clocks",
      duration: 45,
    })
    expect(res.statusCode, res.body).toBe(200)
    const mails = server.outbox().slice(before)
    const toClient = mails.find((m) => m.to === "user@demo.test")!
    const toCounsellor = mails.find((m) => m.to === "counsellor@demo.test")!
    expect(toClient.text).toContain(kolkataLabel(at))
    expect(toClient.text).not.toContain(" UTC")
    expect(toCounsellor.text).toContain(utcLabel(at))

    const id = res.json().data._id as string
    const moved = at + DAY
    const step = await call(server, admin, "POST", `/counselling/session/${id}/reschedule`, { ...utcSlot(moved), reason: "A clash" })
    expect(step.statusCode, step.body).toBe(200)
    const history = await call(server, client, "GET", `/counselling/session/${id}/history`)
    expect(history.json().data[0].summary).toBe(`Rescheduled from ${kolkataLabel(at)} to ${kolkataLabel(moved)}`)
    const asAdmin = await call(server, admin, "GET", `/counselling/session/${id}/history`)
    expect(asAdmin.json().data[0].summary).toBe(`Rescheduled from ${utcLabel(at)} to ${utcLabel(moved)}`)
  })
})
