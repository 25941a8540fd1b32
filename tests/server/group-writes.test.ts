import { describe, expect, it } from "vitest"
import { groupWrites } from "../../server/services/notifications/group-writes.ts"

/** A write that stays on its way until `finish` (or `fail`) is called, recording each group it was given. */
function heldWrites() {
  const groups: string[][] = []
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = []
  const write = (ids: string[]) => {
    groups.push(ids)
    return new Promise<void>((resolve, reject) => pending.push({ resolve, reject }))
  }
  const settled = () => new Promise((resolve) => setImmediate(resolve))
  return {
    groups,
    write,
    finish: async () => (pending.shift()!.resolve(), settled()),
    fail: async (message: string) => (pending.shift()!.reject(new Error(message)), settled()),
  }
}

describe("the postman's grouped writes of sent marks", () => {
  it("writes alone at once, and groups every mark that came while a write was on its way into the next write", async () => {
    const held = heldWrites()
    const mark = groupWrites(held.write)
    const first = mark(["a"])
    expect(held.groups).toEqual([["a"]])
    const second = mark(["b", "c"])
    const third = mark(["d"])
    expect(held.groups).toEqual([["a"]])
    let secondDone = false
    void second.then(() => (secondDone = true))
    await held.finish()
    await expect(first).resolves.toBeUndefined()
    expect(held.groups).toEqual([["a"], ["b", "c", "d"]])
    expect(secondDone).toBe(false)
    await held.finish()
    await expect(second).resolves.toBeUndefined()
    await expect(third).resolves.toBeUndefined()
    // Idle again: the next write goes at once.
    const fourth = mark(["e"])
    expect(held.groups).toEqual([["a"], ["b", "c", "d"], ["e"]])
    await held.finish()
    await expect(fourth).resolves.toBeUndefined()
  })

  it("a failed write fails its own group only, and the writes after it go on", async () => {
    const held = heldWrites()
    const mark = groupWrites(held.write)
    const first = mark(["a"])
    const second = mark(["b"])
    const secondResult = second.then(
      () => "written",
      (error: Error) => error.message,
    )
    await held.fail("database went away")
    await expect(first).rejects.toThrow("database went away")
    expect(held.groups).toEqual([["a"], ["b"]])
    await held.finish()
    expect(await secondResult).toBe("written")
    const third = mark(["c"])
    await held.fail("again")
    await expect(third).rejects.toThrow("again")
    expect(await mark([]).then(() => held.groups.length)).toBe(3)
  })
})
