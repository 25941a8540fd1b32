import { describe, expect, it } from "vitest"
import { memoryVersionMap } from "../../server/services/cache/version-map.ts"
import { dependencyOrder, forwardKeys, type TableInfo } from "../../server/services/ops/backup-tables.ts"

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
  const table = (name: string, dependsOn: string[] = []): TableInfo => ({
    name,
    columns: [],
    primaryKey: [],
    dependsOn,
    selfReferencing: false,
    sequenceColumns: [],
    foreignKeys: dependsOn.map((d) => ({ name: `${name}_${d}_fkey`, references: d, deferrable: false })),
  })

  it("puts every table after the tables it references, with no key checked late", () => {
    const order = dependencyOrder([table("tickets", ["users"]), table("messages", ["tickets", "users"]), table("users"), table("events")])
    expect(order.map((t) => t.name)).toEqual(["events", "users", "tickets", "messages"])
    expect(forwardKeys(order)).toEqual([])
  })

  it("breaks a cycle between tables at the first by name, whose key to the other is checked at the end", () => {
    const order = dependencyOrder([table("users", ["organizations"]), table("organizations", ["users"]), table("events"), table("tickets", ["users"])])
    expect(order.map((t) => t.name)).toEqual(["events", "organizations", "users", "tickets"])
    expect(forwardKeys(order)).toEqual([{ name: "organizations_users_fkey", references: "users", deferrable: false, table: "organizations" }])
  })
})
