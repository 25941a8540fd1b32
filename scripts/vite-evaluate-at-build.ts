import { pathToFileURL } from "node:url"
import type { Plugin } from "vite"

/** The modules the console's build replaces by the values they export. */
export const AT_BUILD = /\.at-build\.ts$/

/**
 * The source of a module that exports `exports`' values as literals. Only data a JSON text can hold
 * survives the trip (a function, a class instance or `undefined` would change meaning), so anything
 * else stops the build with the export's name.
 */
export function literalModule(file: string, exports: Record<string, unknown>): string {
  return Object.entries(exports)
    .map(([name, value]) => {
      const text = JSON.stringify(value)
      if (text === undefined || !sameData(JSON.parse(text), value)) {
        throw new Error(`${file}: the export '${name}' is not plain data, so it cannot be computed at build`)
      }
      return name === "default" ? `export default ${text}` : `export const ${name} = ${text}`
    })
    .join("\n")
}

const sameData = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (!Array.isArray(b) && Object.getPrototypeOf(b) !== Object.prototype) return false
  const keys = Object.keys(b)
  return keys.length === Object.keys(a).length && keys.every((k) => sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}

/**
 * A module named `*.at-build.ts` is run in Node while the console is built, and the bundle gets only the
 * data it exports. Such a module reads the contract (its endpoints' access rules, say) so the console
 * states nothing twice, without putting the contract's schemas into a chunk that must stay small (the
 * entry chunk: issue 9's first load of /login). The dev server and the tests run the module itself.
 */
export function evaluateAtBuild(): Plugin {
  return {
    name: "evaluate-at-build",
    apply: "build",
    enforce: "pre",
    async load(id) {
      if (!AT_BUILD.test(id)) return null
      const exports = (await import(pathToFileURL(id).href)) as Record<string, unknown>
      return literalModule(id, exports)
    },
  }
}
