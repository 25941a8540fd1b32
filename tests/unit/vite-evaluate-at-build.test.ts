import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { evaluateAtBuild, literalModule } from "../../scripts/vite-evaluate-at-build.ts"
import * as routeAccess from "../../src/ui/app/route-access.at-build.ts"

const routeAccessFile = fileURLToPath(new URL("../../src/ui/app/route-access.at-build.ts", import.meta.url))

/** Runs a module's source text as the browser would run the built chunk. */
const run = async (source: string) => (await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(source)}`)) as Record<string, unknown>

describe("a module computed at build", () => {
  it("gives the bundle exactly the values the module exports (the route access table from the contract)", async () => {
    const load = evaluateAtBuild().load as (id: string) => Promise<string | null>
    const source = await load(routeAccessFile)
    expect(source).not.toContain("import")
    expect({ ...(await run(source!)) }).toEqual({ ...routeAccess })
  })

  it("leaves every other module to the bundler", async () => {
    const load = evaluateAtBuild().load as (id: string) => Promise<string | null>
    expect(await load(fileURLToPath(new URL("../../src/ui/app/routes.ts", import.meta.url)))).toBeNull()
  })

  it("stops the build on an export that is not plain data, naming it", () => {
    expect(() => literalModule("x.at-build.ts", { ok: { a: [1, "b", null] }, check: () => true })).toThrow("the export 'check' is not plain data")
    expect(() => literalModule("x.at-build.ts", { when: new Date(0) })).toThrow("'when'")
    expect(() => literalModule("x.at-build.ts", { partial: { a: undefined } })).toThrow("'partial'")
    expect(literalModule("x.at-build.ts", { default: ["Admin"], n: 1 })).toBe('export default ["Admin"]\nexport const n = 1')
  })
})
