import { describe, expect, it } from "vitest"
import { memoryTokenVersions } from "../../server/services/auth/token-versions.ts"

describe("memoryTokenVersions", () => {
  it("never moves a version backwards (a read from before a bump cannot undo it)", async () => {
    const versions = memoryTokenVersions()
    await versions.remember("u", 2)
    await versions.remember("u", 1)
    expect(await versions.get("u")).toBe(2)
  })

  it("trusts an entry for a minute only, so a bump written straight to the database is seen", async () => {
    const clock = { now: 0 }
    const versions = memoryTokenVersions(() => clock.now)
    await versions.remember("u", 1)
    clock.now += 59_000
    expect(await versions.get("u")).toBe(1)
    clock.now += 2_000
    expect(await versions.get("u")).toBeUndefined()
  })

  it("forgets a deleted account and stays bounded", async () => {
    const versions = memoryTokenVersions(Date.now, 2)
    await versions.remember("a", 1)
    await versions.remember("b", 1)
    await versions.remember("c", 1)
    expect(await versions.get("a")).toBeUndefined()
    await versions.forget("b")
    expect(await versions.get("b")).toBeUndefined()
    expect(await versions.get("c")).toBe(1)
  })
})
