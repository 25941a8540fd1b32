import { describe, expect, it } from "vitest"
import { memoryVersionMap } from "../../server/services/cache/version-map.ts"
import { dependencyOrder, type TableInfo } from "../../server/services/ops/backup-tables.ts"

describe("memory version map", () => {
  it("starts an unseen key at the current time in microseconds and bumps it by one", async () => {
    let now = 1_700_000_000_000
    const versions = memoryVersionMap(() => now)
    expect(await versions.get("ticket:1")).toBe(1_700_000_000_000_000)
    now += 5
    expect(await versions.get("ticket:1")).toBe(1_700_000_000_000_000)
    expect(await versions.bump("ticket:1")).toBe(1_700_000_000_000_001)
    expect(await versions.get("ticket:1")).toBe(1_700_000_000_000_001)
    expect(await versions.bump("ticket:2")).toBe(1_700_000_000_005_001)
    expect(Number.isSafeInteger(await versions.bump("ticket:2"))).toBe(true)
  })

  it("starts above every version handed out before a restart, even a millisecond later", async () => {
    let now = 1_700_000_000_000
    const before = memoryVersionMap(() => now)
    let last = await before.get("t")
    for (let i = 0; i < 999; i++) last = await before.bump("t")
    now += 1
    const afterRestart = memoryVersionMap(() => now)
    expect(await afterRestart.get("t")).toBeGreaterThan(last)
  })
})

describe("backup table order", () => {
  const table = (name: string, dependsOn: string[] = []): TableInfo => ({ name, columns: [], primaryKey: [], dependsOn, selfReferencing: false, sequenceColumns: [] })

  it("puts every table after the tables it references", () => {
    const order = dependencyOrder([table("tickets", ["users"]), table("messages", ["tickets", "users"]), table("users"), table("events")])
    expect(order.map((t) => t.name)).toEqual(["events", "users", "tickets", "messages"])
  })

  it("refuses a cycle between tables, naming them", () => {
    expect(() => dependencyOrder([table("a", ["b"]), table("b", ["a"]), table("c")])).toThrow("Tables reference each other in a cycle: a, b")
  })
})
