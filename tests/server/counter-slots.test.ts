import { type Kysely, sql } from "kysely"
import * as counterSlots from "../../server/db/migrations/0038-counter-slots.ts"
import * as moreCounterSlots from "../../server/db/migrations/0039-more-counter-slots.ts"
import * as slotPerConnection from "../../server/db/migrations/0042-counter-slot-per-connection.ts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { call, DAY, HOUR, idOf, minuteAfter, utcSlot } from "./counselling-fixtures.ts"
import { startTestServer, type TestServer } from "./harness.ts"

/**
 * The trigger-kept totals in slots (migration 0038): writes on distinct rows no longer take turns on one counter
 * row, and every total a list or the dashboard reads stays exact under concurrent writes.
 */
let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
})
afterAll(() => server.close())

const n = async (query: string) => Number((await sql<{ n: string }>`${sql.raw(query)}`.execute(server.db)).rows[0]!.n)

describe("counters kept in slots", () => {
  it("stay exact under concurrent ticket answers and vendor status changes, and the lists and dashboard read their sums", async () => {
    const tickets = await server.db.selectFrom("tickets").select("id").where("closed", "=", false).limit(10).execute()
    const vendors = await server.db.selectFrom("users").select(["id", "status"]).where("status", "in", ["Under Review", "Temp Approve"]).execute()
    expect(tickets.length).toBeGreaterThan(0)
    expect(vendors.length).toBeGreaterThan(0)
    const answers = Array.from({ length: 40 }, (_, i) =>
      call(server, admin, "POST", "/userQuery/addResponse", { queryId: tickets[i % tickets.length]!.id, answer: `Answer ${i}` }),
    )
    const moves = vendors.map((v) =>
      call(server, admin, "PATCH", "/user/updateUser", { userId: v.id, status: v.status === "Under Review" ? "Temp Approve" : "Under Review" }),
    )
    const codes = (await Promise.all([...answers, ...moves])).map((a) => a.statusCode)
    expect(codes.filter((c) => c !== 200)).toEqual([])

    expect(await n("select sum(n) as n from list_counts where name = 'events'")).toBe(await n("select count(*) as n from events"))
    expect(await n("select sum(n) as n from list_counts where name = 'tickets'")).toBe(await n("select count(*) as n from tickets"))
    const wrong = await n(`select count(*) as n from (
      select role, status, count(*) as n from users group by role, status
      except select role, status, sum(n) from user_counts group by role, status having sum(n) <> 0) d`)
    expect(wrong).toBe(0)

    // What the console reads: the audit log's and the review lists' totals, and the dashboard's counts.
    const audit = await call(server, admin, "GET", "/audit/events?page=1&limit=1")
    expect(audit.json().totalRecords).toBe(await n("select count(*) as n from events"))
    const underReview = await n("select count(*) as n from users where status = 'Under Review'")
    const pending = await call(server, admin, "GET", "/user/allUsers/pending?page=1&limit=1")
    expect(pending.json().totalRecords).toBe(underReview)
  })

  it("spread one total over the connections that wrote it (on PostgreSQL; the embedded database has one connection)", async () => {
    const slots = await n("select count(distinct slot) as n from list_counts where name = 'events'")
    if (process.env.TEST_DATABASE_URL) expect(slots).toBeGreaterThan(1)
    else expect(slots).toBe(1)
  })

  it("give each connection a slot no other live connection holds, kept for its life (migration 0042)", async () => {
    const connections = process.env.TEST_DATABASE_URL ? 8 : 1
    // Each holds its connection a moment, so the pool lends every one a connection of its own.
    const held = await Promise.all(
      Array.from({ length: connections }, () =>
        server.db.connection().execute(async (c) => {
          const first = await sql<{ slot: number; pid: number }>`select counter_slot() as slot, pg_backend_pid() as pid`.execute(c)
          await sql`select pg_sleep(0.2)`.execute(c)
          const again = await sql<{ slot: number }>`select counter_slot() as slot`.execute(c)
          return { ...first.rows[0]!, again: again.rows[0]!.slot }
        }),
      ),
    )
    expect(new Set(held.map((h) => h.pid)).size).toBe(connections)
    expect(new Set(held.map((h) => h.slot)).size).toBe(connections)
    for (const h of held) {
      expect(h.again).toBe(h.slot)
      expect(h.slot).toBeGreaterThanOrEqual(0)
      expect(h.slot).toBeLessThan(32)
    }
    const naming = (text: string) => n(`select count(*) as n from pg_proc where prosrc like '%${text}%'`)
    expect(await naming("pg_backend_pid() % 16")).toBe(0)
    const slotted = await naming("counter_slot()")
    expect(slotted).toBeGreaterThanOrEqual(17)

    const untyped = server.db as unknown as Kysely<unknown>
    await slotPerConnection.down(untyped)
    expect(await naming("pg_backend_pid() % 16")).toBe(slotted)
    expect(await naming("counter_slot()")).toBe(0)
    await slotPerConnection.up(untyped)
    expect(await naming("pg_backend_pid() % 16")).toBe(0)
    expect(await naming("counter_slot()")).toBe(slotted)
    const tickets = await server.db.selectFrom("tickets").select("id").where("closed", "=", false).limit(1).execute()
    expect((await call(server, admin, "POST", "/userQuery/addResponse", { queryId: tickets[0]!.id, answer: "Counted in a slot of its own" })).statusCode).toBe(
      200,
    )
    expect(await n("select sum(n) as n from list_counts where name = 'events'")).toBe(await n("select count(*) as n from events"))
  })

  it("go back to one row per total with the same sums, and forward again, counting on", async () => {
    const untyped = server.db as unknown as Kysely<unknown>
    const totals = async () =>
      (
        await sql<{ k: string; n: string }>`select name as k, sum(n) as n from list_counts group by name
        union all select role || '/' || status, sum(n) from user_counts group by role, status order by 1`.execute(untyped)
      ).rows.map((r) => `${r.k}=${r.n}`)
    const before = await totals()
    await counterSlots.down(untyped)
    expect(await n("select count(*) as n from list_counts")).toBe(await n("select count(distinct name) as n from list_counts"))
    expect(await totals()).toEqual(before)
    await counterSlots.up(untyped)
    expect(await totals()).toEqual(before)
    const tickets = await server.db.selectFrom("tickets").select("id").where("closed", "=", false).limit(1).execute()
    expect((await call(server, admin, "POST", "/userQuery/addResponse", { queryId: tickets[0]!.id, answer: "After the round trip" })).statusCode).toBe(200)
    expect(await n("select sum(n) as n from list_counts where name = 'events'")).toBe(await n("select count(*) as n from events"))
  })

  it("keep the dashboard's weekly counts and the contact enquiries' total exact under concurrent bookings and contact posts (migration 0039)", async () => {
    const counsellorId = await idOf(server, "counsellor@demo.test")
    const clients = (await server.db.selectFrom("users").select("id").where("role", "=", "User").execute()).map((r) => r.id)
    expect(clients.length).toBeGreaterThan(1)
    // Every booking in one week, each at an hour of its own: all of them write the same (week, series) count.
    const monday = minuteAfter(server, 120 * DAY)
    const bookings = Array.from({ length: 30 }, (_, i) =>
      call(server, admin, "POST", "/counselling/create", {
        userId: clients[i % clients.length]!,
        counsellorId,
        ...utcSlot(monday + i * 2 * HOUR),
        topic: `Slot ${i}`,
        agenda: "Counted once",
        duration: 30,
      }),
    )
    const posts = Array.from({ length: 20 }, (_, i) =>
      server.app.inject({
        method: "POST",
        url: "/api/v1/contact/create",
        remoteAddress: `10.0.39.${i + 1}`,
        payload: { name: `Visitor ${i}`, email: `visitor${i}@example.org`, number: "9876543210", city: "Pune", state: "MH", message: "Call me" },
      }),
    )
    const answers = await Promise.all([...bookings, ...posts])
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => `${a.statusCode} ${a.body.slice(0, 120)}`)).toEqual([])

    expect(await n("select sum(n) as n from contact_enquiry_count")).toBe(await n("select count(*) as n from contact_enquiries"))
    const wrong = await n(`select count(*) as n from (
      select date_trunc('week', starts_at at time zone 'UTC')::date as week, 'sessions_' || state as series, count(*) as n from counselling_sessions group by 1, 2
      except select week, series, sum(n) from weekly_counts where series like 'sessions_%' group by week, series having sum(n) <> 0) d`)
    expect(wrong).toBe(0)
    const enquiries = await call(server, admin, "GET", "/contact/fetchEnquiry?page=1&limit=1")
    expect(enquiries.json().totalRecords).toBe(await n("select count(*) as n from contact_enquiries"))
    if (process.env.TEST_DATABASE_URL)
      expect(await n("select count(distinct slot) as n from weekly_counts where series = 'sessions_scheduled'")).toBeGreaterThan(1)
  })

  it("0039 goes back to one row per count with the same sums, and forward again, counting on", async () => {
    const untyped = server.db as unknown as Kysely<unknown>
    const totals = async () =>
      (
        await sql<{ k: string; n: string }>`select to_char(week, 'YYYY-MM-DD') || '/' || series as k, sum(n) as n from weekly_counts group by week, series
        union all select 'contact', sum(n) from contact_enquiry_count order by 1`.execute(untyped)
      ).rows.map((r) => `${r.k}=${r.n}`)
    const before = await totals()
    await moreCounterSlots.down(untyped)
    expect(await n("select count(*) as n from weekly_counts")).toBe(await n("select count(*) as n from (select distinct week, series from weekly_counts) d"))
    expect(await n("select count(*) as n from contact_enquiry_count")).toBe(1)
    expect(await totals()).toEqual(before)
    await moreCounterSlots.up(untyped)
    expect(await totals()).toEqual(before)
    const posted = await server.app.inject({
      method: "POST",
      url: "/api/v1/contact/create",
      remoteAddress: "10.0.39.200",
      payload: { name: "After", email: "after@example.org", number: "9876543210", city: "Pune", state: "MH", message: "Round trip" },
    })
    expect(posted.statusCode).toBe(200)
    expect(await n("select sum(n) as n from contact_enquiry_count")).toBe(await n("select count(*) as n from contact_enquiries"))
  })
})
