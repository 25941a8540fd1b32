import { describe, expect, it } from "vitest"
import { ACCESS_TOKEN_SECONDS, tokenService } from "../../server/services/auth/tokens.ts"

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

  it("never lets a token signed with another key through, before or after a good one", async () => {
    const good = tokenService("a-secret-long-enough-for-hs256-0123456789")
    const other = tokenService("another-secret-long-enough-for-hs256-xyz")
    const forged = await other.signAccess({ id: "u2", role: "Admin", version: 0 })
    expect(await good.verifyAccess(forged)).toBeNull()
    expect(await good.verifyAccess(await good.signAccess({ id: "u3", role: "User", version: 0 }))).toEqual({ id: "u3", role: "User", version: 0, enrolOnly: false })
    expect(await good.verifyAccess(forged)).toBeNull()
  })
})
