import { describe, expect, it } from "vitest"
import { categoryOf, profileBreakdown, type CpuProfile } from "../../bench/lib/profile-breakdown.ts"

describe("the afresh page's profile breakdown (bench/profile-afresh.ts)", () => {
  it("bills each function to its package, the server's part, Node's internals or V8's own work", () => {
    const at = (url: string, functionName = "f") => categoryOf({ url, functionName })
    expect(at("file:///w/node_modules/pg-protocol/dist/parser.js")).toBe("database driver (pg-protocol)")
    expect(at("file:///w/node_modules/@electric-sql/pglite/dist/index.js")).toBe("database driver (@electric-sql/pglite)")
    expect(at("file:///w/node_modules/find-my-way/index.js")).toBe("fastify and its parts (find-my-way)")
    expect(at("file:///w/node_modules/effect/dist/Schema.js")).toBe("package effect")
    expect(at("file:///w/server/plugins/auth.ts")).toBe("own code: server/plugins")
    expect(at("file:///w/src/api/contract/common.ts")).toBe("own code: src/api/contract")
    expect(at("node:internal/http/server")).toBe("Node internals (http, net, streams, timers)")
    expect(at("", "(garbage collector)")).toBe("(garbage collector)")
    expect(at("", "stringify")).toBe("native: stringify")
  })

  it("sums self time by family and category, leaving idle time out of the shares", () => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: { functionName: "(idle)", url: "" } },
        { id: 2, callFrame: { functionName: "parse", url: "file:///w/node_modules/pg-protocol/dist/parser.js" } },
        { id: 3, callFrame: { functionName: "handler", url: "file:///w/server/routes/vendors.routes.ts" } },
      ],
      samples: [1, 2, 2, 3, 1],
      timeDeltas: [1_000_000, 300_000, 300_000, 400_000, 5_000_000],
    }
    const text = profileBreakdown(profile)
    expect(text).toContain("busy 1.00 s")
    expect(text).toMatch(/60\.0 % +0\.60 s +database driver\n/)
    expect(text).toMatch(/40\.0 % +0\.40 s +own code\n/)
    expect(text).toMatch(/60\.0 % +0\.60 s +parse node_modules\/pg-protocol\/dist\/parser\.js/)
    expect(text).not.toContain("(idle)")
  })
})
