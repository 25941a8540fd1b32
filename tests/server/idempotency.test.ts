import { randomUUID } from "node:crypto"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Db } from "../../server/db/database.ts"
import { openDatabase } from "../../server/db/open-database.ts"
import { ANSWER_LOST, idempotency, KEY_REUSED, markCommitted, STILL_RUNNING } from "../../server/services/idempotency.ts"
import { queryCounter } from "../../server/plugins/bench-instrument.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { multipart } from "./ticket-fixtures.ts"
import { migratedTarget } from "./seeded-snapshot.ts"

/** Issue 33: every create and state change takes an Idempotency-Key, and a retry never writes twice. */
let server: TestServer
const token: Record<string, string> = {}
beforeAll(async () => {
  server = await startTestServer()
  for (const who of ["admin", "user", "lawyer"]) token[who] = await server.login(`${who}@demo.test`)
})
afterAll(() => server.close())

const count = async (table: "tickets" | "ticket_responses" | "idempotency_keys") =>
  Number(
    (
      await server.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  )

function raiseTicket(who: string, key: string | undefined, query = "My payment did not go through") {
  const body = multipart({ ticketType: "General", query })
  return server.app.inject({
    method: "POST",
    url: "/api/v1/userQuery/create",
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token[who]!), ...(key ? { "idempotency-key": key } : {}) },
  })
}

async function aTicketOf(who: string): Promise<string> {
  const res = await raiseTicket(who, undefined)
  expect(res.statusCode).toBe(200)
  return res.json().data._id as string
}

const respond = (who: string, key: string, queryId: string, question: string) =>
  server.app.inject({
    method: "POST",
    url: "/api/v1/userQuery/addResponse",
    payload: { queryId, question },
    headers: { ...bearer(token[who]!), "idempotency-key": key },
  })

describe("Idempotency-Key", () => {
  it("answers a retry with the first answer and writes once", async () => {
    const before = await count("tickets")
    const key = randomUUID()
    const first = await raiseTicket("user", key)
    expect(first.statusCode).toBe(200)
    expect(first.headers["idempotent-replayed"]).toBeUndefined()
    const retry = await raiseTicket("user", key)
    expect(retry.statusCode).toBe(200)
    expect(retry.headers["idempotent-replayed"]).toBe("true")
    expect(retry.json()).toEqual(first.json())
    expect(await count("tickets")).toBe(before + 1)
    // Marked committed inside the ticket's own transaction (appendEvent), and the answer kept.
    const row = await server.db.selectFrom("idempotency_keys").select(["committed", "status", "body"]).where("key", "=", key).executeTakeFirstOrThrow()
    expect(row).toEqual({ committed: true, status: 200, body: first.body })
  })

  it("stores one row for 20 parallel retries with one key, and answers every one of them alike", async () => {
    const queryId = await aTicketOf("user")
    const before = await count("ticket_responses")
    const key = randomUUID()
    const answers = await Promise.all(Array.from({ length: 20 }, () => respond("user", key, queryId, "Any news?")))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200))
    expect(new Set(answers.map((a) => a.body)).size).toBe(1)
    expect(answers.filter((a) => a.headers["idempotent-replayed"] === "true")).toHaveLength(19)
    expect(await count("ticket_responses")).toBe(before + 1)
  })

  it("refuses a key used again for a different request (422), and keeps keys apart per caller", async () => {
    const queryId = await aTicketOf("user")
    const key = randomUUID()
    expect((await respond("user", key, queryId, "First question")).statusCode).toBe(200)
    const other = await respond("user", key, queryId, "Another question")
    expect(other.statusCode).toBe(422)
    expect(other.json()).toEqual({ success: false, message: KEY_REUSED })
    // The same key from somebody else is their own request.
    const before = await count("ticket_responses")
    const adminAnswer = await server.app.inject({
      method: "POST",
      url: "/api/v1/userQuery/addResponse",
      payload: { queryId, answer: "We are on it" },
      headers: { ...bearer(token.admin!), "idempotency-key": key },
    })
    expect(adminAnswer.statusCode).toBe(200)
    expect(adminAnswer.headers["idempotent-replayed"]).toBeUndefined()
    expect(await count("ticket_responses")).toBe(before + 1)
  })

  it("lets the key go when the request is refused, so the corrected request can use it", async () => {
    const key = randomUUID()
    const before = await count("tickets")
    const refused = await raiseTicket("user", key, "")
    expect(refused.statusCode).toBe(400)
    const corrected = await raiseTicket("user", key)
    expect(corrected.statusCode).toBe(200)
    expect(corrected.headers["idempotent-replayed"]).toBeUndefined()
    expect(await count("tickets")).toBe(before + 1)
  })

  it("refuses a malformed key with 400 and ignores a key on sign-in, whose answer holds tokens", async () => {
    const queryId = await aTicketOf("user")
    const long = await respond("user", "k".repeat(256), queryId, "Hello")
    expect(long.statusCode).toBe(400)
    expect(long.json().message).toMatch(/^Idempotency-Key: /)
    const key = randomUUID()
    const login = () =>
      server.app.inject({
        method: "POST",
        url: "/api/v1/user/login",
        payload: { email: "lawyer@demo.test", password: "Demo@12345" },
        headers: { "idempotency-key": key },
      })
    const [a, b] = [await login(), await login()]
    expect(a.statusCode).toBe(200)
    expect(b.headers["idempotent-replayed"]).toBeUndefined()
    expect(await server.db.selectFrom("idempotency_keys").select("key").where("key", "=", key).execute()).toEqual([])
  })

  it("after a crash: a claim whose write committed is never run again; one that never committed is taken over", async () => {
    const queryId = await aTicketOf("user")
    const userId = (await server.db.selectFrom("users").select("id").where("email", "=", "user@demo.test").executeTakeFirstOrThrow()).id
    const committedKey = randomUUID()
    const abandonedKey = randomUUID()
    // What a crash leaves: claims with no stored answer, one marked committed inside its write's transaction.
    const old = new Date(server.clock.now - 5 * 60_000)
    const fingerprintOf = async (key: string) => {
      // The fingerprint the server computes for the retry below: claim it once, read it, let it go.
      const probe = await respond("user", key, queryId, "Is anyone there?")
      expect(probe.statusCode).toBe(200)
      const row = await server.db.selectFrom("idempotency_keys").select("fingerprint").where("key", "=", key).executeTakeFirstOrThrow()
      await server.db.deleteFrom("idempotency_keys").where("key", "=", key).execute()
      return row.fingerprint
    }
    const fingerprint = await fingerprintOf(committedKey)
    const leasedLongAgo = sql<Date>`now() - interval '5 minutes'`
    await server.db
      .insertInto("idempotency_keys")
      .values({ scope: userId, key: committedKey, fingerprint, committed: true, created_at: old, leased_at: leasedLongAgo })
      .execute()
    await server.db
      .insertInto("idempotency_keys")
      .values({ scope: userId, key: abandonedKey, fingerprint: "from a request that died", committed: false, created_at: old, leased_at: leasedLongAgo })
      .execute()
    const before = await count("ticket_responses")
    const lost = await respond("user", committedKey, queryId, "Is anyone there?")
    expect(lost.statusCode).toBe(409)
    expect(lost.json()).toEqual({ success: false, message: ANSWER_LOST })
    expect(await count("ticket_responses")).toBe(before)
    const takenOver = await respond("user", abandonedKey, queryId, "Is anyone there?")
    expect(takenOver.statusCode).toBe(200)
    expect(await count("ticket_responses")).toBe(before + 1)
  })

  it("forgets a key after 24 hours", async () => {
    const queryId = await aTicketOf("user")
    const key = randomUUID()
    expect((await respond("user", key, queryId, "Day one")).statusCode).toBe(200)
    const before = await count("ticket_responses")
    server.clock.now += 24 * 60 * 60 * 1000 + 60_000
    const dayOne = token.user!
    try {
      token.user = await server.login("user@demo.test")
      const later = await respond("user", key, queryId, "Day one")
      expect(later.statusCode).toBe(200)
      expect(later.headers["idempotent-replayed"]).toBeUndefined()
      expect(await count("ticket_responses")).toBe(before + 1)
    } finally {
      server.clock.now -= 24 * 60 * 60 * 1000 + 60_000
      token.user = dayOne
    }
  })
})

describe("a write whose answer could not be stored (the database went away after the write)", () => {
  const lostConnection = () => {
    throw new Error("Connection terminated unexpectedly")
  }
  /** Runs `during` with the handle's updates and deletes failing, as with a database gone. */
  async function withoutWrites<T>(db: Db, during: () => Promise<T>): Promise<T> {
    const { updateTable, deleteFrom } = db
    Object.assign(db, { updateTable: lostConnection, deleteFrom: lostConnection })
    try {
      return await during()
    } finally {
      Object.assign(db, { updateTable, deleteFrom })
    }
  }

  it("is answered at once on this instance when retried: 'answer lost' if it committed, run again if it did not", async () => {
    const database = await openDatabase(migratedTarget())
    const { db } = database
    const keys = idempotency(db, Date.now)
    let runs = 0
    try {
      const committing = async () => {
        runs++
        await markCommitted(db)
        // The change committed; then the database goes away before the answer is stored.
        Object.assign(db, { updateTable: lostConnection })
        return { status: 200, body: "{}" }
      }
      const { updateTable } = db
      await expect(keys.run("u1", "k1", "f", committing)).rejects.toThrow("Connection terminated")
      Object.assign(db, { updateTable })
      const started = performance.now()
      const retried = await keys.run("u1", "k1", "f", committing)
      expect(performance.now() - started).toBeLessThan(1_000)
      expect(retried).toEqual({ answer: { status: 409, body: JSON.stringify({ success: false, message: ANSWER_LOST }) }, replayed: true })
      expect(runs).toBe(1)

      const failing = async (): Promise<never> => {
        runs++
        throw new Error("Connection terminated unexpectedly")
      }
      await expect(withoutWrites(db, () => keys.run("u1", "k2", "f", failing))).rejects.toThrow("Connection terminated")
      const again = await keys.run("u1", "k2", "f", async () => {
        runs++
        return { status: 200, body: '{"ok":true}' }
      })
      expect(again).toEqual({ answer: { status: 200, body: '{"ok":true}' }, replayed: false })
      expect(runs).toBe(3)
    } finally {
      await database.close()
    }
  })

  it("bounds a retry's wait on the monotonic clock, whatever the business clock says (issue 42)", async () => {
    const database = await openDatabase(migratedTarget())
    // A frozen business clock: the wait used to be measured on it, and never ended.
    const keys = idempotency(database.db, () => 1_000_000, { waitMs: 300 })
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    try {
      const first = keys.run("u1", "k-frozen", "f", async () => (await held, { status: 200, body: "{}" }))
      await expect(keys.run("u1", "k-frozen", "f", async () => ({ status: 200, body: "second" }))).rejects.toMatchObject({
        statusCode: 409,
        message: STILL_RUNNING,
      })
      release()
      expect((await first).replayed).toBe(false)
    } finally {
      release()
      await database.close()
    }
  })

  it("takes over a dead request's claim once its lease ran out on the database's clock, with the business clock frozen (issue 42)", async () => {
    const database = await openDatabase(migratedTarget())
    const frozen = 1_000_000
    const keys = idempotency(database.db, () => frozen, { waitMs: 300 })
    try {
      // What a request that died a minute ago leaves: its claim, with no answer and nothing committed.
      await database.db
        .insertInto("idempotency_keys")
        .values({
          scope: "u1",
          key: "k-dead",
          fingerprint: "f",
          committed: false,
          created_at: new Date(frozen),
          leased_at: sql<Date>`now() - interval '1 minute'`,
        })
        .execute()
      expect(await keys.run("u1", "k-dead", "f", async () => ({ status: 200, body: "retried" }))).toEqual({
        answer: { status: 200, body: "retried" },
        replayed: false,
      })
    } finally {
      await database.close()
    }
  })

  it("never forgets the claim of a request that still runs when the business clock jumps a day ahead: its retry waits, and writes nothing (issue 42)", async () => {
    const database = await openDatabase(migratedTarget())
    let clock = 1_000_000
    const keys = idempotency(database.db, () => clock, { waitMs: 300 })
    let runs = 0
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    try {
      const first = keys.run("u1", "k-jump", "f", async () => (runs++, await held, { status: 201, body: "first" }))
      await expect.poll(() => database.db.selectFrom("idempotency_keys").select("key").where("key", "=", "k-jump").executeTakeFirst()).toBeDefined()
      clock += 25 * 60 * 60 * 1000
      await expect(keys.run("u1", "k-jump", "f", async () => (runs++, { status: 200, body: "second" }))).rejects.toMatchObject({
        statusCode: 409,
        message: STILL_RUNNING,
      })
      release()
      expect(await first).toEqual({ answer: { status: 201, body: "first" }, replayed: false })
      expect(runs).toBe(1)
    } finally {
      release()
      await database.close()
    }
  })

  it("has a waiting retry read the claim less and less often instead of every 25 ms, and replay the first answer once it ends (issue 42)", async () => {
    const counter = queryCounter()
    const database = await openDatabase(migratedTarget(), { onQuery: counter.onQuery })
    const keys = idempotency(database.db, Date.now)
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    try {
      const first = keys.run("u1", "k-wake", "f", async () => (await held, { status: 201, body: '{"first":true}' }))
      // The first has claimed the key once the second's claim finds it taken.
      await new Promise<void>((resolve) => setImmediate(resolve))
      const before = counter.count()
      const second = keys.run("u1", "k-wake", "f", async () => ({ status: 200, body: "second" }))
      // Hold the first for as long as 60 reads every 25 ms would take.
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      const readsWhileHeld = counter.count() - before
      release()
      expect(await second).toEqual({ answer: { status: 201, body: '{"first":true}' }, replayed: true })
      await first
      // A claim and a read per look: 25, 50, 100, 200, 400, then every 500 ms.
      expect(readsWhileHeld).toBeLessThanOrEqual(20)
    } finally {
      release()
      await database.close()
    }
  })
})
