import { SignJWT } from "jose"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bearer, startTestServer, TEST_SECRET, type TestServer } from "./harness.ts"
import { INVALID_TOKEN } from "../../server/plugins/auth.ts"
import { hashPassword } from "../../server/services/auth/passwords.ts"
import { insertUser } from "../../server/db/repositories/users.repository.ts"
import { explainRefusals } from "./openapi-validator.ts"
// Refusals of requests the API document calls valid, provoked here on purpose, with what explains each.
explainRefusals([
  ["This reset link is invalid or has expired.", "the mailed link was used already, or is over an hour old"],
  ["Passwords do not match!", "confirmPassword differs from password (a rule between two fields, stated in the request's description)"],
  ["oldPassword: Current password is incorrect.", "the current password sent is not the account's"],
])

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const login = (email: string, password: string, ip = "10.0.0.1") =>
  server.app.inject({ method: "POST", url: "/api/v1/user/login", payload: { email, password }, remoteAddress: ip })

describe("POST /user/login", () => {
  it("answers tokens and the session user for a demo login", async () => {
    const res = await login("admin@demo.test", "Demo@12345")
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.message).toBe("Login successful!")
    expect(body.data.user).toEqual({
      _id: expect.any(String),
      name: "Asha Admin",
      email: "admin@demo.test",
      role: "Admin",
      organizationId: "org-wellness-collective",
    })
    expect(body.data.accessToken.split(".")).toHaveLength(3)
    expect(body.data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it("stores only a hash of the refresh token", async () => {
    const { data } = (await login("lawyer@demo.test", "Demo@12345")).json()
    const rows = await server.db.selectFrom("refresh_tokens").select("token_hash").execute()
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.map((r) => r.token_hash)).not.toContain(data.refreshToken)
  })

  it("refuses a wrong password with a clear message", async () => {
    const res = await login("editor@demo.test", "wrong-password", "10.0.0.2")
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ success: false, message: "Invalid email or password." })
  })

  it("names the missing field on bad input", async () => {
    const res = await server.app.inject({ method: "POST", url: "/api/v1/user/login", payload: { email: "a@b.co" } })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe("password: is required")
  })

  it("answers 400, not 500, to malformed JSON", async () => {
    const res = await server.app.inject({ method: "POST", url: "/api/v1/user/login", payload: "{oops", headers: { "content-type": "application/json" } })
    expect(res.statusCode).toBe(400)
    expect(res.json().success).toBe(false)
  })

  it("limits one account's failures from one address: the 6th attempt from there is 429 with Retry-After; the owner elsewhere still gets in", async () => {
    for (let i = 0; i < 5; i++) expect((await login("nutritionist@demo.test", "nope", "10.1.0.1")).statusCode).toBe(401)
    const sixth = await login("nutritionist@demo.test", "Demo@12345", "10.1.0.1")
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().message).toBe("Too many failed login attempts. Please try again in 1 minute.")
    expect(sixth.headers["retry-after"]).toBe("60")
    // No stranger can lock the owner out: five failures from one address hold back that address only.
    expect((await login("nutritionist@demo.test", "Demo@12345", "10.1.0.99")).statusCode).toBe(200)
    // The block runs on the server's clock: a second before its minute is up it holds, then the owner gets in.
    server.clock.now += 59_000
    expect((await login("nutritionist@demo.test", "Demo@12345", "10.1.0.1")).statusCode).toBe(429)
    server.clock.now += 1_000
    expect((await login("nutritionist@demo.test", "Demo@12345", "10.1.0.1")).statusCode).toBe(200)
  })

  it("counts every guess sent at once: of 100 parallel wrong passwords for one account from one address, 5 reach the password check", async () => {
    const email = "parallel.guesses@example.com"
    await insertUser(server.db, { name: "Parallel Guesses", email, role: "User", status: "Approve", password_hash: await hashPassword("Demo@12345") })
    const owner = await login(email, "Demo@12345", "10.7.0.1")
    expect(owner.statusCode).toBe(200)
    const device = String(owner.headers["set-cookie"]).split(";")[0]!
    // A check made before any of them was counted let 73 to 98 of the hundred through on the embedded database.
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login(email, `guess-${i}`, "10.7.0.2")))
    const statuses = new Map<number, number>()
    for (const res of answers) statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
    expect(Object.fromEntries(statuses)).toEqual({ 401: 5, 429: 95 })
    for (const res of answers.filter((r) => r.statusCode === 429)) expect(Number(res.headers["retry-after"])).toBeGreaterThan(0)
    // The refused ones were no guesses: the account's own count (10 across addresses) holds the 5 failures only.
    expect((await login(email, "Demo@12345", "10.7.0.3")).statusCode).toBe(200)
    // The owner's known device still signs in at once from the guessed address.
    const known = await server.app.inject({
      method: "POST",
      url: "/api/v1/user/login",
      payload: { email, password: "Demo@12345" },
      remoteAddress: "10.7.0.2",
      headers: { cookie: device },
    })
    expect(known.statusCode).toBe(200)
  })

  it("limits failures per client address across accounts (20 in 15 minutes, so one person's typos never lock out an office)", async () => {
    for (let i = 0; i < 19; i++) expect((await login(`nobody${i}@demo.test`, "nope", "10.2.0.1")).statusCode).toBe(401)
    expect((await login("yogateacher@demo.test", "Demo@12345", "10.2.0.1")).statusCode).toBe(200)
    expect((await login("nobody19@demo.test", "nope", "10.2.0.1")).statusCode).toBe(401)
    const refused = await login("yogateacher@demo.test", "Demo@12345", "10.2.0.1")
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0)
    expect((await login("yogateacher@demo.test", "Demo@12345", "10.2.0.2")).statusCode).toBe(200)
  })

  it("lets the owner's known device in at the first try after 1,000 wrong passwords from 100 addresses, while unknown devices wait", async () => {
    // An account of this test's own: once attacked it stays slowed down for unknown devices for a while.
    const email = "attacked.owner@example.com"
    await insertUser(server.db, { name: "Attacked Owner", email, role: "User", status: "Approve", password_hash: await hashPassword("Demo@12345") })
    const owner = await login(email, "Demo@12345", "10.4.0.1")
    expect(owner.statusCode).toBe(200)
    const setCookie = String(owner.headers["set-cookie"])
    expect(setCookie).toMatch(/^console_device=[\w-]+\.[\w-]+; Path=\/api\/v1\/user\/login; Max-Age=31536000; HttpOnly; SameSite=Strict$/)
    const device = setCookie.split(";")[0]!
    const statuses = new Map<number, number>()
    for (let i = 0; i < 1_000; i++) {
      const res = await login(email, `guess-${i}`, `10.5.${Math.floor(i / 10)}.${i % 10}`)
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
    }
    // The account rule stops the guessing after 10 failures: the rest are refused before any password is checked.
    expect(statuses.get(401)).toBe(10)
    expect(statuses.get(429)).toBe(990)
    // An unknown device, even with the right password, waits; the owner's device does not.
    const stranger = await login(email, "Demo@12345", "10.6.0.1")
    expect(stranger.statusCode).toBe(429)
    expect(Number(stranger.headers["retry-after"])).toBeGreaterThan(0)
    const known = await server.app.inject({
      method: "POST",
      url: "/api/v1/user/login",
      payload: { email, password: "Demo@12345" },
      remoteAddress: "10.4.0.1",
      headers: { cookie: `other=1; ${device}` },
    })
    expect(known.statusCode).toBe(200)
    // A device cookie vouches for its own account only, and a forged one for none.
    const [id] = device.slice("console_device=".length).split(".")
    for (const cookie of [`console_device=${id}.forged-mac`, device]) {
      const other = await server.app.inject({
        method: "POST",
        url: "/api/v1/user/login",
        payload: { email, password: "wrong" },
        remoteAddress: "10.6.0.2",
        headers: { cookie },
      })
      expect(other.statusCode, cookie).toBe(cookie === device ? 401 : 429)
    }
  })
}, 60_000)

describe("tokens", () => {
  const profile = (headers: Record<string, string>) => server.app.inject({ method: "GET", url: "/api/v1/user/getProfile", headers })
  const key = new TextEncoder().encode(TEST_SECRET)
  const adminId = async () => (await login("admin@demo.test", "Demo@12345", "10.3.0.1")).json().data.user._id as string

  it("accepts a valid access token", async () => {
    const token = await server.login("counsellor@demo.test")
    const res = await profile(bearer(token))
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ email: "counsellor@demo.test", role: "Counsellor", status: "Approve" })
    expect(res.json().data).not.toHaveProperty("password_hash")
  })

  it("refuses no token, alg none, a wrong key, another algorithm, an expired and a tampered token", async () => {
    const id = await adminId()
    const now = Math.floor(server.clock.now / 1000)
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${Buffer.from(JSON.stringify({ sub: id, role: "Admin", typ: "access", exp: now + 60 })).toString("base64url")}.`
    const wrongKey = await new SignJWT({ role: "Admin", typ: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(id)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode("another-secret-another-secret-another-secret"))
    const hs512 = await new SignJWT({ role: "Admin", typ: "access" })
      .setProtectedHeader({ alg: "HS512" })
      .setSubject(id)
      .setExpirationTime(now + 60)
      .sign(key)
    const expired = await new SignJWT({ role: "Admin", typ: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(id)
      .setExpirationTime(now - 1)
      .sign(key)
    const valid = await server.login("user@demo.test")
    const [h, p, s] = valid.split(".")
    const claims = JSON.parse(Buffer.from(p!, "base64url").toString())
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, role: "Admin" })).toString("base64url")}.${s}`
    expect((await profile({})).statusCode).toBe(401)
    for (const token of [none, wrongKey, hs512, expired, tampered, "garbage"]) {
      const res = await profile(bearer(token))
      expect(res.statusCode, token).toBe(401)
      expect(res.json()).toEqual({ success: false, message: INVALID_TOKEN })
    }
  })

  it("lets an access token expire after 15 minutes (the console renews it with the refresh token)", async () => {
    const token = await server.login("imageconsultant@demo.test")
    server.clock.now += 15 * 60 * 1000 - 5000
    expect((await profile(bearer(token))).statusCode).toBe(200)
    server.clock.now += 10_000
    expect((await profile(bearer(token))).statusCode).toBe(401)
  })
})

describe("password reset through the outbox", () => {
  const resetLink = (email: string) => server.app.inject({ method: "POST", url: "/api/v1/user/reset-password-link", payload: { email } })

  it("answers a known and an unknown email alike, and mails only the known one", async () => {
    const before = server.outbox().length
    const known = await resetLink("user@demo.test")
    const unknown = await resetLink("nobody@demo.test")
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(known.json()).toEqual(unknown.json())
    await server.mailTo("user@demo.test", before)
    const mails = server.outbox().slice(before)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.to).toBe("user@demo.test")
  })

  it("sets the password once with the mailed token, revokes refresh tokens, and refuses reuse", async () => {
    const mailed = server.outbox().length
    await resetLink("user@demo.test")
    const mail = await server.mailTo("user@demo.test", mailed)
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!
    const mismatch = await server.app.inject({
      method: "POST",
      url: "/api/v1/user/reset-password",
      payload: { token, password: "NewPass@123", confirmPassword: "Other@123" },
    })
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.json().message).toBe("Passwords do not match!")
    const ok = await server.app.inject({
      method: "POST",
      url: "/api/v1/user/reset-password",
      payload: { token, password: "NewPass@123", confirmPassword: "NewPass@123" },
    })
    expect(ok.statusCode).toBe(200)
    const stored = await server.db.selectFrom("password_reset_tokens").select("token_hash").execute()
    expect(stored.map((r) => r.token_hash)).not.toContain(token)
    const open = await server.db
      .selectFrom("refresh_tokens")
      .innerJoin("users", "users.id", "refresh_tokens.user_id")
      .where("users.email", "=", "user@demo.test")
      .where("revoked_at", "is", null)
      .select("token_hash")
      .execute()
    expect(open).toHaveLength(0)
    expect((await login("user@demo.test", "Demo@12345", "10.4.0.1")).statusCode).toBe(401)
    expect((await login("user@demo.test", "NewPass@123", "10.4.0.1")).statusCode).toBe(200)
    const again = await server.app.inject({
      method: "POST",
      url: "/api/v1/user/reset-password",
      payload: { token, password: "Third@1234", confirmPassword: "Third@1234" },
    })
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe("This reset link is invalid or has expired.")
  })

  it("expires a reset token after 1 hour", async () => {
    const mailed = server.outbox().length
    await resetLink("lawyer@demo.test")
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec((await server.mailTo("lawyer@demo.test", mailed)).text)![1]!
    server.clock.now += 60 * 60 * 1000 + 1
    const res = await server.app.inject({
      method: "POST",
      url: "/api/v1/user/reset-password",
      payload: { token, password: "Later@1234", confirmPassword: "Later@1234" },
    })
    expect(res.statusCode).toBe(400)
  })
})

describe("PATCH /user/updateCurrentPassword", () => {
  it("checks the old password, then changes it and writes an event", async () => {
    const token = await server.login("editor@demo.test")
    const wrong = await server.app.inject({
      method: "PATCH",
      url: "/api/v1/user/updateCurrentPassword",
      headers: bearer(token),
      payload: { oldPassword: "nope", newPassword: "Editor@9999" },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toBe("oldPassword: Current password is incorrect.")
    const ok = await server.app.inject({
      method: "PATCH",
      url: "/api/v1/user/updateCurrentPassword",
      headers: bearer(token),
      payload: { oldPassword: "Demo@12345", newPassword: "Editor@9999" },
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().message).toBe("Password updated successfully.")
    expect((await login("editor@demo.test", "Editor@9999", "10.5.0.1")).statusCode).toBe(200)
    const events = await server.db.selectFrom("events").select(["type"]).where("type", "=", "user.passwordChanged").execute()
    expect(events).toHaveLength(1)
  })

  it("refuses anonymous callers", async () => {
    const res = await server.app.inject({ method: "PATCH", url: "/api/v1/user/updateCurrentPassword", payload: { oldPassword: "a", newPassword: "bbbbbbbb" } })
    expect(res.statusCode).toBe(401)
  })
})

describe("headers and unknown routes", () => {
  it("sends security headers and a JSON 404", async () => {
    const res = await server.app.inject({ method: "GET", url: "/api/v1/nothing-here" })
    expect(res.statusCode).toBe(404)
    expect(res.json().success).toBe(false)
    expect(res.headers["x-content-type-options"]).toBe("nosniff")
    expect(String(res.headers["content-security-policy"])).toContain("frame-ancestors 'none'")
    expect(String(res.headers["content-security-policy"])).not.toContain("script-src 'self' 'unsafe-inline'")
  })
})
