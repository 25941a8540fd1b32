import { describe, expect, it } from "vitest"
import { latestVersions } from "../../server/services/latest-versions.ts"

describe("latestVersions", () => {
  it("never moves a key's version backwards, and takes the same version afresh", () => {
    const kept = latestVersions<{ version: number; note: string }>(10)
    kept.offer("a", { version: 2, note: "written" })
    kept.offer("a", { version: 1, note: "read before the write" })
    expect(kept.get("a")).toEqual({ version: 2, note: "written" })
    kept.offer("a", { version: 2, note: "read again" })
    expect(kept.get("a")?.note).toBe("read again")
    kept.offer("a", { version: 3, note: "next" })
    expect(kept.get("a")?.version).toBe(3)
  })

  it("forgets the key used least recently first, a read counting as a use", () => {
    const kept = latestVersions<{ version: number }>(2)
    kept.offer("a", { version: 1 })
    kept.offer("b", { version: 1 })
    expect(kept.get("a")).toBeDefined()
    kept.offer("c", { version: 1 })
    expect(kept.get("b")).toBeUndefined()
    expect(kept.get("a")).toBeDefined()
    expect(kept.get("c")).toBeDefined()
  })

  it("forgets a key when asked", () => {
    const kept = latestVersions<{ version: number }>(2)
    kept.offer("a", { version: 1 })
    kept.forget("a")
    expect(kept.get("a")).toBeUndefined()
  })
})
