import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ENROL_FIRST } from "../../server/plugins/route.ts"
import { codeAt, stepAt } from "../../server/services/auth/totp.ts"
import { hashPassword } from "../../server/services/auth/passwords.ts"
import { insertUser } from "../../server/db/repositories/users.repository.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { explainRefusals } from "./openapi-validator.ts"
// Refusals of requests the API document calls valid, provoked here on purpose, with what explains each.
explainRefusals([
  ["code: The code is not valid (or was already used). Enter the current 6-digit code.", "a code no authenticator made, or one already used"],
  ["password: The password is incorrect.", "the password sent is not the account's"],
])

/** TOTP enrolment, the two-step sign-in (replay, limiter, recovery codes), turning it off, and the Admin requirement. */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

type Method = "GET" | "POST" | "PUT"
const call = (method: Method, path: string, token?: string, payload?: object, ip = "10.9.0.1") =>
  server.app.inject({ method, url: `/api/v1${path}`, headers: token ? bearer(token) : {}, remoteAddress: ip, ...(payload ? { payload } : {}) })
const passwordLogin = (email: string, ip = "10.9.0.1") => call("POST", "/user/login", undefined, { email, password: "Demo@12345" }, ip)
/** The code of the current step, after moving the clock on one step so a code is never a replay. */
const freshCode = (secret: string) => {
  server.clock.now += 30_000
  return codeAt(secret, stepAt(server.clock.now))
}

async function enrol(email: string): Promise<{ token: string; secret: string; recoveryCodes: string[] }> {
  const token = await server.login(email)
  const setup = await call("POST", "/user/two-factor/setup", token)
  expect(setup.statusCode, setup.body).toBe(200)
  const { secret } = setup.json().data as { secret: string }
  const enabled = await call("POST", "/user/two-factor/enable", token, { code: freshCode(secret) })
  expect(enabled.statusCode, enabled.body).toBe(200)
  return { token, secret, recoveryCodes: enabled.json().data.recoveryCodes }
}

async function challengeOf(email: string, ip?: string): Promise<string> {
  const res = await passwordLogin(email, ip)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json().data).not.toHaveProperty("accessToken")
  return res.json().data.challengeToken as string
}

describe("enrolment", () => {
  it("shows a secret, its otpauth URI and a QR code; nothing changes until a code confirms it", async () => {
    const token = await server.login("nutritionist@demo.test")
    expect((await call("GET", "/user/two-factor", token)).json().data).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false })
    const setup = await call("POST", "/user/two-factor/setup", token)
    const { secret, otpauthUri, qrCodeDataUrl } = setup.json().data
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    // The Key URI Format's fields (their order carries no meaning).
    const uri = new URL(otpauthUri)
    expect(`${uri.protocol}//${uri.host}${uri.pathname}`).toBe("otpauth://totp/Console:nutritionist%40demo.test")
    expect(Object.fromEntries(uri.searchParams)).toEqual({ secret, issuer: "Console", algorithm: "SHA1", digits: "6", period: "30" })
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/)
    // Not confirmed yet: sign-in still answers tokens.
    expect((await passwordLogin("nutritionist@demo.test")).json().data).toHaveProperty("accessToken")
    const wrong = await call("POST", "/user/two-factor/enable", token, { code: "000000" })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toMatch(/^code: /)
    const enabled = await call("POST", "/user/two-factor/enable", token, { code: freshCode(secret) })
    expect(enabled.statusCode).toBe(200)
    const codes = enabled.json().data.recoveryCodes as string[]
    expect(codes).toHaveLength(10)
    expect((await call("GET", "/user/two-factor", token)).json().data).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false })
    expect((await call("POST", "/user/two-factor/setup", token)).statusCode).toBe(409)
  })

  it("records user.totp.enabled with no fields (the user's row does not change); no secret or code reaches the events", async () => {
    const { token, secret, recoveryCodes } = await enrol("lawyer@demo.test")
    const id = (await call("GET", "/user/getProfile", token)).json().data._id as string
    const events = await server.db
      .selectFrom("events")
      .select(["type", "before", "after", "actor_id"])
      .where("entity_id", "=", id)
      .where("type", "like", "user.totp.%")
      .execute()
    expect(events).toEqual([{ type: "user.totp.enabled", before: null, after: null, actor_id: id }])
    const all = JSON.stringify(await server.db.selectFrom("events").selectAll().execute())
    expect(all).not.toContain(secret)
    for (const code of recoveryCodes) expect(all).not.toContain(code)
    const stored = JSON.stringify(await server.db.selectFrom("user_recovery_codes").selectAll().execute())
    for (const code of recoveryCodes) expect(stored).not.toContain(code)
  })

  it("refuses a bad code body with 400 naming the field", async () => {
    const token = await server.login("admin@demo.test")
    const res = await call("POST", "/user/two-factor/enable", token, { code: "" })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/code/)
  })
})

describe("two-step sign-in", () => {
  let secret = ""
  let recoveryCodes: string[] = []
  beforeAll(async () => {
    ;({ secret, recoveryCodes } = await enrol("yogateacher@demo.test"))
  })

  it("answers a challenge, not tokens, for the password; the challenge is no access token", async () => {
    const challenge = await challengeOf("yogateacher@demo.test")
    expect((await call("GET", "/user/getProfile", challenge)).statusCode).toBe(401)
    const res = await call("POST", "/user/login/two-factor", undefined, { challengeToken: challenge, code: freshCode(secret) })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe("Login successful!")
    expect((await call("GET", "/user/getProfile", res.json().data.accessToken)).statusCode).toBe(200)
  })

  it("never accepts the same code twice (no replay), even with a new challenge", async () => {
    const code = freshCode(secret)
    const first = await call("POST", "/user/login/two-factor", undefined, { challengeToken: await challengeOf("yogateacher@demo.test"), code })
    expect(first.statusCode).toBe(200)
    const replay = await call("POST", "/user/login/two-factor", undefined, { challengeToken: await challengeOf("yogateacher@demo.test"), code })
    expect(replay.statusCode).toBe(401)
    expect(replay.json().message).toMatch(/^Invalid code/)
  })

  it("refuses an expired challenge, and a forged one", async () => {
    const challenge = await challengeOf("yogateacher@demo.test")
    server.clock.now += 5 * 60 * 1000 + 1000
    const expired = await call("POST", "/user/login/two-factor", undefined, { challengeToken: challenge, code: codeAt(secret, stepAt(server.clock.now)) })
    expect(expired.statusCode).toBe(401)
    expect(expired.json().message).toMatch(/expired/)
    const forged = await call("POST", "/user/login/two-factor", undefined, { challengeToken: "garbage", code: "123456" })
    expect(forged.statusCode).toBe(401)
  })

  it("accepts each recovery code once", async () => {
    const code = recoveryCodes[0]!
    const ok = await call("POST", "/user/login/two-factor", undefined, { challengeToken: await challengeOf("yogateacher@demo.test"), code: code.toUpperCase() })
    expect(ok.statusCode, ok.body).toBe(200)
    const again = await call("POST", "/user/login/two-factor", undefined, { challengeToken: await challengeOf("yogateacher@demo.test"), code })
    expect(again.statusCode).toBe(401)
    const token = ok.json().data.accessToken as string
    expect((await call("GET", "/user/two-factor", token)).json().data.recoveryCodesLeft).toBe(9)
  })

  it("limits code guesses per account: the sixth wrong code is 429, and then even the right code from another address", async () => {
    // An account of its own, so no other test's wrong codes count here: exactly 5 reach the code check.
    const email = "code.guesser@example.com"
    await insertUser(server.db, { name: "Code Guesser", email, role: "User", status: "Approve", password_hash: await hashPassword("Demo@12345") })
    const { secret: own } = await enrol(email)
    const challenge = await challengeOf(email, "10.9.9.9")
    const guess = (n: number) => call("POST", "/user/login/two-factor", undefined, { challengeToken: challenge, code: String(100000 + n) }, "10.9.9.9")
    for (let n = 0; n < 5; n++) expect((await guess(n)).statusCode).toBe(401)
    const sixth = await guess(5)
    expect(sixth.statusCode).toBe(429)
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(0)
    const right = await call("POST", "/user/login/two-factor", undefined, { challengeToken: challenge, code: freshCode(own) }, "10.9.9.8")
    expect(right.statusCode).toBe(429)
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0)
  })
})

describe("turning it off", () => {
  it("takes a recovery code instead of a current one (the phone is lost)", async () => {
    const { token, recoveryCodes } = await enrol("editor@demo.test")
    const ok = await call("POST", "/user/two-factor/disable", token, { password: "Demo@12345", code: recoveryCodes[3]! })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(await server.db.selectFrom("user_recovery_codes").selectAll().execute()).not.toContainEqual(
      expect.objectContaining({ used_at: null, user_id: (await call("GET", "/user/getProfile", token)).json().data._id }),
    )
  })

  it("needs the password and a current code, then sign-in is one step again", async () => {
    const { secret } = await enrol("imageconsultant@demo.test")
    server.clock.now += 60_000
    const token = (
      await call("POST", "/user/login/two-factor", undefined, { challengeToken: await challengeOf("imageconsultant@demo.test"), code: freshCode(secret) })
    ).json().data.accessToken as string
    const wrongPassword = await call("POST", "/user/two-factor/disable", token, { password: "nope", code: freshCode(secret) })
    expect(wrongPassword.statusCode).toBe(400)
    expect(wrongPassword.json().message).toMatch(/^password: /)
    const wrongCode = await call("POST", "/user/two-factor/disable", token, { password: "Demo@12345", code: "000000" })
    expect(wrongCode.statusCode).toBe(400)
    const ok = await call("POST", "/user/two-factor/disable", token, { password: "Demo@12345", code: freshCode(secret) })
    expect(ok.statusCode, ok.body).toBe(200)
    expect((await passwordLogin("imageconsultant@demo.test")).json().data).toHaveProperty("accessToken")
    const id = (await call("GET", "/user/getProfile", token)).json().data._id as string
    const events = await server.db
      .selectFrom("events")
      .select(["type", "before", "after", "actor_id"])
      .where("entity_id", "=", id)
      .where("type", "=", "user.totp.disabled")
      .execute()
    expect(events).toEqual([{ type: "user.totp.disabled", before: null, after: null, actor_id: id }])
  })
})

describe("Require two-factor for Admin accounts", () => {
  it("is off by default; only the Admin changes it, and the change is recorded", async () => {
    const admin = await server.login("admin@demo.test")
    expect((await call("GET", "/settings/security", admin)).json()).toEqual({ success: true, data: { requireAdminTwoFactor: false } })
    expect((await call("PUT", "/settings/security", await server.login("editor@demo.test"), { requireAdminTwoFactor: true })).statusCode).toBe(403)
    expect((await call("PUT", "/settings/security", admin, { requireAdminTwoFactor: "yes" })).statusCode).toBe(400)
    const on = await call("PUT", "/settings/security", admin, { requireAdminTwoFactor: true })
    expect(on.json()).toEqual({ success: true, data: { requireAdminTwoFactor: true } })
    const event = await server.db.selectFrom("events").selectAll().where("type", "=", "settings.security.changed").executeTakeFirstOrThrow()
    expect(event.before).toEqual({ requireAdminTwoFactor: false })
    expect(event.after).toEqual({ requireAdminTwoFactor: true })
  })

  it("gives an Admin without TOTP an enrolment-only session; other roles are not affected", async () => {
    const res = await passwordLogin("admin@demo.test")
    expect(res.json().data.twoFactorSetupRequired).toBe(true)
    const token = res.json().data.accessToken as string
    const dashboard = await call("GET", "/dashboard/peopleCounts", token)
    expect(dashboard.statusCode).toBe(403)
    expect(dashboard.json().message).toBe(ENROL_FIRST)
    expect((await call("GET", "/user/two-factor", token)).json().data).toEqual({ enabled: false, recoveryCodesLeft: 0, required: true })
    expect((await call("GET", "/user/getProfile", token)).statusCode).toBe(200)
    // A refresh is no way around it: the renewed token is enrolment-only too.
    const renewed = await call("POST", "/user/refresh-token", undefined, { refreshToken: res.json().data.refreshToken })
    expect(renewed.statusCode).toBe(200)
    expect((await call("GET", "/dashboard/peopleCounts", renewed.json().data.accessToken)).json().message).toBe(ENROL_FIRST)
    expect((await passwordLogin("counsellor@demo.test")).json().data).not.toHaveProperty("twoFactorSetupRequired")
    // Enrolling through that session, then signing in with a code, gives a full session.
    const setup = await call("POST", "/user/two-factor/setup", token)
    const secret = setup.json().data.secret as string
    expect((await call("POST", "/user/two-factor/enable", token, { code: freshCode(secret) })).statusCode).toBe(200)
    const full = await call("POST", "/user/login/two-factor", undefined, { challengeToken: await challengeOf("admin@demo.test"), code: freshCode(secret) })
    expect(full.json().data).not.toHaveProperty("twoFactorSetupRequired")
    const fullToken = full.json().data.accessToken as string
    expect((await call("GET", "/dashboard/peopleCounts", fullToken)).statusCode).toBe(200)
    // While required, an Admin cannot turn it off.
    const off = await call("POST", "/user/two-factor/disable", fullToken, { password: "Demo@12345", code: freshCode(secret) })
    expect(off.statusCode).toBe(409)
  })
})
