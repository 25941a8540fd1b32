import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { gzipSync } from "node:zlib"

export interface FirstLoad {
  files: string[]
  gzipBytes: number
}

const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length

/** Every script a page needs before it can render: the entry, its static imports, and `extra` chunks. */
export function firstLoad(distDir: string, extraChunkPatterns: RegExp[] = []): FirstLoad {
  const html = readFileSync(join(distDir, "index.html"), "utf8")
  const linked = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const code = readFileSync(join(distDir, file), "utf8")
    // Static imports only (`import ... from "./x.js"` / `import "./x.js"`); dynamic ones load later.
    for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) visit(`assets/${m[1]}`)
  }
  linked.forEach(visit)
  if (extraChunkPatterns.length) {
    const all = execFileSync("ls", [join(distDir, "assets")], { encoding: "utf8" })
      .split("\n")
      .filter((n) => n.endsWith(".js"))
    for (const pattern of extraChunkPatterns) {
      const names = all.filter((name) => pattern.test(name))
      // A renamed chunk would otherwise drop out of the figure silently.
      if (!names.length) throw new Error(`first load: no chunk in ${distDir}/assets matches ${pattern}`)
      names.forEach((name) => visit(`assets/${name}`))
    }
  }
  const files = [...seen].sort()
  return { files, gzipBytes: files.reduce((n, f) => n + gz(join(distDir, f)), 0) }
}

/** Builds the bare one-button app with the same Vite config family, into a temporary folder. */
export function buildBareApp(): { distDir: string; cleanup: () => void } {
  const outDir = mkdtempSync(join(tmpdir(), "bare-app-"))
  execFileSync(
    "npx",
    ["vite", "build", "bench/bare-app", "--outDir", outDir, "--emptyOutDir", "--logLevel", "error", "--config", "bench/bare-app/vite.config.ts"],
    {
      stdio: "inherit",
      // Production React even when called from vitest (NODE_ENV=test), as for the console's own build.
      env: { ...process.env, NODE_ENV: "production" },
    },
  )
  return { distDir: outDir, cleanup: () => rmSync(outDir, { recursive: true, force: true }) }
}
