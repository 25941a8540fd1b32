import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./harness.ts"
import { call, DAY, eventsOf, HOUR, idOf, minuteAfter, utcSlot } from "./counselling-fixtures.ts"

let server: TestServer
let admin: string
let counsellorId: string
let clients: string[]
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
  counsellorId = await idOf(server, "counsellor@demo.test")
  clients = (await server.db.selectFrom("users").select("id").where("role", "=", "User").execute()).map((r) => r.id)
})
afterAll(() => server.close())

const booking = (i: number, at: number, duration = 60) => ({
  userId: clients[i % clients.length]!,
  counsellorId,
  ...utcSlot(at),
  topic: `Parallel ${i}`,
  agenda: "Race for the same hour",
  duration,
})

describe("the counsellor-overlap rule under concurrency", () => {
  it("100 simultaneous bookings of one counsellor for overlapping times: exactly one succeeds, 99 get 409", async () => {
    const at = minuteAfter(server, 90 * DAY)
    const outboxBefore = server.outbox().length
    // Start times spread over 50 minutes: every pair overlaps, so only one may win.
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => call(server, admin, "POST", "/counselling/create", booking(i, at + (i % 50) * 60_000))),
    )
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    // A failure names what the others were answered (a busy 503 is not a 409).
    const others = answers.filter((a) => a.statusCode !== 409 && a.statusCode !== 200).map((a) => `${a.statusCode} ${a.body.slice(0, 160)}`)
    expect(
      codes.filter((c) => c === 409),
      others.join("\n"),
    ).toHaveLength(99)
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe("The counsellor already has a session at this time.")
    const stored = await server.db
      .selectFrom("counselling_sessions")
      .select("id")
      .where("counsellor_id", "=", counsellorId)
      .where("starts_at", ">=", new Date(at))
      .where("starts_at", "<", new Date(at + HOUR))
      .execute()
    expect(stored).toHaveLength(1)
    expect(await eventsOf(server, "counsellingSession.created", stored[0]!.id)).toHaveLength(1)
    expect(server.outbox().length - outboxBefore).toBe(2)
  })

  it("100 simultaneous bookings of exactly the same slot: exactly one succeeds, with one event and one session row", async () => {
    const at = minuteAfter(server, 93 * DAY)
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => call(server, admin, "POST", "/counselling/create", booking(i, at))))
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    expect(codes.filter((c) => c === 409)).toHaveLength(99)
    const stored = await server.db
      .selectFrom("counselling_sessions")
      .select("id")
      .where("counsellor_id", "=", counsellorId)
      .where("starts_at", "=", new Date(at))
      .execute()
    expect(stored).toHaveLength(1)
    expect(stored[0]!.id).toBe(answers.find((a) => a.statusCode === 200)!.json().data._id)
    expect(await eventsOf(server, "counsellingSession.created", stored[0]!.id)).toHaveLength(1)
  })

  it("20 simultaneous bookings of separate hours all succeed: the lock serialises, it does not refuse", async () => {
    const at = minuteAfter(server, 95 * DAY)
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call(server, admin, "POST", "/counselling/create", booking(i, at + i * HOUR))))
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 200))
  })

  it("simultaneous moves of two sessions into the same free hour: only one of them lands there", async () => {
    const at = minuteAfter(server, 97 * DAY)
    const a = (await call(server, admin, "POST", "/counselling/create", booking(1, at))).json().data
    const b = (await call(server, admin, "POST", "/counselling/create", booking(2, at + 2 * HOUR))).json().data
    const target = { ...utcSlot(at + 5 * HOUR), topic: "Moved", agenda: "Same hour", duration: 60 }
    const answers = await Promise.all([a, b, a, b].map((s) => call(server, admin, "PATCH", `/counselling/update/${s._id}`, target)))
    const codes = answers.map((x) => x.statusCode).sort()
    expect(codes.filter((c) => c === 409).length).toBeGreaterThanOrEqual(1)
    const inTarget = await server.db
      .selectFrom("counselling_sessions")
      .select("id")
      .where("counsellor_id", "=", counsellorId)
      .where("starts_at", "=", new Date(at + 5 * HOUR))
      .execute()
    expect(inTarget).toHaveLength(1)
  })
})
