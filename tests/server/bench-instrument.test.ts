import Fastify from "fastify"
import { describe, expect, it } from "vitest"
import { BENCH_TIMING_HEADER, queryCounter, registerBenchInstrument, replacer } from "../../server/plugins/bench-instrument.ts"
import { openDatabase } from "../../server/db/open-database.ts"
import { startTestServer } from "./harness.ts"
import { migratedTarget } from "./seeded-snapshot.ts"

describe("benchmark instrumentation (BENCH_INSTRUMENT=1 only)", () => {
  it("counts every statement the database is sent, and answers the count", async () => {
    const counter = queryCounter()
    const database = await openDatabase(migratedTarget(), { onQuery: counter.onQuery })
    try {
      const app = Fastify()
      registerBenchInstrument(app, counter)
      app.get("/two-queries", async () => {
        await database.db.selectFrom("users").select("id").limit(1).execute()
        await database.db.selectFrom("users").select("id").limit(1).execute()
        return { ok: true }
      })
      const before = (await app.inject({ method: "GET", url: "/__bench/queries" })).json().queries as number
      const res = await app.inject({ method: "GET", url: "/two-queries", headers: { [BENCH_TIMING_HEADER]: "1" } })
      const after = (await app.inject({ method: "GET", url: "/__bench/queries" })).json().queries as number
      expect(after - before).toBe(2)
      expect(res.headers["server-timing"]).toMatch(/^app;dur=\d+\.\d{3}$/)
      // The load generator's requests do not ask: their answers are the size production sends.
      expect((await app.inject({ method: "GET", url: "/two-queries" })).headers["server-timing"]).toBeUndefined()
    } finally {
      await database.close()
    }
  })

  it("records the statements one request sends, and the probe sends them again bare, answering the last one's rows", async () => {
    const counter = queryCounter()
    const database = await openDatabase(migratedTarget(), { onQuery: counter.onQuery })
    try {
      const app = Fastify()
      registerBenchInstrument(app, counter, database.db)
      app.get("/route", async () => {
        await database.db.selectFrom("users").select("id").limit(1).execute()
        const rows = await database.db.selectFrom("users").select(["email", "role"]).where("role", "=", "Admin").orderBy("email").limit(2).execute()
        return { success: true, data: rows }
      })
      expect((await app.inject({ method: "GET", url: "/__bench/probe" })).statusCode).toBe(409)
      expect((await app.inject({ method: "POST", url: "/__bench/record" })).statusCode).toBe(204)
      // Work running meanwhile outside the request (the sealer after an earlier write, a sweep) is not the request's.
      await database.db.selectFrom("users").select("email").limit(1).execute()
      const answer = (await app.inject({ method: "GET", url: "/route" })).json().data
      const recorded = (await app.inject({ method: "DELETE", url: "/__bench/record" })).json().statements as { sql: string; parameters: unknown[] }[]
      expect(recorded).toHaveLength(2)
      expect(recorded[1]!.sql).toMatch(/^select "email", "role" from "users" where "role" = \$1/)
      expect(recorded[1]!.parameters).toEqual(["Admin", 2])
      const before = counter.count()
      const probe = await app.inject({ method: "GET", url: "/__bench/probe" })
      expect(probe.statusCode).toBe(200)
      expect(probe.json()).toEqual(answer)
      expect(counter.count() - before).toBe(2)
      // Recording stopped: later statements are counted, not kept.
      await app.inject({ method: "GET", url: "/route" })
      expect((await app.inject({ method: "DELETE", url: "/__bench/record" })).json().statements).toEqual([])
    } finally {
      await database.close()
    }
  })

  it("replays a recorded write as one transaction on another row, each id the request generated made anew", async () => {
    const counter = queryCounter()
    const server = await startTestServer({ benchQueries: counter })
    try {
      const admin = await server.login("admin@demo.test")
      const open = await server.db.selectFrom("tickets").select("id").where("closed", "=", false).orderBy("id").limit(2).execute()
      const [recordedOn, replayedOn] = open.map((t) => t.id)
      const answers = (ticket: string) =>
        server.db.selectFrom("ticket_responses").select(["id", "answer"]).where("ticket_id", "=", ticket).where("answer", "is not", null).execute()
      const before = await answers(replayedOn!)
      await server.app.inject({ method: "POST", url: "/__bench/record" })
      const res = await server.app.inject({
        method: "POST",
        url: "/api/v1/userQuery/addResponse",
        headers: { authorization: `Bearer ${admin}` },
        payload: { queryId: recordedOn, answer: "Recorded once, replayed on another ticket." },
      })
      expect(res.statusCode, res.body).toBe(200)
      const recorded = (await server.app.inject({ method: "DELETE", url: "/__bench/record" })).json() as {
        statements: { sql: string }[]
        transaction: { sql: string }[]
        generated: string[]
      }
      // The write's transaction: the ticket locked, the answer, the ticket's version, its events, the outbox entry.
      const written = recorded.transaction.map(({ sql }) => {
        const verb = /^(select|insert into|update)/.exec(sql)?.[1]
        return `${verb} ${(verb === "select" ? /\bfrom "(\w+)"/ : /^(?:insert into|update) "(\w+)"/).exec(sql)?.[1]}`
      })
      expect(written).toEqual(
        expect.arrayContaining(["select tickets", "insert into ticket_responses", "update tickets", "insert into events", "insert into outbox"]),
      )
      expect(recorded.statements.length).toBeGreaterThan(recorded.transaction.length)
      expect(recorded.generated.length).toBeGreaterThan(0)
      // The write itself commits durably; only the postman's bookkeeping after it (marking the mail sent) does not wait for the disk.
      const relaxed = (sql: string) => sql.includes("set_config('synchronous_commit', 'off', true)")
      expect(recorded.transaction.filter(({ sql }) => relaxed(sql))).toEqual([])
      // The mail is queued already claimed for this process's postman, which sends it without claiming it again.
      const queuedClaimed = recorded.transaction.filter(({ sql }) => /^insert into "outbox" \(.*"lease_until", "attempts"\)/.test(sql))
      expect(queuedClaimed).toHaveLength(1)
      expect(recorded.statements.filter(({ sql }) => /^update "outbox" set "lease_until" = /.test(sql))).toEqual([])
      const mailOf = (ticket: string) =>
        server.db.selectFrom("outbox").select(["status", "attempts", "lease_until"]).where("entity_id", "=", ticket).orderBy("seq", "desc").execute()
      await expect.poll(async () => (await mailOf(recordedOn!)).map((row) => [row.status, row.attempts])).toEqual([["sent", 1]])
      // A swap whose id the transaction never sent would replay on the recorded row: refused.
      const astray = await server.app.inject({ method: "POST", url: "/__bench/probe", payload: { swap: { "scale-t-1": replayedOn } } })
      expect(astray.statusCode).toBe(400)
      expect(astray.json()).toEqual({ message: "Not in the recorded transaction: scale-t-1." })
      for (let i = 0; i < 2; i++) {
        const replay = await server.app.inject({ method: "POST", url: "/__bench/probe", payload: { swap: { [recordedOn!]: replayedOn } } })
        expect(replay.statusCode, replay.body).toBe(200)
      }
      // The replays' mail has no sender behind it: queued as claimed by one long gone, so due at once.
      const replayedMail = await mailOf(replayedOn!)
      expect(replayedMail.map((row) => [row.status, row.lease_until && new Date(row.lease_until).getTime()])).toEqual([
        ["pending", 0],
        ["pending", 0],
      ])
      const after = await answers(replayedOn!)
      const added = after.filter((a) => !before.some((b) => b.id === a.id))
      expect(added.map((a) => a.answer)).toEqual(["Recorded once, replayed on another ticket.", "Recorded once, replayed on another ticket."])
      expect(new Set(added.map((a) => a.id)).size).toBe(2)
    } finally {
      await server.close()
    }
  })

  it("replays a recorded booking on another pair, each `fresh` value (the unique meeting key) made anew at every replay", async () => {
    const counter = queryCounter()
    const server = await startTestServer({ benchQueries: counter })
    try {
      const admin = await server.login("admin@demo.test")
      const counsellors = await server.db
        .selectFrom("users")
        .select("id")
        .where("role", "=", "Counsellor")
        .where("status", "=", "Approve")
        .orderBy("id")
        .limit(2)
        .execute()
      const clients = await server.db.selectFrom("users").select("id").where("role", "=", "User").orderBy("id").limit(2).execute()
      expect(counsellors).toHaveLength(2)
      expect(clients).toHaveLength(2)
      const at = new Date(server.clock.now + 200 * 86_400_000).toISOString()
      await server.app.inject({ method: "POST", url: "/__bench/record" })
      const res = await server.app.inject({
        method: "POST",
        url: "/api/v1/counselling/create",
        headers: { authorization: `Bearer ${admin}` },
        payload: {
          counsellorId: counsellors[0]!.id,
          userId: clients[0]!.id,
          date: at.slice(0, 10),
          time: `${at.slice(11, 16)}Z`,
          topic: "Recorded",
          agenda: "Replayed",
          duration: 30,
        },
      })
      expect(res.statusCode, res.body).toBe(200)
      const meetingKey = (res.json() as { data: { meetingKey: string } }).data.meetingKey
      await server.app.inject({ method: "DELETE", url: "/__bench/record" })
      const swap = { [counsellors[0]!.id]: counsellors[1]!.id, [clients[0]!.id]: clients[1]!.id }
      // The recorded booking's own sealing round, due 200 ms after its answer, is taken now: it could seal the replays' events.
      await server.app.inject({ method: "POST", url: "/__bench/settle" })
      for (let i = 0; i < 2; i++) {
        const replay = await server.app.inject({ method: "POST", url: "/__bench/probe", payload: { swap, fresh: [meetingKey] } })
        expect(replay.statusCode, replay.body).toBe(200)
      }
      const replayed = await server.db
        .selectFrom("counselling_sessions")
        .select(["meeting_key", "join_link", "topic"])
        .where("counsellor_id", "=", counsellors[1]!.id)
        .where("user_id", "=", clients[1]!.id)
        .where("topic", "=", "Recorded")
        .execute()
      expect(replayed).toHaveLength(2)
      expect(new Set(replayed.map((r) => r.meeting_key)).size).toBe(2)
      for (const row of replayed) {
        expect(row.meeting_key).not.toBe(meetingKey)
        // The key stands in the join link too: replaced there alike.
        expect(row.join_link).toContain(row.meeting_key)
      }
      // The replays queued the booking's mails, which no request delivers, and appended events the sealer was not told
      // of: the benchmark has them sent and sealed between loads.
      const pending = () => server.db.selectFrom("outbox").select("id").where("status", "=", "pending").execute()
      const unsealed = () => server.db.selectFrom("events").select("id").where("seal", "is", null).execute()
      expect((await pending()).length).toBeGreaterThanOrEqual(4)
      expect((await unsealed()).length).toBeGreaterThanOrEqual(2)
      const settled = await server.app.inject({ method: "POST", url: "/__bench/settle" })
      expect(settled.json()).toEqual({ sent: expect.any(Number) })
      expect((settled.json() as { sent: number }).sent).toBeGreaterThanOrEqual(4)
      expect(await pending()).toEqual([])
      expect(await unsealed()).toEqual([])
      // Without it, the second replay breaks the meeting key's unique index.
      await server.app.inject({ method: "POST", url: "/__bench/probe", payload: { swap } })
      const clash = await server.app.inject({ method: "POST", url: "/__bench/probe", payload: { swap } })
      expect(clash.statusCode).toBe(500)
    } finally {
      await server.close()
    }
  })

  it("swaps an id wherever it stands whole, UUID or not, and leaves ids it only begins", () => {
    const replace = replacer(
      new Map([
        ["scale-t-76", "scale-t-5"],
        ["scale-t-761", "scale-t-9"],
        ["0b5c6a1e-8f0e-4c1a-9a51-3f7c1b2d4e6f", "new-id"],
      ]),
    )
    expect(replace("scale-t-76")).toBe("scale-t-5")
    expect(replace("scale-t-761")).toBe("scale-t-9")
    expect(replace("scale-t-7610")).toBe("scale-t-7610")
    expect(replace("/tickets/scale-t-76?tab=answers")).toBe("/tickets/scale-t-5?tab=answers")
    expect(replace(["scale-t-761", "x"])).toEqual(["scale-t-9", "x"])
    expect(replace({ ticket: "scale-t-76", by: "0b5c6a1e-8f0e-4c1a-9a51-3f7c1b2d4e6f" })).toEqual({ ticket: "scale-t-5", by: "new-id" })
    const at = new Date(0)
    expect(replace(at)).toBe(at)
    expect(replace(42)).toBe(42)
    expect(replace(null)).toBe(null)
  })

  it("is absent from the app built without it: no count route, no Server-Timing", async () => {
    const server = await startTestServer({ seed: false })
    try {
      expect((await server.app.inject({ method: "GET", url: "/__bench/queries" })).statusCode).toBe(404)
      expect((await server.app.inject({ method: "GET", url: "/__bench/probe" })).statusCode).toBe(404)
      expect((await server.app.inject({ method: "POST", url: "/__bench/record" })).statusCode).toBe(404)
      expect((await server.app.inject({ method: "GET", url: "/healthz" })).headers["server-timing"]).toBeUndefined()
    } finally {
      await server.close()
    }
  })
})
