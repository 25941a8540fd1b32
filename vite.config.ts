import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"
import { evaluateAtBuild } from "./scripts/vite-evaluate-at-build.ts"
import { precompress } from "./scripts/vite-precompress.ts"

export default defineConfig({
  plugins: [evaluateAtBuild(), react(), precompress()],
  server: { proxy: { "/api": "http://localhost:3000", "/uploads": "http://localhost:3000" } },
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // No <link rel="modulepreload"> for a lazy chunk's imports: Chromium spent 1-2 ms of main thread on each
    // link Vite's helper appended (about 95 of them before the Admin's dashboard showed; 130-150 ms of
    // appendChild in a CPU profile of that load), which Lighthouse counts as blocking time. Without them the
    // browser finds a chunk's imports when it parses the chunk: the dashboard's blocking time went from
    // 262-287 ms to 116-151 ms, /login's from 95-163 to 47-80 ms, and the dashboard's empty-cache LCP did not
    // rise (1.43-1.55 s against 1.65-1.83 s); bench/RESULTS.md holds the full runs.
    modulePreload: false,
    rolldownOptions: {
      // Chakra's theme module holds an unused `defaultThemeConfig = defineConfig({ ...recipes })`. Not knowing
      // `defineConfig` (an identity function) is pure, Rolldown put every recipe that line names into the
      // entry chunk, although src/ui/app/theme.ts loads them after sign-in (issue 9: first-load JavaScript).
      treeshake: { manualPureFunctions: ["defineConfig"] },
      // The entry names every lazy chunk it may import (one per screen, growing with each screen). Seven hash
      // characters instead of eight keep that first-load cost down (CI's short bench: 1.1002 → 1.0981 × the
      // bare app). Rolldown refuses a hash too short for the number of chunks; raise it then.
      output: { chunkFileNames: "assets/[name]-[hash:7].js", entryFileNames: "assets/[name]-[hash:7].js" },
    },
  },
})
