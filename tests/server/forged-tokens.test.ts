import { createHmac, generateKeyPairSync } from "node:crypto"
import { SignJWT } from "jose"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ENDED_SESSION, INVALID_TOKEN, UNKNOWN_ACCOUNT } from "../../server/plugins/auth.ts"
import { bearer, startTestServer, TEST_SECRET, type TestServer } from "./harness.ts"
import { tablesFingerprint } from "./contract-inputs.ts"

/**
 * Forged and stale tokens, each tried on a read and on writes that would change data if accepted
 * (logout, password change): every one is a 401 with a clear message, and no table changes.
 */
let server: TestServer
const key = new TextEncoder().encode(TEST_SECRET)
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")
const hmac = (alg: "sha256" | "sha384", input: string) => createHmac(alg, TEST_SECRET).update(input).digest("base64url")

interface Forged {
  name: string
  header: string
  message: string
}
const forged: Forged[] = []

beforeAll(async () => {
  server = await startTestServer()
  const now = Math.floor(server.clock.now / 1000)
  const user = await server.app.inject({ method: "POST", url: "/api/v1/user/login", payload: { email: "user@demo.test", password: "Demo@12345" } })
  const { accessToken, refreshToken, user: sessionUser } = user.json().data as { accessToken: string; refreshToken: string; user: { _id: string } }
  const admin = await server.db.selectFrom("users").select(["id", "token_version"]).where("email", "=", "admin@demo.test").executeTakeFirstOrThrow()
  const claims = { sub: sessionUser._id, role: "User", typ: "access", ver: 0, iat: now, exp: now + 600 }
  const adminClaims = { sub: admin.id, role: "Admin", typ: "access", ver: admin.token_version, iat: now, exp: now + 600 }
  const [head, , signature] = accessToken.split(".") as [string, string, string]
  const sign = (payload: Record<string, unknown>, alg = "HS256") => new SignJWT(payload).setProtectedHeader({ alg }).sign(key)
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 })
  const rsHeader = b64({ alg: "RS256", typ: "JWT" })
  const add = (name: string, token: string, message = INVALID_TOKEN) => forged.push({ name, header: `Bearer ${token}`, message })

  add("alg none", `${b64({ alg: "none", typ: "JWT" })}.${b64(adminClaims)}.`)
  add("alg none with the old signature", `${b64({ alg: "none", typ: "JWT" })}.${b64(adminClaims)}.${signature}`)
  add(
    "wrong key",
    await new SignJWT(adminClaims).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode("another-secret-another-secret-another-secret")),
  )
  add("HS384 with the right secret", await sign(adminClaims, "HS384"))
  add("HS512 with the right secret", await sign(adminClaims, "HS512"))
  add("RS256 signed with an RSA key", await new SignJWT(adminClaims).setProtectedHeader({ alg: "RS256" }).sign(privateKey))
  add("RS256 header, HMAC signature with the secret (key confusion)", `${rsHeader}.${b64(adminClaims)}.${hmac("sha256", `${rsHeader}.${b64(adminClaims)}`)}`)
  add("expired", await sign({ ...adminClaims, iat: now - 7300, exp: now - 100 }))
  add("not yet valid (nbf in the future)", await sign({ ...adminClaims, nbf: now + 3600 }))
  add("issued in the future", await sign({ ...adminClaims, iat: now + 3600, exp: now + 7200 }))
  add("no expiry", await sign({ sub: admin.id, role: "Admin", typ: "access", ver: admin.token_version, iat: now }))
  add("refresh token as access token", refreshToken)
  add("two-factor challenge as access token", await server.tokens.signChallenge(admin.id, false))
  add("other token type", await sign({ ...adminClaims, typ: "refresh" }))
  add("no version claim", await sign({ sub: admin.id, role: "Admin", typ: "access", iat: now, exp: now + 600 }))
  add("tampered role, old signature", `${head}.${b64({ ...claims, role: "Admin" })}.${signature}`)
  add("tampered sub, old signature", `${head}.${b64({ ...claims, sub: admin.id })}.${signature}`)
  add("unknown role", await sign({ ...adminClaims, role: "Root" }))
  add("garbage", "garbage")
  add("three empty parts", "..")
  add("very long", "a".repeat(20_000))
  forged.push({ name: "missing Bearer", header: accessToken, message: INVALID_TOKEN })
  forged.push({ name: "Basic scheme", header: `Basic ${Buffer.from("admin@demo.test:Demo@12345").toString("base64")}`, message: INVALID_TOKEN })
  forged.push({ name: "Bearer without a token", header: "Bearer ", message: INVALID_TOKEN })
  add("an older token version", await sign({ ...adminClaims, ver: admin.token_version - 1 }), ENDED_SESSION)
  add("a user who does not exist", await sign({ ...adminClaims, sub: "00000000-0000-0000-0000-000000000000", ver: 0 }), UNKNOWN_ACCOUNT)
})
afterAll(() => server.close())

const attempts = (authorization: string) => [
  { method: "GET" as const, url: "/api/v1/user/getProfile", headers: { authorization } },
  { method: "POST" as const, url: "/api/v1/user/logout", headers: { authorization } },
  {
    method: "PATCH" as const,
    url: "/api/v1/user/updateCurrentPassword",
    headers: { authorization },
    payload: { oldPassword: "Demo@12345", newPassword: "Forged@12345" },
  },
  { method: "PUT" as const, url: "/api/v1/settings/security", headers: { authorization }, payload: { requireAdminTwoFactor: true } },
]

describe("forged tokens", () => {
  it("builds the whole table", () => expect(forged.length).toBeGreaterThanOrEqual(25))

  it("refuses every forged token with 401 and a clear message, changing nothing", async () => {
    const before = await tablesFingerprint(server.db)
    for (const token of forged) {
      for (const attempt of attempts(token.header)) {
        const res = await server.app.inject(attempt)
        const where = `${token.name}: ${attempt.method} ${attempt.url}`
        expect(res.statusCode, where).toBe(401)
        expect(res.json(), where).toEqual({ success: false, message: token.message })
      }
    }
    expect(await tablesFingerprint(server.db)).toBe(before)
  })

  it("still accepts a real token afterwards (the table above did not lock anyone out)", async () => {
    const res = await server.app.inject({ method: "GET", url: "/api/v1/user/getProfile", headers: bearer(await server.login("admin@demo.test")) })
    expect(res.statusCode).toBe(200)
  })

  it("refuses the token of an editor deleted after sign-in, on the next request", async () => {
    const admin = await server.login("admin@demo.test")
    const editor = await server.login("editor@demo.test")
    expect((await server.app.inject({ method: "GET", url: "/api/v1/user/getProfile", headers: bearer(editor) })).statusCode).toBe(200)
    const id = (await server.db.selectFrom("users").select("id").where("email", "=", "editor@demo.test").executeTakeFirstOrThrow()).id
    const deleted = await server.app.inject({ method: "DELETE", url: `/api/v1/user/editors/${id}`, headers: bearer(admin) })
    expect(deleted.statusCode, deleted.body).toBe(200)
    const res = await server.app.inject({ method: "GET", url: "/api/v1/user/getProfile", headers: bearer(editor) })
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe(UNKNOWN_ACCOUNT)
  })
})
