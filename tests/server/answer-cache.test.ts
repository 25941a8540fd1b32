import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { mayWrite, writeClock } from "../../server/db/write-clock.ts"
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

  it("with shared writes, another instance's published write makes the answer stale; a request publishes only when it wrote", async () => {
    let published = 0
    const shared: SharedWrites = { read: async () => published, publish: async () => void published++ }
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

describe("mayWrite", () => {
  it("counts every statement that is not plainly a read", () => {
    for (const read of [
      'select "id" from "users" where "updated_at" > $1',
      "  SELECT 1",
      'with "t" as (select 1) select * from "t"',
      "(select 1) union (select 2)",
    ])
      expect(mayWrite(read), read).toBe(false)
    for (const write of [
      'insert into "users" values ($1)',
      'update "users" set "status" = $1',
      'delete from "users"',
      "commit",
      "begin",
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
    server = await startTestServer({ onQuery: counter.onQuery })
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
