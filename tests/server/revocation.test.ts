import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { insertUser } from "../../server/db/repositories/users.repository.ts"
import { ENDED_SESSION } from "../../server/plugins/auth.ts"
import { hashPassword } from "../../server/services/auth/passwords.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { explainRefusals } from "./openapi-validator.ts"
// Refusals of requests the API document calls valid, provoked here on purpose, with what explains each.
explainRefusals([
  ["newPassword: New Password must be different from the Current Password.", "the new password is the current one (stated in the request's description)"],
])

/**
 * Logout, password change, password reset and a vendor's rejection end every session of that person:
 * the refresh tokens are revoked and every access token signed before is refused on the very next request.
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const profile = (token: string) => server.app.inject({ method: "GET", url: "/api/v1/user/getProfile", headers: bearer(token) })
const openRefreshTokens = async (email: string) =>
  (
    await server.db
      .selectFrom("refresh_tokens")
      .innerJoin("users", "users.id", "refresh_tokens.user_id")
      .where("users.email", "=", email)
      .where("revoked_at", "is", null)
      .select("token_hash")
      .execute()
  ).length
const eventTypes = async (email: string) =>
  (
    await server.db
      .selectFrom("events")
      .innerJoin("users", "users.id", "events.entity_id")
      .where("users.email", "=", email)
      .select(["type", "after"])
      .orderBy("events.id")
      .execute()
  ).map((e) => e.type)

async function expectEnded(tokens: string[]) {
  for (const token of tokens) {
    const res = await profile(token)
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe(ENDED_SESSION)
  }
}

describe("POST /user/logout", () => {
  it("ends every session of the person, records the event, and a new sign-in works", async () => {
    const first = await server.login("lawyer@demo.test")
    const second = await server.login("lawyer@demo.test")
    const other = await server.login("nutritionist@demo.test")
    expect(await openRefreshTokens("lawyer@demo.test")).toBe(2)
    const res = await server.app.inject({ method: "POST", url: "/api/v1/user/logout", headers: bearer(first) })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: "Logged out successfully." })
    await expectEnded([first, second])
    expect(await openRefreshTokens("lawyer@demo.test")).toBe(0)
    expect(await eventTypes("lawyer@demo.test")).toContain("user.loggedOut")
    // Another person's session is untouched.
    expect((await profile(other)).statusCode).toBe(200)
    const again = await server.login("lawyer@demo.test")
    expect((await profile(again)).statusCode).toBe(200)
  })

  it("refuses a second logout with the same token (it is already dead)", async () => {
    const token = await server.login("yogateacher@demo.test")
    expect((await server.app.inject({ method: "POST", url: "/api/v1/user/logout", headers: bearer(token) })).statusCode).toBe(200)
    expect((await server.app.inject({ method: "POST", url: "/api/v1/user/logout", headers: bearer(token) })).statusCode).toBe(401)
  })

  it("needs a signed-in caller", async () => {
    expect((await server.app.inject({ method: "POST", url: "/api/v1/user/logout" })).statusCode).toBe(401)
  })
})

describe("POST /user/logout-others (Sign out of other devices)", () => {
  it("ends every other session of the person, keeps this device in with new tokens, and records it", async () => {
    const phone = await server.login("counsellor@demo.test")
    const laptop = await server.login("counsellor@demo.test")
    const stranger = await server.login("nutritionist@demo.test")
    const res = await server.app.inject({ method: "POST", url: "/api/v1/user/logout-others", headers: bearer(laptop) })
    expect(res.statusCode).toBe(200)
    const { message, data } = res.json()
    expect(message).toBe("You were signed out of every other device.")
    await expectEnded([phone, laptop])
    expect((await profile(data.accessToken)).statusCode).toBe(200)
    expect(await openRefreshTokens("counsellor@demo.test")).toBe(1)
    expect(await eventTypes("counsellor@demo.test")).toContain("user.otherSessionsEnded")
    expect((await profile(stranger)).statusCode).toBe(200)
  })

  it("needs a signed-in caller", async () => {
    expect((await server.app.inject({ method: "POST", url: "/api/v1/user/logout-others" })).statusCode).toBe(401)
  })
})

describe("password change and reset", () => {
  it("a password change ends every other session and answers this device's new one", async () => {
    const other = await server.login("imageconsultant@demo.test")
    const token = await server.login("imageconsultant@demo.test")
    const res = await server.app.inject({
      method: "PATCH",
      url: "/api/v1/user/updateCurrentPassword",
      headers: bearer(token),
      payload: { oldPassword: "Demo@12345", newPassword: "Changed@12345" },
    })
    expect(res.statusCode).toBe(200)
    const { message, data } = res.json()
    expect(message).toBe("Password updated successfully.")
    expect(data.user.email).toBe("imageconsultant@demo.test")
    await expectEnded([token, other])
    // This device goes on with the answer's session: one open refresh token, its own.
    expect((await profile(data.accessToken)).statusCode).toBe(200)
    expect(await openRefreshTokens("imageconsultant@demo.test")).toBe(1)
    expect((await profile(await server.login("imageconsultant@demo.test", "Changed@12345"))).statusCode).toBe(200)
  })

  it("refuses a new password equal to the current one, and changes nothing", async () => {
    const token = await server.login("lawyer@demo.test")
    const res = await server.app.inject({
      method: "PATCH",
      url: "/api/v1/user/updateCurrentPassword",
      headers: bearer(token),
      payload: { oldPassword: "Demo@12345", newPassword: "Demo@12345" },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe("newPassword: New Password must be different from the Current Password.")
    expect((await profile(token)).statusCode).toBe(200)
  })

  it("a password reset ends the sessions", async () => {
    const token = await server.login("user@demo.test")
    const mailed = server.outbox().length
    await server.app.inject({ method: "POST", url: "/api/v1/user/reset-password-link", payload: { email: "user@demo.test" } })
    const link = /reset-password\/([A-Za-z0-9_-]+)/.exec((await server.mailTo("user@demo.test", mailed)).text)![1]!
    const res = await server.app.inject({
      method: "POST",
      url: "/api/v1/user/reset-password",
      payload: { token: link, password: "Reset@12345", confirmPassword: "Reset@12345" },
    })
    expect(res.statusCode).toBe(200)
    await expectEnded([token])
    expect(await openRefreshTokens("user@demo.test")).toBe(0)
  })
})

describe("a vendor's rejection", () => {
  it("ends the vendor's sessions on the next request; other status changes do not", async () => {
    const passwordHash = await hashPassword("Vendor@12345")
    await insertUser(server.db, {
      name: "Revoked Vendor",
      email: "revoked-vendor@example.net",
      role: "Lawyer",
      status: "Under Review",
      password_hash: passwordHash,
      organization_id: "org-wellness-collective",
    })
    const vendor = await server.login("revoked-vendor@example.net", "Vendor@12345")
    const admin = await server.login("admin@demo.test")
    const id = (await profile(vendor)).json().data._id as string
    const change = (status: string) =>
      server.app.inject({ method: "PATCH", url: "/api/v1/user/updateUser", headers: bearer(admin), payload: { userId: id, status } })
    expect((await change("Temp Approve")).statusCode).toBe(200)
    expect((await profile(vendor)).statusCode).toBe(200)
    expect((await change("Reject")).statusCode).toBe(200)
    await expectEnded([vendor])
    expect(await openRefreshTokens("revoked-vendor@example.net")).toBe(0)
    const login = await server.app.inject({
      method: "POST",
      url: "/api/v1/user/login",
      payload: { email: "revoked-vendor@example.net", password: "Vendor@12345" },
    })
    expect(login.statusCode).toBe(401)
    // The admin who rejected is still signed in.
    expect((await profile(admin)).statusCode).toBe(200)
  })
})
