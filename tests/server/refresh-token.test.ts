import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { decodeJwt } from "jose"
import { REUSE_GRACE_MS, SESSION_ENDED } from "../../server/services/auth/refresh-tokens.ts"
import { ACCESS_TOKEN_SECONDS, SESSION_SECONDS } from "../../server/services/auth/tokens.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"

/**
 * Issue 21: the refresh token is real. A refresh answers a new access token and a new refresh token and
 * retires the one given; a retired token presented again past the grace revokes the whole sign-in; no
 * refresh reaches past the sign-in's 2 hours; logout and the other revocations end refreshing too.
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const MINUTE = 60_000
interface Tokens {
  accessToken: string
  refreshToken: string
}

async function signIn(email: string): Promise<Tokens> {
  const res = await server.app.inject({ method: "POST", url: "/api/v1/user/login", payload: { email, password: "Demo@12345" } })
  expect(res.statusCode).toBe(200)
  return res.json().data
}
const refresh = (refreshToken: string) => server.app.inject({ method: "POST", url: "/api/v1/user/refresh-token", payload: { refreshToken } })
const profile = (token: string) => server.app.inject({ method: "GET", url: "/api/v1/user/getProfile", headers: bearer(token) })
const expSeconds = (token: string) => decodeJwt(token).exp!
const reusedEvents = async (email: string) =>
  (
    await server.db
      .selectFrom("events")
      .innerJoin("users", "users.id", "events.entity_id")
      .where("users.email", "=", email)
      .where("events.type", "=", "user.refreshTokenReused")
      .select("events.id")
      .execute()
  ).length

describe("POST /user/refresh-token", () => {
  it("answers a new 15-minute access token and a new refresh token; the old access token keeps working until it ends", async () => {
    const first = await signIn("lawyer@demo.test")
    expect(expSeconds(first.accessToken) - decodeJwt(first.accessToken).iat!).toBe(ACCESS_TOKEN_SECONDS)
    server.clock.now += 14 * MINUTE
    const res = await refresh(first.refreshToken)
    expect(res.statusCode).toBe(200)
    const { data, message } = res.json()
    expect(message).toBe("Session renewed.")
    expect(data.user.email).toBe("lawyer@demo.test")
    expect(data.refreshToken).not.toBe(first.refreshToken)
    expect(expSeconds(data.accessToken)).toBeGreaterThan(expSeconds(first.accessToken))
    expect((await profile(data.accessToken)).statusCode).toBe(200)
    expect((await profile(first.accessToken)).statusCode).toBe(200)
    // Past its 15 minutes the first access token is refused; the renewed one is not.
    server.clock.now += 2 * MINUTE
    expect((await profile(first.accessToken)).statusCode).toBe(401)
    expect((await profile(data.accessToken)).statusCode).toBe(200)
  })

  it("never reaches past the sign-in's 2 hours: the last access token ends with the session, then the refresh is refused", async () => {
    const signedInAt = server.clock.now
    let tokens = await signIn("counsellor@demo.test")
    const sessionEnd = Math.floor(signedInAt / 1000) + SESSION_SECONDS
    for (let i = 0; i < 8; i++) {
      server.clock.now += 14 * MINUTE
      const res = await refresh(tokens.refreshToken)
      expect(res.statusCode).toBe(200)
      tokens = res.json().data
      expect(expSeconds(tokens.accessToken)).toBeLessThanOrEqual(sessionEnd)
    }
    expect(expSeconds(tokens.accessToken)).toBe(sessionEnd)
    server.clock.now = signedInAt + SESSION_SECONDS * 1000 + 1000
    const late = await refresh(tokens.refreshToken)
    expect(late.statusCode).toBe(401)
    expect(late.json().message).toBe(SESSION_ENDED)
    expect((await profile(tokens.accessToken)).statusCode).toBe(401)
  })

  it("a retired token presented within the grace (two tabs refreshing together) gets its own new tokens", async () => {
    const first = await signIn("nutritionist@demo.test")
    const tabA = await refresh(first.refreshToken)
    server.clock.now += REUSE_GRACE_MS - 1000
    const tabB = await refresh(first.refreshToken)
    expect(tabA.statusCode).toBe(200)
    expect(tabB.statusCode).toBe(200)
    expect(tabB.json().data.refreshToken).not.toBe(tabA.json().data.refreshToken)
    expect((await refresh(tabA.json().data.refreshToken)).statusCode).toBe(200)
    expect((await refresh(tabB.json().data.refreshToken)).statusCode).toBe(200)
    expect(await reusedEvents("nutritionist@demo.test")).toBe(0)
  })

  it("a retired token presented after the grace revokes the whole sign-in and records it; another sign-in is untouched", async () => {
    const stolen = await signIn("yogateacher@demo.test")
    const otherDevice = await signIn("yogateacher@demo.test")
    const owner = (await refresh(stolen.refreshToken)).json().data as Tokens
    server.clock.now += REUSE_GRACE_MS + 1000
    const replay = await refresh(stolen.refreshToken)
    expect(replay.statusCode).toBe(401)
    expect(replay.json().message).toBe(SESSION_ENDED)
    // The owner's current token was of the same family: it is revoked too.
    expect((await refresh(owner.refreshToken)).statusCode).toBe(401)
    expect(await reusedEvents("yogateacher@demo.test")).toBe(1)
    expect((await refresh(otherDevice.refreshToken)).statusCode).toBe(200)
  })

  it("refuses an unknown token, an empty one and one of a signed-out person", async () => {
    const unknown = await refresh("x".repeat(43))
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json().message).toBe(SESSION_ENDED)
    const empty = await refresh("")
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toBe("refreshToken: is required")
    const tokens = await signIn("imageconsultant@demo.test")
    expect((await server.app.inject({ method: "POST", url: "/api/v1/user/logout", headers: bearer(tokens.accessToken) })).statusCode).toBe(200)
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401)
  })

  it("a password change keeps this device's 2-hour end and retires every other device's refresh token", async () => {
    const signedInAt = server.clock.now
    const here = await signIn("user@demo.test")
    const elsewhere = await signIn("user@demo.test")
    server.clock.now += 10 * MINUTE
    const change = await server.app.inject({
      method: "PATCH",
      url: "/api/v1/user/updateCurrentPassword",
      headers: bearer(here.accessToken),
      payload: { oldPassword: "Demo@12345", newPassword: "Demo@123456" },
    })
    expect(change.statusCode).toBe(200)
    const renewed = change.json().data as Tokens
    expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(401)
    const next = await refresh(renewed.refreshToken)
    expect(next.statusCode).toBe(200)
    server.clock.now = signedInAt + SESSION_SECONDS * 1000 + 1000
    expect((await refresh(next.json().data.refreshToken)).statusCode).toBe(401)
  })
})
