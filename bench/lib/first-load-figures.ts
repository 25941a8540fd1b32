import { buildBareApp, firstLoad } from "../first-load.ts"
import { judge, type Figure } from "./figure.ts"

/**
 * First-load JavaScript of /login: the entry, its static imports and the lazy login page with its own
 * static imports (all needed before the form shows), gzipped, against the bare one-button app built
 * in the same run from the same libraries. Expects dist/ as `npm run build` makes it (ensureBuilt). Both builds
 * are deterministic, so CI holds the targets exactly: 200 KB and 1.10 (1.05 when written).
 */
export function firstLoadFigures(): Figure[] {
  const app = firstLoad("dist", [/^login\.page-[\w-]+\.js$/])
  const bare = buildBareApp()
  try {
    const baseline = firstLoad(bare.distDir)
    const kb = app.gzipBytes / 1024
    const note = `${app.files.length} files; bare app ${(baseline.gzipBytes / 1024).toFixed(1)} KB in ${baseline.files.length}`
    return [
      judge({ name: "First-load JS of /login", value: kb, unit: "KB gz", note, ci: true }, { target: "≤ 200 KB gzipped", limit: 200, better: "lower" }),
      judge(
        { name: "First-load JS of /login vs bare app", value: app.gzipBytes / baseline.gzipBytes, unit: "× bare app", ci: true },
        { target: "≤ 1.10 × bare app", limit: 1.1, better: "lower" },
      ),
    ]
  } finally {
    bare.cleanup()
  }
}
