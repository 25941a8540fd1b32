import { describe, expect, it } from "vitest"
import { preloadOnlyWhatIsNotLoaded } from "../../scripts/vite-preload-loaded.ts"

/** The plugin's bundle hook as Vite calls it, with a bundle of chunks and their static imports. */
function withBundle(bundle: Record<string, { type: string; imports?: string[] }>) {
  const preload = preloadOnlyWhatIsNotLoaded()
  const hook = preload.plugin.generateBundle as { handler: (options: unknown, output: unknown) => void }
  hook.handler({}, bundle)
  return preload.resolveDependencies
}

describe("a lazy import's preload list", () => {
  const resolve = withBundle({
    "assets/index.js": { type: "chunk", imports: ["assets/runtime.js", "assets/client.js"] },
    "assets/client.js": { type: "chunk", imports: ["assets/common.js"] },
    "assets/common.js": { type: "chunk", imports: [] },
    "assets/runtime.js": { type: "chunk", imports: [] },
    "assets/page.js": { type: "chunk", imports: ["assets/client.js", "assets/table.js"] },
    "assets/table.js": { type: "chunk", imports: [] },
  })

  it("leaves out what its host chunk has loaded, directly or through its imports, and keeps the rest in order", () => {
    const deps = ["assets/page.js", "assets/runtime.js", "assets/client.js", "assets/common.js", "assets/table.js"]
    expect(resolve("assets/page.js", deps, { hostId: "assets/index.js" })).toEqual(["assets/page.js", "assets/table.js"])
  })

  it("keeps everything a host did not load itself", () => {
    const deps = ["assets/client.js", "assets/common.js"]
    expect(resolve("assets/client.js", deps, { hostId: "assets/table.js" })).toEqual(deps)
  })
})
