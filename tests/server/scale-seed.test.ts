import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cappedCount } from "../../server/db/repositories/list-counts.repository.ts"
import { withIndexesDeferred } from "../../server/db/seeds/deferred-indexes.ts"
import { ScaleSeedRefused, seedScale, type ScaleSeedResult } from "../../server/db/seeds/scale-seed.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"

/**
 * The scale seed at a small scale, on top of the demo data: maintained counts and search terms are
 * right afterwards, a second run is refused, and the last page of every counted list (read from
 * the list's far end) is exactly the last page of the list read in order.
 */
let server: TestServer
let admin: string
let result: ScaleSeedResult
const progress: Array<[string, number, number]> = []
/** Every index of the schema before the seed, as the statement that makes it. */
let indexesBefore: string[]

const indexes = async () =>
  (await sql<{ def: string }>`select indexdef as def from pg_indexes where schemaname = current_schema() order by indexname`.execute(server.db)).rows.map(
    (r) => r.def,
  )

beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
  indexesBefore = await indexes()
  result = await seedScale(server.db, { scale: 0.002 }, (table, done, total) => progress.push([table, done, total]))
}, 600_000)
afterAll(() => server.close())

const n = async (query: string) => Number((await sql<{ n: string }>`${sql.raw(query)}`.execute(server.db)).rows[0]!.n)
const get = async (url: string) => {
  const res = await server.app.inject({ method: "GET", url: `/api/v1${url}`, headers: bearer(admin) })
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
  return res.json()
}

describe("npm run seed:scale (seedScale)", () => {
  it("seeds every table at the asked scale and reports each table's progress to the end", async () => {
    expect(result.sizes).toMatchObject({ users: 2000, counsellingSessions: 2000, tickets: 200, counsellingEnquiries: 20, contactEnquiries: 20 })
    expect(await n("select count(*) as n from users where id like 'scale-u-%'")).toBe(2000)
    expect(await n("select count(*) as n from counselling_sessions where id like 'scale-s-%'")).toBe(2000)
    expect(await n("select count(*) as n from ticket_responses where id like 'scale-r-%'")).toBe(1000)
    expect(await n("select count(distinct role) as n from users where id like 'scale-u-%'")).toBe(8)
    expect(await n("select count(distinct status) as n from users where id like 'scale-u-%'")).toBe(4)
    expect(await n("select count(*) as n from events where entity_id like 'scale-%'")).toBeGreaterThan(5000)
    for (const table of ["users", "counselling_sessions", "tickets", "ticket_responses", "events (users)", "events (tickets)"]) {
      expect(progress.filter(([t]) => t === table).at(-1), table).toEqual([table, expect.any(Number), expect.any(Number)])
      const [, done, total] = progress.filter(([t]) => t === table).at(-1)!
      expect(done, table).toBe(total)
    }
  })

  it("builds every index it loaded without again, as it was, and says how long they took", async () => {
    expect(await indexes()).toEqual(indexesBefore)
    expect(progress.some(([table]) => table === "index users_search_keys_idx")).toBe(true)
    expect(result.timings.indexes).toBeGreaterThan(0)
  })

  it("builds the indexes again when the load fails, and keeps those named to keep", async () => {
    const before = await indexes()
    const seen: string[] = []
    const load = withIndexesDeferred(
      server.db,
      ["tickets"],
      async () => {
        for (const def of await indexes()) if (/ ON (\S+\.)?tickets USING /.test(def)) seen.push(/INDEX (\S+) ON/.exec(def)![1]!)
        throw new Error("the load broke")
      },
      { keep: ["tickets_created_idx"] },
    )
    await expect(load).rejects.toThrow("the load broke")
    // During the load: the primary key and the ticket number's unique constraint, and the kept index; after: all.
    expect(seen.sort()).toEqual(["tickets_created_idx", "tickets_number_key", "tickets_pkey"])
    expect(await indexes()).toEqual(before)
  })

  it("leaves every maintained count and the search terms right", async () => {
    const wrongCounts = await n(`select count(*) as n from (
      select role, status, count(*) as n from users group by role, status
      except select role, status, sum(n) from user_counts group by role, status having sum(n) <> 0) d`)
    expect(wrongCounts).toBe(0)
    // Each total is the sum of its slots (migration 0038).
    const kept = Object.fromEntries(
      (
        await server.db
          .selectFrom("list_counts")
          .select(["name", sql<string>`sum(n)`.as("n")])
          .groupBy("name")
          .execute()
      ).map((r) => [r.name, Number(r.n)]),
    )
    const closedTickets = await n("select count(*) as n from tickets where closed")
    expect(closedTickets).toBeGreaterThan(0)
    const byState = await server.db
      .selectFrom("counselling_sessions")
      .select(["state", sql<string>`count(*)`.as("n")])
      .groupBy("state")
      .execute()
    expect(kept).toEqual({
      counselling_sessions: await n("select count(*) as n from counselling_sessions"),
      ...Object.fromEntries(byState.map((row) => [`counselling_sessions_state_${row.state}`, Number(row.n)])),
      tickets: await n("select count(*) as n from tickets"),
      tickets_closed: closedTickets,
      events: await n("select count(*) as n from events"),
      clients_unassigned: await n("select count(*) as n from users where role = 'User' and counsellor_id is null"),
      clients_assigned: await n("select count(*) as n from users where counsellor_id is not null"),
    })
    expect(await n("select sum(n) as n from contact_enquiry_count")).toBe(await n("select count(*) as n from contact_enquiries"))
    // The dashboard's weekly counts (migration 0031), summed over every week, against the rows they count.
    const weekly = Object.fromEntries(
      (
        await server.db
          .selectFrom("weekly_counts")
          .select(["series", sql<string>`sum(n)`.as("n")])
          .groupBy("series")
          .execute()
      ).map((r) => [r.series, Number(r.n)]),
    )
    expect(weekly).toEqual({
      signups_client: await n("select count(*) as n from users where role = 'User'"),
      signups_vendor: await n("select count(*) as n from users where role not in ('User', 'Admin', 'Editor')"),
      approvals: await n("select count(*) as n from events where type = 'user.statusChanged' and after ->> 'status' = 'Approve'"),
      ...Object.fromEntries(byState.map((row) => [`sessions_${row.state}`, Number(row.n)])),
      tickets_opened: await n("select count(*) as n from tickets"),
      tickets_closed: closedTickets,
    })
    const missingTerms = await n(`select count(*) as n from (
      select u.id, t from users u cross join lateral people_search_terms_of(u.name, u.email, u.number) t
      except select user_id, term from people_search_terms) d`)
    expect(missingTerms).toBe(0)
  })

  it("refuses a second run instead of doubling the data", async () => {
    await expect(seedScale(server.db, { scale: 0.002 })).rejects.toThrow(ScaleSeedRefused)
    await expect(seedScale(server.db, { scale: 0.002 })).rejects.toThrow(/already holds a scale seed/)
    expect(await n("select count(*) as n from users where id like 'scale-u-%'")).toBe(2000)
  })

  it("refuses a scale out of range with a message naming --scale", async () => {
    await expect(seedScale(server.db, { scale: 0 })).rejects.toThrow(/--scale must be a number from/)
  })
})

describe("lists at the far end", () => {
  /** The ids of page `page` (of 10) read straight in list order: what the far-end read must equal. */
  const inOrder = async (query: string, page: number) =>
    (await sql<{ id: string }>`${sql.raw(`${query} limit 10 offset ${(page - 1) * 10}`)}`.execute(server.db)).rows.map((r) => r.id)

  it("the last and a far page of each counted list equal the same pages read in order", async () => {
    const lists = [
      {
        url: "/user/Lawyer",
        ids: (a: { data: Array<{ _id: string }> }) => a.data.map((r) => r._id),
        total: (a: { totalRecords: number }) => a.totalRecords,
        query: "select id from users where role = 'Lawyer' and status = 'Approve' order by created_at desc, id desc",
      },
      {
        url: "/counselling/fetch",
        ids: (a: { data: { counsellingSessions: Array<{ _id: string }> } }) => a.data.counsellingSessions.map((r) => r._id),
        total: (a: { totalRecords: number }) => a.totalRecords,
        query: "select id from counselling_sessions order by created_at desc, id asc",
      },
      {
        url: "/userQuery/get",
        ids: (a: { data: Array<{ _id: string }> }) => a.data.map((r) => r._id),
        total: (a: { pagination: { total: number } }) => a.pagination.total,
        query: "select id from tickets order by created_at desc, id desc",
      },
      {
        url: "/user/unassignUser",
        ids: (a: { data: { data: Array<{ _id: string }> } }) => a.data.data.map((r) => r._id),
        total: (a: { totalRecords: number }) => a.totalRecords,
        query: "select id from users where role = 'User' and counsellor_id is null order by created_at desc, id asc",
      },
      {
        url: "/user/assignUser",
        ids: (a: { data: { data: Array<{ _id: string }> } }) => a.data.data.map((r) => r._id),
        total: (a: { totalRecords: number }) => a.totalRecords,
        query: "select id from users where counsellor_id is not null order by created_at desc, id asc",
      },
      {
        url: "/audit/events",
        ids: (a: { data: Array<{ _id: string }> }) => a.data.map((r) => r._id),
        total: (a: { totalRecords: number }) => a.totalRecords,
        query: "select events.id::text as id from events order by events.id desc",
      },
    ]
    for (const list of lists) {
      const first = await get(`${list.url}?page=1&limit=10`)
      const total = list.total(first)
      const lastPage = Math.ceil(total / 10)
      expect(total, list.url).toBeGreaterThan(40)
      for (const page of [lastPage, lastPage - 2, Math.ceil(lastPage / 2) + 1]) {
        const answer = await get(`${list.url}?page=${page}&limit=10`)
        expect(list.ids(answer), `${list.url} page ${page}`).toEqual(await inOrder(list.query, page))
      }
      expect(list.ids(await get(`${list.url}?page=${lastPage + 5}&limit=10`)), `${list.url} past the end`).toEqual([])
    }
  })

  it("a search counts exactly under the cap and says when the count stopped at it", async () => {
    const answer = await get("/user/User?page=1&limit=10&search=sharma")
    const exact = await n(
      "select count(*) as n from users where role = 'User' and status = 'Approve' and (name ilike '%sharma%' or email ilike '%sharma%' or number ilike '%sharma%')",
    )
    expect(exact).toBeGreaterThan(10)
    expect(answer.totalRecords).toBe(exact)
    expect(answer.totalCapped).toBeUndefined()
    const users = server.db.selectFrom("users").where("role", "=", "User")
    expect(await cappedCount(server.db, users, 5)).toEqual({ total: 5, capped: true })
    expect(await cappedCount(server.db, users.where("id", "=", "scale-u-3"), 5)).toEqual({ total: 1, capped: false })
  })
})
