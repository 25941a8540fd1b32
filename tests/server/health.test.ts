import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildApp } from "../../server/app.ts"
import { openDatabase } from "../../server/db/open-database.ts"
import { loginThrottle } from "../../server/services/auth/login-throttle.ts"
import { outboxMailer } from "../../server/services/mail/mailer.ts"
import { localUploadStore } from "../../server/services/storage/uploads.ts"
import { startTestServer, type TestServer } from "./harness.ts"
import { memoryTicketVersions } from "../../server/services/tickets/ticket-versions.ts"
import { memoryTokenVersions } from "../../server/services/auth/token-versions.ts"
import { migratedTarget } from "./seeded-snapshot.ts"

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ seed: false })
})
afterAll(() => server.close())

describe("/healthz and /readyz", () => {
  it("answer without a token, ignore a bad one, and live outside /api/v1", async () => {
    for (const url of ["/healthz", "/readyz"]) {
      const res = await server.app.inject({ method: "GET", url, headers: { authorization: "Bearer not-a-token" } })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers["cache-control"]).toBe("no-store")
      expect((await server.app.inject({ method: "GET", url: `/api/v1${url}` })).statusCode).toBe(404)
    }
    expect((await server.app.inject({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok" })
    expect((await server.app.inject({ method: "GET", url: "/readyz" })).json()).toEqual({ status: "ready", database: "ok" })
  })

  it("are never rate limited", async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => server.app.inject({ method: "GET", url: i % 2 ? "/healthz" : "/readyz" })))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(60).fill(200))
  })

  it("/readyz answers 503 when the database does not answer, while /healthz stays 200", async () => {
    const database = await openDatabase(migratedTarget())
    const app = await buildApp({
      ticketVersions: memoryTicketVersions(),
      tokenVersions: memoryTokenVersions(),
      db: database.db,
      tokens: server.tokens,
      limiter: loginThrottle(),
      mailer: outboxMailer(join(server.dataDir, "outbox"), "x <x@console.test>", () => {}),
      uploads: localUploadStore(server.dataDir, 1024),
      publicUrl: "http://console.test",
      dataDir: server.dataDir,
      distDir: join(server.dataDir, "no-dist"),
      partnerSignupUrl: "http://console.test/partner-signup",
      uploadLimitBytes: 1024,
      trustProxy: false,
      now: Date.now,
    })
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200)
    await database.close()
    const res = await app.inject({ method: "GET", url: "/readyz" })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ status: "unavailable", database: "unreachable" })
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200)
    await app.close()
  })
})
