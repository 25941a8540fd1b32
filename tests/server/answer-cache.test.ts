import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../../server/db/database.ts"
import { mayWrite, tablesWritten, writeClock, writeClockOf } from "../../server/db/write-clock.ts"
import { answerCache, type SharedWrites } from "../../server/services/cache/answer-cache.ts"
import { queryCounter } from "../../server/plugins/bench-instrument.ts"
import { startTestServer, type TestServer } from "./harness.ts"

/** A computation that says how often it ran and what it answered. */
function counted(value: () => string) {
  const calls = { n: 0 }
  return { calls, compute: async () => (calls.n++, value()) }
}

describe("answerCache", () => {
  it("serves the stored answer while the clock holds, and computes afresh after a write", async () => {
    const clock = writeClock()
    const cache = answerCache({ clock })
    let data = "one"
    const { calls, compute } = counted(() => data)
    expect(await cache.answer("k", compute)).toBe("one")
    expect(await cache.answer("k", compute)).toBe("one")
    expect(calls.n).toBe(1)
    data = "two"
    clock.tick()
    expect(await cache.answer("k", compute)).toBe("two")
    expect(calls.n).toBe(2)
  })

  it("keeps an answer computed while a write landed under the older count, so it is never served", async () => {
    const clock = writeClock()
    const cache = answerCache({ clock })
    let data = "before"
    // The write commits while the first answer is being read: what it read may predate the write.
    expect(await cache.answer("k", async () => (clock.tick(), (data = "after"), "before"))).toBe("before")
    expect(await cache.answer("k", async () => data)).toBe("after")
  })

  it("trusts an answer for maxAgeMs at most (writes past every instance, such as psql)", async () => {
    let now = 1_000
    const cache = answerCache({ clock: writeClock(), maxAgeMs: 500, now: () => now })
    const { calls, compute } = counted(() => "x")
    await cache.answer("k", compute)
    now += 499
    await cache.answer("k", compute)
    expect(calls.n).toBe(1)
    now += 1
    await cache.answer("k", compute)
    expect(calls.n).toBe(2)
  })

  it("shares one computation between concurrent misses, and forgets a failed one", async () => {
    const cache = answerCache({ clock: writeClock() })
    const { calls, compute } = counted(() => "x")
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.answer("k", compute)))
    expect(answers).toEqual(Array(20).fill("x"))
    expect(calls.n).toBe(1)

    await expect(cache.answer("bad", async () => Promise.reject(new Error("database down")))).rejects.toThrow("database down")
    expect(await cache.answer("bad", async () => "recovered")).toBe("recovered")
  })

  it("keeps at most maxEntries answers, dropping the least recently stored", async () => {
    const cache = answerCache({ clock: writeClock(), maxEntries: 2 })
    const { calls, compute } = counted(() => "x")
    for (const key of ["a", "b", "c", "a"]) await cache.answer(key, compute)
    expect(calls.n).toBe(4)
    await cache.answer("c", compute)
    expect(calls.n).toBe(4)
  })

  it("keeps an answer across writes to tables it was not read from; a write to one of them, or one naming no table, makes it stale", async () => {
    const clock = writeClock()
    const cache = answerCache({ clock })
    const { calls, compute } = counted(() => "people")
    const people = ["users", "user_counts"]
    await cache.answer("k", compute, people)
    clock.tick(["tickets", "events", "outbox"])
    await cache.answer("k", compute, people)
    expect(calls.n).toBe(1)
    clock.tick(["user_counts"])
    await cache.answer("k", compute, people)
    expect(calls.n).toBe(2)
    clock.tick("all")
    await cache.answer("k", compute, people)
    expect(calls.n).toBe(3)
    // An answer that names no tables is stale after any write.
    const { calls: anyCalls, compute: anyCompute } = counted(() => "x")
    await cache.answer("any", anyCompute)
    clock.tick(["tickets"])
    await cache.answer("any", anyCompute)
    expect(anyCalls.n).toBe(2)
  })

  it("with shared writes, another instance's published write makes the answer stale; a request publishes only when it wrote", async () => {
    let published = 0
    const shared: SharedWrites = { read: async () => String(published), publish: async () => void published++ }
    const clock = writeClock()
    const cache = answerCache({ clock, shared })
    const { calls, compute } = counted(() => "x")
    await cache.answer("k", compute)
    await cache.answer("k", compute)
    expect(calls.n).toBe(1)
    published++ // another instance wrote
    await cache.answer("k", compute)
    expect(calls.n).toBe(2)

    const start = cache.clockNow
    await cache.publishSince(start)
    expect(published).toBe(1)
    clock.tick()
    await cache.publishSince(start)
    expect(published).toBe(2)
  })

  it("without a write clock caches nothing", async () => {
    const cache = answerCache({ clock: undefined })
    const { calls, compute } = counted(() => "x")
    await cache.answer("k", compute)
    await cache.answer("k", compute)
    expect(calls.n).toBe(2)
  })
})

describe("with shared writes, table by table", () => {
  it("publishes the tables a request wrote, and another instance's write to other tables leaves the answer cached", async () => {
    const counts = new Map<string, number>()
    const publishedWrites: unknown[] = []
    const shared: SharedWrites = {
      read: async (tables) => (tables ?? ["+"]).map((t) => counts.get(t) ?? 0).join(":"),
      publish: async (written) => {
        publishedWrites.push(written)
        for (const t of written === "all" ? ["+", ...counts.keys()] : written) counts.set(t, (counts.get(t) ?? 0) + 1)
      },
    }
    const clock = writeClock()
    const cache = answerCache({ clock, shared })
    const { calls, compute } = counted(() => "people")
    await cache.answer("k", compute, ["users"])
    await shared.publish(["tickets"]) // another instance answered a ticket
    await cache.answer("k", compute, ["users"])
    expect(calls.n).toBe(1)
    await shared.publish(["users"]) // another instance changed a vendor's status
    await cache.answer("k", compute, ["users"])
    expect(calls.n).toBe(2)

    const start = cache.clockNow
    clock.tick(["tickets", "events"])
    await cache.publishSince(start)
    expect(publishedWrites.at(-1)).toEqual(["tickets", "events"])
    const next = cache.clockNow
    clock.tick("all")
    await cache.publishSince(next)
    expect(publishedWrites.at(-1)).toBe("all")
  })
})

describe("tablesWritten", () => {
  // Compiles only: the statements are never sent anywhere.
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  })

  it("names the tables an insert, update, delete or a CTE that updates changes, and none for a read", () => {
    expect(tablesWritten(db.selectFrom("users").selectAll().where("id", "=", "x").forUpdate().compile())).toEqual([])
    expect(
      tablesWritten(
        db
          .insertInto("tickets")
          .values({ id: "t" } as never)
          .compile(),
      ),
    ).toEqual(["tickets"])
    expect(tablesWritten(db.updateTable("users as u").set({ name: "n" }).where("u.id", "=", "x").compile())).toEqual(["users"])
    expect(
      tablesWritten(
        db
          .deleteFrom("outbox")
          .where("id", "=", 1 as never)
          .compile(),
      ),
    ).toEqual(["outbox"])
    const moved = db
      .with("moved", (q) => q.updateTable("users").set({ status: "Approve" }).returningAll())
      .selectFrom("moved")
      .selectAll()
      .compile()
    expect(tablesWritten(moved)).toEqual(["users"])
    expect(
      tablesWritten(
        db
          .updateTable("events")
          .set({ seal: "3" })
          .where(sql<boolean>`id = any(${"1,2"})`)
          .compile(),
      ),
    ).toEqual(["events"])
  })

  it("says every table for raw SQL that may write and for DDL, none for transaction control", () => {
    expect(tablesWritten(sql`update users set name = 'x'`.compile(db))).toBe("all")
    expect(tablesWritten(sql`truncate users`.compile(db))).toBe("all")
    expect(tablesWritten(db.schema.createIndex("i").on("users").column("name").compile())).toBe("all")
    expect(tablesWritten(sql`select 1`.compile(db))).toEqual([])
    for (const control of ["begin", "commit", "rollback", "savepoint s1", "release s1", "set statement_timeout = 0"])
      expect(tablesWritten(sql.raw(control).compile(db)), control).toEqual([])
  })
})

describe("mayWrite", () => {
  it("counts every statement that is not plainly a read", () => {
    for (const read of [
      'select "id" from "users" where "updated_at" > $1',
      "  SELECT 1",
      'with "t" as (select 1) select * from "t"',
      "(select 1) union (select 2)",
      // Transaction control changes no data itself; the dialect counts a transaction's tables at its commit.
      "commit",
      "begin",
      "savepoint s1",
    ])
      expect(mayWrite(read), read).toBe(false)
    for (const write of [
      'insert into "users" values ($1)',
      'update "users" set "status" = $1',
      'delete from "users"',
      "create index x on y (z)",
      'with "moved" as (update "users" set "status" = $1 returning *) select * from "moved"',
      "truncate users",
    ]) {
      expect(mayWrite(write), write).toBe(true)
    }
  })
})

describe("the people lists through the cache", () => {
  let server: TestServer
  let admin: string
  const counter = queryCounter()
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: "GET", url: `/api/v1${url}`, headers: { ...bearer(admin), ...headers } })

  beforeAll(async () => {
    // Only writes may clear an answer here: the 1 s age bound has its own test above.
    server = await startTestServer({ onQuery: counter.onQuery, cacheMaxAgeMs: 10 * 60_000 })
    admin = await server.login("admin@demo.test")
    // The sign-in queued a new-device notice: sent now, so the postman's statements cannot land among the counted ones.
    await server.deliverMail()
  })
  afterAll(() => server.close())

  it("answers a repeated read without a statement, the same bytes as the first", async () => {
    const first = await get("/user/Lawyer?page=1&limit=10")
    expect(first.statusCode).toBe(200)
    const before = counter.count()
    const again = await get("/user/Lawyer?page=1&limit=10")
    expect(counter.count() - before).toBe(0)
    expect(again.body).toBe(first.body)
    expect(again.headers["content-type"]).toBe(first.headers["content-type"])
    // The bench's bypass header is only honoured by the instrumented server.
    await get("/user/Lawyer?page=1&limit=10", { "x-bench-no-cache": "1" })
    expect(counter.count() - before).toBe(0)
  })

  it("shows a status change made through the API at once, in both lists it moves between", async () => {
    const pending = (await get("/user/allUsers/pending?page=1&limit=10")).json()
    const vendor = pending.data[0]
    const approvedList = `/user/${vendor.role}?page=1&limit=10`
    const approved = (await get(approvedList)).json()
    const res = await server.app.inject({
      method: "PATCH",
      url: "/api/v1/user/updateUser",
      headers: bearer(admin),
      payload: { userId: vendor._id, status: "Approve", organizationId: "org-wellness-collective" },
    })
    expect(res.statusCode).toBe(200)
    const pendingAfter = (await get("/user/allUsers/pending?page=1&limit=10")).json()
    expect(pendingAfter.totalRecords).toBe(pending.totalRecords - 1)
    expect(pendingAfter.data.map((r: { _id: string }) => r._id)).not.toContain(vendor._id)
    const approvedAfter = (await get(approvedList)).json()
    expect(approvedAfter.totalRecords).toBe(approved.totalRecords + 1)
  })

  it("keeps the lists cached across writes to other tables (a ticket answered), and recomputes them after a person's change", async () => {
    const list = "/user/Lawyer?page=1&limit=10"
    const first = await get(list)
    const tickets = (await get("/userQuery/get?page=1&limit=1")).json()
    const answered = await server.app.inject({
      method: "POST",
      url: "/api/v1/userQuery/addResponse",
      headers: bearer(admin),
      payload: { queryId: tickets.data[0]._id, answer: "We have sent the invoice again." },
    })
    expect(answered.statusCode).toBe(200)
    // What the answer set off in the background (its mail, the event log's seal) is done before counting.
    await server.deliverMail()
    await server.app.sealer.settle()
    const before = counter.count()
    const again = await get(list)
    expect(counter.count() - before).toBe(0)
    expect(again.body).toBe(first.body)

    await server.db.updateTable("users").set({ city: "Pune" }).where("id", "=", first.json().data[0]._id).execute()
    await get(list)
    expect(counter.count() - before).toBeGreaterThan(0)
  })

  it("does not serve an answer read while a transaction was open once it commits", async () => {
    // On PostgreSQL the read runs on another connection and sees the old name under a count taken after the
    // update; counting the transaction's tables again at its commit makes that answer stale. (PGlite's one
    // connection makes the read wait for the commit.)
    const clock = writeClockOf(server.db)!
    const cache = answerCache({ clock })
    const id = (await get("/user/Lawyer?page=1&limit=1")).json().data[0]._id as string
    const nameNow = async () => (await server.db.selectFrom("users").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name
    const original = await nameNow()
    let readStarted!: () => void
    const started = new Promise<void>((resolve) => (readStarted = resolve))
    let firstAnswer: Promise<string> | undefined
    await server.db.transaction().execute(async (trx) => {
      await trx.updateTable("users").set({ name: "Renamed Inside A Transaction" }).where("id", "=", id).execute()
      firstAnswer = cache.answer("name", async () => (readStarted(), nameNow()), ["users"])
      await started
    })
    expect([original, "Renamed Inside A Transaction"]).toContain(await firstAnswer)
    expect(await cache.answer("name", nameNow, ["users"])).toBe("Renamed Inside A Transaction")
  })

  it("shows a row written straight to the database through the same handle at once", async () => {
    const before = (await get("/user/Lawyer?page=1&limit=10")).json()
    await server.db.updateTable("users").set({ name: "Renamed Straight In The Database" }).where("id", "=", before.data[0]._id).execute()
    const after = (await get("/user/Lawyer?page=1&limit=10")).json()
    expect(after.data[0].name).toBe("Renamed Straight In The Database")
  })

  it("never gives a cached answer to a caller the access rule refuses", async () => {
    await get("/user/Lawyer?page=1&limit=10")
    const editor = await server.login("editor@demo.test")
    expect((await server.app.inject({ method: "GET", url: "/api/v1/user/Lawyer?page=1&limit=10", headers: bearer(editor) })).statusCode).toBe(403)
    expect((await server.app.inject({ method: "GET", url: "/api/v1/user/Lawyer?page=1&limit=10" })).statusCode).toBe(401)
  })

  it("answers a bad query with the same 400 every time, and caches no failure", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get("/user/Lawyer?page=0&limit=10")
      expect(res.statusCode).toBe(400)
    }
  })
})
