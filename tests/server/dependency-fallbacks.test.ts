import { EventEmitter } from "node:events"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Redis } from "ioredis"
import { describe, expect, it } from "vitest"
import { buildApp } from "../../server/app.ts"
import { postgresHandle, SERVER_STATEMENT_TIMEOUT_MS } from "../../server/db/open-database.ts"
import { loginThrottle } from "../../server/services/auth/login-throttle.ts"
import { memoryTokenVersions } from "../../server/services/auth/token-versions.ts"
import { tokenService } from "../../server/services/auth/tokens.ts"
import { outboxMailer } from "../../server/services/mail/mailer.ts"
import { localUploadStore } from "../../server/services/storage/uploads.ts"
import { memoryTicketVersions } from "../../server/services/tickets/ticket-versions.ts"
import { freePort } from "../fixtures/free-port.ts"
import { answerCache, type SharedWrites } from "../../server/services/cache/answer-cache.ts"
import { redisLink } from "../../server/services/cache/redis-link.ts"
import { tooManyRequests } from "../../server/services/errors.ts"
import { DATABASE_BUSY, DATABASE_UNAVAILABLE, DatabaseBusyError, isDatabaseBusy, isDatabaseUnavailable } from "../../server/db/unavailable.ts"
import { writeClock } from "../../server/db/write-clock.ts"
import Fastify from "fastify"
import { registerErrorHandler } from "../../server/plugins/error-handler.ts"

describe("isDatabaseUnavailable", () => {
  it("knows a database that cannot be reached from a fault of the request or the code", () => {
    const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code })
    const unavailable = [
      withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"),
      withCode("57P01", "terminating connection due to administrator command"),
      withCode("57P03", "the database system is starting up"),
      withCode("08006"),
      withCode("53300", "sorry, too many clients already"),
      withCode("57014", "canceling statement due to statement timeout"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Query read timeout"),
      new Error("wrapped", { cause: withCode("ECONNRESET") }),
      new AggregateError([withCode("ECONNREFUSED")], "every address refused"),
    ]
    for (const error of unavailable) expect(isDatabaseUnavailable(error), error.message).toBe(true)
    const faults = [withCode("23505", "duplicate key value"), withCode("42601", "syntax error"), new Error("Cannot read properties of undefined"), null, "text"]
    for (const error of faults) expect(isDatabaseUnavailable(error), String(error)).toBe(false)
  })

  it("tells a busy database (there, but no turn in time) from one that is gone: both 503, each in its own words", async () => {
    const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code })
    const busy = [
      new DatabaseBusyError(),
      withCode("57014", "canceling statement due to statement timeout"),
      withCode("53300"),
      new Error("wrapped", { cause: new DatabaseBusyError() }),
    ]
    for (const error of busy) expect(isDatabaseBusy(error), error.message).toBe(true)
    for (const error of [withCode("ECONNREFUSED"), withCode("57P01"), new Error("Connection terminated unexpectedly")])
      expect(isDatabaseBusy(error), error.message).toBe(false)
    const app = Fastify()
    registerErrorHandler(app)
    app.get("/busy", async () => Promise.reject(new DatabaseBusyError()))
    app.get("/gone", async () => Promise.reject(withCode("ECONNREFUSED")))
    const busyAnswer = await app.inject({ method: "GET", url: "/busy" })
    expect([busyAnswer.statusCode, busyAnswer.headers["retry-after"], busyAnswer.json()]).toEqual([503, "5", { success: false, message: DATABASE_BUSY }])
    const goneAnswer = await app.inject({ method: "GET", url: "/gone" })
    expect([goneAnswer.statusCode, goneAnswer.headers["retry-after"], goneAnswer.json()]).toEqual([503, "5", { success: false, message: DATABASE_UNAVAILABLE }])
  })
})

/** Enough of ioredis for the link: its events, its status and PING. */
function fakeRedis() {
  const events = new EventEmitter()
  const fake = Object.assign(events, {
    status: "ready",
    answering: true,
    ping: async () => (fake.answering ? "PONG" : Promise.reject(new Error("Connection is closed."))),
  })
  return fake
}
const quietLog = () => {
  const lines: string[] = []
  return { lines, warn: (m: string) => void lines.push(`warn: ${m}`), info: (m: string) => void lines.push(`info: ${m}`) }
}
const until = async (condition: () => boolean) => {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((r) => setTimeout(r, 20))
}

describe("redisLink", () => {
  it("falls back while Redis is down, warns once, and runs every recovery step before trusting it again", async () => {
    const redis = fakeRedis()
    const log = quietLog()
    const link = redisLink(redis as unknown as Redis, log)
    const steps: string[] = []
    link.onRecover(async () => void steps.push("drop token versions"))
    link.onRecover(async () => void steps.push("bump the write count"))
    expect(link.up).toBe(true)
    expect(
      await link.use(
        async () => "from redis",
        () => "fallback",
      ),
    ).toBe("from redis")

    redis.answering = false
    redis.emit("close")
    redis.emit("error", new Error("connect ECONNREFUSED"))
    expect(link.up).toBe(false)
    let ran = false
    expect(
      await link.use(
        async () => {
          ran = true
          return "from redis"
        },
        () => "fallback",
      ),
    ).toBe("fallback")
    expect(ran).toBe(false)
    expect(log.lines.filter((l) => l.startsWith("warn"))).toHaveLength(1)

    redis.answering = true
    redis.emit("ready")
    await until(() => link.up)
    expect(link.up).toBe(true)
    expect(steps).toEqual(["drop token versions", "bump the write count"])
    expect(log.lines.at(-1)).toMatch(/^info: Redis answers again/)
    link.close()
  })

  it("marks Redis down when a command fails, recovers by its probe, and throws a limiter's answer as it is", async () => {
    const redis = fakeRedis()
    const link = redisLink(redis as unknown as Redis, quietLog())
    await expect(
      link.use(
        () => Promise.reject(tooManyRequests("Too many", 60)),
        () => "fallback",
        (e) => (e as { statusCode?: number }).statusCode === 429,
      ),
    ).rejects.toMatchObject({
      statusCode: 429,
    })
    expect(link.up).toBe(true)
    expect(
      await link.use(
        () => Promise.reject(new Error("Command timed out")),
        () => "fallback",
      ),
    ).toBe("fallback")
    expect(link.up).toBe(false)
    // No 'ready' event comes after a timeout (the connection never closed): the probe finds Redis answering.
    await until(() => link.up)
    expect(link.up).toBe(true)
    link.close()
  })

  it("stays down while a recovery step fails", async () => {
    const redis = fakeRedis()
    const link = redisLink(redis as unknown as Redis, quietLog(), { startUp: false })
    let attempts = 0
    link.onRecover(async () => {
      attempts++
      throw new Error("SCAN failed")
    })
    redis.emit("ready")
    await until(() => attempts > 0)
    expect(link.up).toBe(false)
    link.close()
  })
})

describe("the answer cache without the shared write count", () => {
  it("computes every answer afresh while the count cannot be read, and caches again once it can", async () => {
    let readable = false
    const shared: SharedWrites = { read: async () => (readable ? "7" : null), publish: async () => {} }
    const cache = answerCache({ clock: writeClock(), shared })
    let computed = 0
    const compute = async () => String(++computed)
    expect(await cache.answer("k", compute)).toBe("1")
    expect(await cache.answer("k", compute)).toBe("2")
    readable = true
    expect(await cache.answer("k", compute)).toBe("3")
    expect(await cache.answer("k", compute)).toBe("3")
  })
})

describe("a PostgreSQL that does not answer", () => {
  it("is a 503 with Retry-After within a second on every call that needs it, and /readyz 503 while /livez stays 200", async () => {
    // Nothing listens on this port: every connection is refused, as while PostgreSQL restarts.
    const url = `postgres://postgres@127.0.0.1:${await freePort()}/none`
    const db = postgresHandle({ kind: "postgres", url }, { statementTimeoutMs: SERVER_STATEMENT_TIMEOUT_MS })
    const dataDir = mkdtempSync(join(tmpdir(), "console-outage-"))
    const app = await buildApp({
      db,
      tokens: tokenService("outage-test-secret-that-is-long-enough-0123456789"),
      limiter: loginThrottle(),
      tokenVersions: memoryTokenVersions(),
      ticketVersions: memoryTicketVersions(),
      mailer: outboxMailer(join(dataDir, "outbox"), "x <x@console.test>", () => {}),
      uploads: localUploadStore(dataDir, 1024),
      publicUrl: "http://console.test",
      dataDir,
      distDir: join(dataDir, "no-dist"),
      partnerSignupUrl: "http://console.test/partner-signup",
      uploadLimitBytes: 1024,
      trustProxy: false,
      now: Date.now,
    })
    try {
      const calls = [
        { method: "POST" as const, url: "/api/v1/user/login", payload: { email: "admin@demo.test", password: "Demo@12345" } },
        { method: "GET" as const, url: "/api/v1/public/experts" },
        {
          method: "POST" as const,
          url: "/api/v1/contact/create",
          payload: { name: "Asha", email: "asha@example.com", number: "9876543210", city: "Pune", state: "MH" },
        },
      ]
      for (const request of calls) {
        const started = performance.now()
        const res = await app.inject(request)
        expect(performance.now() - started, request.url).toBeLessThan(1_000)
        expect(res.statusCode, request.url).toBe(503)
        expect(res.headers["retry-after"]).toBe("5")
        expect(res.json()).toEqual({ success: false, message: DATABASE_UNAVAILABLE })
      }
      const ready = await app.inject({ method: "GET", url: "/readyz" })
      expect(ready.statusCode).toBe(503)
      expect(ready.headers["retry-after"]).toBe("5")
      expect((await app.inject({ method: "GET", url: "/livez" })).json()).toEqual({ status: "ok" })
    } finally {
      await app.close()
      await db.destroy()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
