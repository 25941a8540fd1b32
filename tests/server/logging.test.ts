import { Writable } from "node:stream"
import { join } from "node:path"
import type { FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildApp } from "../../server/app.ts"
import { createLogger, lazyRequestLogger, REDACTED, scrubUrl } from "../../server/plugins/logging.ts"
import { loginThrottle } from "../../server/services/auth/login-throttle.ts"
import { outboxMailer } from "../../server/services/mail/mailer.ts"
import { localUploadStore } from "../../server/services/storage/uploads.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { memoryTicketVersions } from "../../server/services/tickets/ticket-versions.ts"
import { memoryTokenVersions } from "../../server/services/auth/token-versions.ts"

/** Captures every JSON line the logger writes. */
function captureLines() {
  const lines: string[] = []
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean))
      callback()
    },
  })
  return { lines, destination }
}

/** The seeded test server's database, served by an app that logs at info into `lines`, like main.ts does. */
async function loggingApp(server: TestServer, logLinks: boolean, level = "info", extraRoutes: (app: FastifyInstance) => void = () => {}) {
  const { lines, destination } = captureLines()
  const logger = createLogger({ level, destination })
  const app = await buildApp({
    ticketVersions: memoryTicketVersions(),
    tokenVersions: memoryTokenVersions(),
    db: server.db,
    tokens: server.tokens,
    limiter: loginThrottle(),
    mailer: outboxMailer(join(server.dataDir, "outbox"), "Console <no-reply@console.test>", (m) => logger.info(m), { logLinks }),
    uploads: localUploadStore(server.dataDir, 1024 * 1024),
    publicUrl: "http://console.test",
    dataDir: server.dataDir,
    distDir: join(server.dataDir, "no-dist"),
    partnerSignupUrl: "http://console.test/partner-signup",
    uploadLimitBytes: 1024 * 1024,
    trustProxy: false,
    now: () => server.clock.now,
    logger,
  })
  extraRoutes(app)
  await app.ready()
  return { app, lines }
}

const resetTokenOf = (server: TestServer, email: string) => {
  const mail = server
    .outbox()
    .filter((m) => m.to.includes(email))
    .at(-1)
  return /reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1] ?? ""
}

/** Signs in (sending a cookie too), fails a login, asks for a reset link, opens it and uses it, changes the password. */
async function secretFlow(app: FastifyInstance, server: TestServer, email: string) {
  const login = await app.inject({
    method: "POST",
    url: "/api/v1/user/login",
    headers: { "x-request-id": "req-login-0001", cookie: "session=cookie-secret-value" },
    payload: { email, password: "Demo@12345" },
  })
  expect(login.statusCode).toBe(200)
  const { accessToken, refreshToken } = login.json().data as { accessToken: string; refreshToken: string }
  await app.inject({ method: "POST", url: "/api/v1/user/login", payload: { email, password: "Wrong-password-42" } })
  await app.inject({ method: "GET", url: "/api/v1/user/getProfile", headers: bearer(accessToken) })
  const mailed = server.outbox().length
  const link = await app.inject({ method: "POST", url: "/api/v1/user/reset-password-link", payload: { email } })
  expect(link.statusCode).toBe(200)
  await server.mailTo(email, mailed)
  const token = resetTokenOf(server, email)
  expect(token.length).toBeGreaterThan(20)
  await app.inject({ method: "GET", url: `/reset-password/${token}` })
  await app.inject({ method: "GET", url: `/api/v1/user/getProfile?token=${token}`, headers: bearer(accessToken) })
  const reset = await app.inject({
    method: "POST",
    url: "/api/v1/user/reset-password",
    payload: { token, password: "New-secret-pass-1", confirmPassword: "New-secret-pass-1" },
  })
  expect(reset.statusCode).toBe(200)
  // The reset ended every session: sign in again with the new password.
  const again = await app.inject({ method: "POST", url: "/api/v1/user/login", payload: { email, password: "New-secret-pass-1" } })
  expect(again.statusCode).toBe(200)
  const freshToken = again.json().data.accessToken as string
  const changed = await app.inject({
    method: "PATCH",
    url: "/api/v1/user/updateCurrentPassword",
    headers: bearer(freshToken),
    payload: { oldPassword: "New-secret-pass-1", newPassword: "Demo@12345" },
  })
  expect(changed.statusCode).toBe(200)
  return {
    accessToken,
    refreshToken,
    token,
    secrets: ["Demo@12345", "Wrong-password-42", "New-secret-pass-1", accessToken, freshToken, refreshToken, token, "cookie-secret-value"],
  }
}

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe("structured logs", () => {
  it("log a request id on every line and echo it; an unsafe incoming id is replaced", async () => {
    const { app, lines } = await loggingApp(server, false)
    const kept = await app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "lb-7f3a9c21" } })
    expect(kept.headers["x-request-id"]).toBe("lb-7f3a9c21")
    const unsafe = await app.inject({ method: "GET", url: "/api/v1/user/getProfile", headers: { "x-request-id": 'x"} {"level":"fatal' } })
    expect(unsafe.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/)
    const fresh = await app.inject({ method: "GET", url: "/api/docs/openapi.json" })
    expect(fresh.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/)
    expect(fresh.headers["x-request-id"]).not.toBe(unsafe.headers["x-request-id"])
    await secretFlow(app, server, "editor@demo.test")
    await app.close()
    expect(lines.length).toBeGreaterThan(10)
    const parsed = lines.map((line) => JSON.parse(line) as { reqId?: string; level: string; msg: string })
    for (const line of parsed) expect(line.reqId, JSON.stringify(line)).toMatch(/\S/)
    expect(parsed.some((l) => l.reqId === "req-login-0001")).toBe(true)
    expect(parsed.some((l) => l.reqId === unsafe.headers["x-request-id"])).toBe(true)
    // The mail line is logged from inside the request, so it carries that request's id too.
    expect(parsed.find((l) => l.msg.startsWith("mail to editor@demo.test"))?.reqId).toMatch(/\S/)
  })

  it("at warn, write no line per request, yet an error inside one still carries its request id", async () => {
    const { app, lines } = await loggingApp(server, false, "warn", (built) =>
      built.get("/boom", async () => {
        throw new Error("the disk is on fire")
      }),
    )
    await app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "req-quiet-0001" } })
    const login = await app.inject({ method: "POST", url: "/api/v1/user/login", payload: { email: "counsellor@demo.test", password: "Demo@12345" } })
    expect(login.statusCode).toBe(200)
    await app.inject({ method: "GET", url: "/api/v1/user/getProfile", headers: bearer(login.json().data.accessToken as string) })
    const boom = await app.inject({ method: "GET", url: "/boom", headers: { "x-request-id": "req-boom-0002" } })
    await app.close()
    expect(boom.statusCode).toBe(500)
    const parsed = lines.map((line) => JSON.parse(line) as { reqId?: string; level: string; msg: string; err?: { message: string } })
    expect(parsed).toEqual([
      expect.objectContaining({
        level: "error",
        reqId: "req-boom-0002",
        msg: "request failed",
        err: expect.objectContaining({ message: "the disk is on fire" }),
      }),
    ])
  })

  it("never contain a password, token, cookie or reset link (LOG_MAIL_LINKS=false)", async () => {
    const { app, lines } = await loggingApp(server, false)
    const { secrets } = await secretFlow(app, server, "lawyer@demo.test")
    await app.close()
    const text = lines.join("\n")
    for (const secret of secrets) expect(text).not.toContain(secret)
    expect(text).not.toMatch(/reset-password\/(?!\[REDACTED\])/)
    expect(text).toContain("/reset-password/[REDACTED]")
    expect(text).toContain("token=[REDACTED]")
    expect(text).toContain('mail to lawyer@demo.test: \\"Reset your password\\" written to outbox/')
  })

  it("print an outbox link only in the outbox mailer's own line, and only when enabled", async () => {
    const { app, lines } = await loggingApp(server, true)
    const { token, secrets } = await secretFlow(app, server, "counsellor@demo.test")
    await app.close()
    const withToken = lines.filter((line) => line.includes(token))
    expect(withToken).toHaveLength(1)
    expect(withToken[0]).toContain(`links: http://console.test/reset-password/${token}`)
    const others = lines.filter((line) => !line.includes(token)).join("\n")
    for (const secret of secrets) expect(others).not.toContain(secret)
  })

  it("censor secrets inside any logged object", () => {
    const { lines, destination } = captureLines()
    const logger = createLogger({ level: "info", destination })
    logger.info(
      {
        password: "p1-secret",
        user: { refreshToken: "r1-secret", profile: { newPassword: "n1-secret" } },
        req: { headers: { authorization: "Bearer a1-secret", cookie: "c1-secret" } },
        token: "t1-secret",
      },
      "something happened",
    )
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toMatch(/(p1|r1|n1|a1|c1|t1)-secret/)
    expect(lines[0]).toContain(REDACTED)
  })

  it("scrub reset links and secret query values from URLs", () => {
    expect(scrubUrl("/reset-password/abc.DEF_123?x=1")).toBe("/reset-password/[REDACTED]?x=1")
    expect(scrubUrl("/api/v1/x?page=2&token=abc&refresh_token=z&password=p")).toBe(
      "/api/v1/x?page=2&token=[REDACTED]&refresh_token=[REDACTED]&password=[REDACTED]",
    )
    expect(scrubUrl("/api/v1/vendors?page=2&search=anna")).toBe("/api/v1/vendors?page=2&search=anna")
  })
})

describe("the request logger (lazyRequestLogger)", () => {
  it("builds a pino child only for a request that writes a line, and that line carries the request id", () => {
    const { lines, destination } = captureLines()
    const parent = createLogger({ level: "warn", destination })
    let children = 0
    const counting = Object.assign(Object.create(parent) as typeof parent, {
      child: (...args: Parameters<typeof parent.child>) => {
        children++
        return parent.child(...args)
      },
    })
    const quiet = lazyRequestLogger(counting, { reqId: "req-quiet-1" })
    quiet.info("below the level")
    quiet.debug({ detail: 1 }, "below the level")
    expect(children).toBe(0)
    expect(quiet.level).toBe("warn")
    const loud = lazyRequestLogger(counting, { reqId: "req-loud-2" })
    loud.warn("slow answer")
    loud.error("failed")
    expect(children).toBe(1)
    expect(lines.map((l) => JSON.parse(l) as { reqId: string; msg: string })).toEqual([
      expect.objectContaining({ reqId: "req-loud-2", msg: "slow answer" }),
      expect.objectContaining({ reqId: "req-loud-2", msg: "failed" }),
    ])
  })
})
