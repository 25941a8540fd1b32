import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sessionStates } from "../../src/api/contract/counselling/counselling-session.ts"
import type { TrendWeek } from "../../src/api/contract/dashboard/dashboard.ts"
import { MAX_TREND_WEEKS, mondayOf, weeksBetween } from "../../src/api/contract/dashboard/trend-weeks.ts"
import { insertTicket, updateTicket } from "../../server/db/repositories/tickets.repository.ts"
import { insertUser } from "../../server/db/repositories/users.repository.ts"
import { DEMO_ORGANIZATION } from "../../server/db/seeds/people.seed.ts"
import { trends } from "../../server/services/dashboard/trends.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { explainRefusals } from "./openapi-validator.ts"

// Rules across the two dates, which JSON Schema cannot state: the call's summary states them in words.
explainRefusals([
  ["From must be on or before To.", "a range whose start is after its end (the summary: from `from` to `to`)"],
  [/^Choose a range of at most \d+ weeks\.$/, "a range longer than the summary's 104 weeks"],
])

let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
})
afterAll(() => server.close())

const get = (url: string, token = admin) => server.app.inject({ method: "GET", url: `/api/v1${url}`, headers: token ? bearer(token) : {} })

const day = (at: Date | string) => new Date(at).toISOString().slice(0, 10)

/** A week being counted up. */
type Counting = { -readonly [K in keyof TrendWeek]: TrendWeek[K] extends object ? { -readonly [S in keyof TrendWeek[K]]: number } : TrendWeek[K] }

const emptyWeek = (week: string): Counting => ({
  week,
  clientSignUps: 0,
  vendorSignUps: 0,
  approvals: 0,
  sessions: Object.fromEntries(sessionStates.map((state) => [state, 0])) as Counting["sessions"],
  ticketsOpened: 0,
  ticketsClosed: 0,
})

/**
 * What the weekly counters must hold, counted the slow way from the rows themselves, in JavaScript, here only:
 * independent of the triggers' SQL.
 */
async function counted(): Promise<Map<string, Counting>> {
  const weeks = new Map<string, Counting>()
  const at = (date: Date | string) => {
    const week = mondayOf(day(date))
    const found = weeks.get(week) ?? emptyWeek(week)
    weeks.set(week, found)
    return found
  }
  for (const u of await server.db.selectFrom("users").select(["role", "created_at"]).execute()) {
    if (u.role === "User") at(u.created_at).clientSignUps++
    else if (u.role !== "Admin" && u.role !== "Editor") at(u.created_at).vendorSignUps++
  }
  for (const e of await server.db.selectFrom("events").select(["at", "after"]).where("type", "=", "user.statusChanged").execute()) {
    if ((e.after as { status?: string } | null)?.status === "Approve") at(e.at).approvals++
  }
  for (const s of await server.db.selectFrom("counselling_sessions").select(["starts_at", "state"]).execute()) at(s.starts_at).sessions[s.state]++
  for (const t of await server.db.selectFrom("tickets").select(["created_at", "closed", "closed_at"]).execute()) {
    at(t.created_at).ticketsOpened++
    if (t.closed && t.closed_at) at(t.closed_at).ticketsClosed++
  }
  return weeks
}

/** The API's weeks against the slow count, over a range holding every counted week. */
async function expectCountsMatch() {
  const slow = await counted()
  const known = [...slow.keys()].sort()
  const from = known[0]!
  const to = known.at(-1)!
  expect(weeksBetween(from, to).length).toBeLessThanOrEqual(MAX_TREND_WEEKS)
  const res = await get(`/dashboard/trends?from=${from}&to=${to}`)
  expect(res.statusCode).toBe(200)
  const weeks: TrendWeek[] = res.json().data.weeks
  // Every week of the range, in order; the weeks the slow count never saw all zero.
  expect(weeks).toEqual(weeksBetween(from, to).map((week) => slow.get(week) ?? emptyWeek(week)))
  return weeks
}

const sum = (weeks: TrendWeek[], pick: (w: TrendWeek) => number) => weeks.reduce((n, w) => n + pick(w), 0)

describe("GET /dashboard/trends", () => {
  it("answers the seeded data's weeks exactly as counting the rows would", async () => {
    const weeks = await expectCountsMatch()
    // The demo data holds each kind of count, so no series is tested only at zero.
    expect(sum(weeks, (w) => w.clientSignUps)).toBeGreaterThan(0)
    expect(sum(weeks, (w) => w.vendorSignUps)).toBeGreaterThan(0)
    expect(sum(weeks, (w) => w.ticketsOpened)).toBeGreaterThan(0)
    expect(sum(weeks, (w) => w.sessions.scheduled)).toBeGreaterThan(0)
  })

  it("follows sign-ups, approvals, tickets and sessions written by any code, in the same transaction", async () => {
    const now = new Date()
    const lawyer = await insertUser(server.db, {
      name: "Trend Lawyer",
      email: "trend-lawyer@example.net",
      role: "Lawyer",
      status: "Under Review",
      organization_id: DEMO_ORGANIZATION.id,
    })
    const client = await insertUser(server.db, { name: "Trend Client", email: "trend-client@example.net", role: "User", status: "Approve" })
    await insertUser(server.db, { name: "Trend Editor", email: "trend-editor@example.net", role: "Editor", status: "Approve" })
    // An approval through the API writes its event; moving a vendor to another status is not an approval.
    const move = (status: string) =>
      server.app.inject({
        method: "PATCH",
        url: "/api/v1/user/updateUser",
        headers: bearer(admin),
        payload: { userId: lawyer.id, status, organizationId: DEMO_ORGANIZATION.id },
      })
    expect((await move("Temp Approve")).statusCode).toBe(200)
    expect((await move("Approve")).statusCode).toBe(200)
    const ticket = await insertTicket(server.db, { raiserId: client.id, ticketType: "General", query: "Counted?", imageName: null, at: now })
    await updateTicket(server.db, ticket.id, { closed: true, closed_at: new Date(now.getTime() + 8 * 86_400_000), closed_by: lawyer.id })
    await updateTicket(server.db, ticket.id, { updated_at: now })
    // A session moved a week later and cancelled leaves its old week and state; a deleted one leaves its week.
    const [moved, deleted] = await server.db.selectFrom("counselling_sessions").select(["id", "starts_at", "ends_at"]).orderBy("id").limit(2).execute()
    await server.db
      .updateTable("counselling_sessions")
      .set({
        starts_at: new Date(moved!.starts_at.getTime() + 7 * 86_400_000),
        ends_at: new Date(moved!.ends_at.getTime() + 7 * 86_400_000),
        state: "cancelled",
      })
      .where("id", "=", moved!.id)
      .execute()
    await server.db.deleteFrom("counselling_sessions").where("id", "=", deleted!.id).execute()
    // An edit of every session that moves none of them changes nothing.
    await server.db.updateTable("counselling_sessions").set({ updated_at: now }).execute()
    await expectCountsMatch()
  })

  it("rolls back with the transaction that wrote the rows", async () => {
    const before = (await get("/dashboard/trends")).json()
    await expect(
      server.db.transaction().execute(async (trx) => {
        await insertUser(trx, { name: "Rolled Trend", email: "rolled-trend@example.net", role: "Nutritionist", status: "Approve" })
        throw new Error("abort")
      }),
    ).rejects.toThrow("abort")
    expect((await get("/dashboard/trends")).json()).toEqual(before)
  })

  it("answers the last 12 weeks without dates, and completes a range from either end", async () => {
    const now = new Date("2026-11-26T10:00:00Z")
    const plain = (await trends(server.db, {}, now)).data
    expect(plain.to).toBe("2026-11-26")
    expect(plain.from).toBe("2026-09-07")
    expect(plain.weeks).toHaveLength(12)
    expect(plain.weeks[0]!.week).toBe("2026-09-07")
    expect(plain.weeks.at(-1)!.week).toBe("2026-11-23")
    const fromOnly = (await trends(server.db, { from: "2026-11-01" }, now)).data
    expect(fromOnly).toMatchObject({ from: "2026-11-01", to: "2026-11-26" })
    // 2026-11-01 is a Sunday: its week began on Monday 26 October.
    expect(fromOnly.weeks.map((w) => w.week)).toEqual(["2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"])
    const toOnly = (await trends(server.db, { to: "2026-03-04" }, now)).data
    expect(toOnly.weeks).toHaveLength(12)
    expect(toOnly.weeks.at(-1)!.week).toBe("2026-03-02")
    const oneDay = (await trends(server.db, { from: "2026-11-26", to: "2026-11-26" }, now)).data
    expect(oneDay.weeks.map((w) => w.week)).toEqual(["2026-11-23"])
  })

  it("refuses a range it cannot draw, in words for the person choosing it", async () => {
    const refused = async (query: string, message: string) => {
      const res = await get(`/dashboard/trends?${query}`)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ success: false, message })
    }
    await refused("from=2026-11-02&to=2026-11-01", "From must be on or before To.")
    await refused(`from=2024-01-01&to=2026-01-01`, `Choose a range of at most ${MAX_TREND_WEEKS} weeks.`)
    await refused("from=2026-02-30", "from: must be a real calendar date")
    await refused("to=yesterday", "to: must be a date (YYYY-MM-DD)")
    // 104 weeks exactly is drawn.
    const longest = await get("/dashboard/trends?from=2025-01-06&to=2026-12-28")
    expect(longest.statusCode).toBe(200)
    expect(longest.json().data.weeks).toHaveLength(MAX_TREND_WEEKS)
  })

  it("is the Admin's alone", async () => {
    expect((await get("/dashboard/trends", "")).statusCode).toBe(401)
    for (const email of ["editor@demo.test", "lawyer@demo.test", "user@demo.test"]) {
      expect((await get("/dashboard/trends", await server.login(email))).statusCode).toBe(403)
    }
  })

  it("reads only the weekly counters, never the rows they count", async () => {
    const tables = new Set<string>()
    const watched = server.db.withPlugin({
      transformQuery: (args) => {
        for (const m of JSON.stringify(args.node).matchAll(
          /"kind":"TableNode","table":\{"kind":"SchemableIdentifierNode","identifier":\{"kind":"IdentifierNode","name":"(\w+)"/g,
        ))
          tables.add(m[1]!)
        return args.node
      },
      transformResult: async (args) => args.result,
    })
    await trends(watched, { from: "2025-01-06", to: "2026-12-27" }, new Date())
    expect([...tables]).toEqual(["weekly_counts"])
  })
})
