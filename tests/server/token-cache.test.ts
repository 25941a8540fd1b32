import { describe, expect, it } from "vitest"
import { ACCESS_TOKEN_SECONDS, tokenService } from "../../server/services/auth/tokens.ts"
import { memoryTokenVersions } from "../../server/services/auth/token-versions.ts"
import { startTestServer } from "./harness.ts"

/** The statement the token check sends when its store has no version it trusts (server/services/auth/sessions.ts). */
const TOKEN_VERSION_READ = /^select "token_version" from "users"/

describe("access tokens remembered after a first verification", () => {
  it("still refuses a remembered token once it has expired", async () => {
    let clock = Date.parse("2026-01-01T00:00:00Z")
    const tokens = tokenService("a-secret-long-enough-for-hs256-0123456789", () => clock)
    const token = await tokens.signAccess({ id: "u1", role: "Admin", version: 3 })
    expect(await tokens.verifyAccess(token)).toEqual({ id: "u1", role: "Admin", version: 3, enrolOnly: false })
    clock += (ACCESS_TOKEN_SECONDS - 1) * 1000
    expect(await tokens.verifyAccess(token)).toEqual({ id: "u1", role: "Admin", version: 3, enrolOnly: false })
    clock += 1000
    expect(await tokens.verifyAccess(token)).toBeNull()
    expect(await tokens.verifyAccess(token)).toBeNull()
  })

  it("knows a verified token without any work until it expires, and nothing of one never verified", async () => {
    let clock = Date.parse("2026-01-01T00:00:00Z")
    const tokens = tokenService("a-secret-long-enough-for-hs256-0123456789", () => clock)
    const token = await tokens.signAccess({ id: "u1", role: "Lawyer", version: 2 })
    expect(tokens.knownAccess(token)).toBeUndefined()
    await tokens.verifyAccess(token)
    expect(tokens.knownAccess(token)).toEqual({ id: "u1", role: "Lawyer", version: 2, enrolOnly: false })
    expect(tokens.knownAccess(`${token}x`)).toBeUndefined()
    clock += ACCESS_TOKEN_SECONDS * 1000
    expect(tokens.knownAccess(token)).toBeNull()
  })

  it("never lets a token signed with another key through, before or after a good one", async () => {
    const good = tokenService("a-secret-long-enough-for-hs256-0123456789")
    const other = tokenService("another-secret-long-enough-for-hs256-xyz")
    const forged = await other.signAccess({ id: "u2", role: "Admin", version: 0 })
    expect(await good.verifyAccess(forged)).toBeNull()
    expect(await good.verifyAccess(await good.signAccess({ id: "u3", role: "User", version: 0 }))).toEqual({
      id: "u3",
      role: "User",
      version: 0,
      enrolOnly: false,
    })
    expect(await good.verifyAccess(forged)).toBeNull()
  })
})

describe("the memory store's own copy of a version (peek)", () => {
  it("answers what get answers, and nothing once the minute has run out", async () => {
    let clock = 0
    const versions = memoryTokenVersions(() => clock)
    expect(versions.peek("u1")).toBeUndefined()
    await versions.remember("u1", 4)
    expect(versions.peek("u1")).toBe(4)
    expect(await versions.get("u1")).toBe(4)
    clock += 60_000
    expect(versions.peek("u1")).toBeUndefined()
    expect(await versions.get("u1")).toBeUndefined()
  })
})

describe("token versions read once for requests that miss together", () => {
  it("50 requests arriving after the store's minute ran out cost one query, and sign-in leaves none to read", async () => {
    // Only the statements that read a token version are counted: the server's own background work (the postman
    // sending the sign-in's new-device notice) may land inside the burst on a busy machine, and is not the subject.
    let versionReads = 0
    const server = await startTestServer({ onQuery: (sql) => void (TOKEN_VERSION_READ.test(sql) && versionReads++) })
    try {
      const token = await server.login("admin@demo.test")
      const profile = () => server.app.inject({ method: "GET", url: "/api/v1/user/getProfile", headers: { authorization: `Bearer ${token}` } })
      const tickets = () => server.app.inject({ method: "GET", url: "/api/v1/userQuery/get?page=1&limit=1", headers: { authorization: `Bearer ${token}` } })
      // Signed in just now: the token checks read nothing.
      expect((await tickets()).statusCode).toBe(200)
      expect((await tickets()).statusCode).toBe(200)
      expect(versionReads).toBe(0)

      server.clock.now += 61_000 // the memory store trusts a version for a minute
      const answers = await Promise.all(Array.from({ length: 50 }, () => profile()))
      expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200))
      expect(versionReads).toBe(1)
      // And the version read is trusted again for the next minute.
      expect((await profile()).statusCode).toBe(200)
      expect(versionReads).toBe(1)
    } finally {
      await server.close()
    }
  })
})
