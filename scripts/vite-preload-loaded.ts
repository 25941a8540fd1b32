import type { Plugin } from "vite"

interface ChunkImports {
  type: string
  imports?: string[]
}

/**
 * Leaves out of each lazy import's preload list the chunks its host chunk has already loaded: what a chunk
 * imports statically (and what those import) has run before any of its dynamic imports can. Vite lists them
 * anyway, and the entry chunk carries every route's list (issue 9: first-load JavaScript); the entry's own
 * imports were in nearly all 39 of them. A chunk left out still loads as before, so nothing else changes.
 *
 * Vite asks `resolveDependencies` while it writes the bundle; this plugin keeps that bundle, read first
 * (`order: "pre"`), to follow each host's static imports.
 */
export function preloadOnlyWhatIsNotLoaded(): { plugin: Plugin; resolveDependencies: (file: string, deps: string[], context: { hostId: string }) => string[] } {
  let bundle: Record<string, ChunkImports> = {}
  const loadedBy = new Map<string, Set<string>>()

  const staticClosure = (host: string): Set<string> => {
    const known = loadedBy.get(host)
    if (known) return known
    const seen = new Set<string>()
    const visit = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      for (const next of bundle[file]?.imports ?? []) visit(next)
    }
    visit(host)
    loadedBy.set(host, seen)
    return seen
  }

  return {
    plugin: {
      name: "console-preload-only-what-is-not-loaded",
      apply: "build",
      generateBundle: {
        order: "pre",
        handler(_options, output) {
          bundle = output as unknown as Record<string, ChunkImports>
          loadedBy.clear()
        },
      },
    },
    resolveDependencies: (_file, deps, { hostId }) => {
      const loaded = staticClosure(hostId)
      return deps.filter((dep) => !loaded.has(dep))
    },
  }
}
