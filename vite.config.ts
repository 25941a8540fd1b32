import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"
import { evaluateAtBuild } from "./scripts/vite-evaluate-at-build.ts"
import { precompress } from "./scripts/vite-precompress.ts"
import { preloadOnlyWhatIsNotLoaded } from "./scripts/vite-preload-loaded.ts"

const preload = preloadOnlyWhatIsNotLoaded()

export default defineConfig({
  plugins: [evaluateAtBuild(), react(), precompress(), preload.plugin],
  server: { proxy: { "/api": "http://localhost:3000", "/uploads": "http://localhost:3000" } },
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    rolldownOptions: {
      // Chakra's theme module holds an unused `defaultThemeConfig = defineConfig({ ...recipes })`. Not knowing
      // `defineConfig` (an identity function) is pure, Rolldown put every recipe that line names into the
      // entry chunk, although src/ui/app/theme.ts loads them after sign-in (issue 9: first-load JavaScript).
      treeshake: { manualPureFunctions: ["defineConfig"] },
      // The entry carries every lazy chunk's file name (its preload map: 226 names, growing with each screen).
      // Seven hash characters instead of eight keep that first-load cost down (CI's short bench: 1.1002 →
      // 1.0981 × the bare app). Rolldown refuses a hash too short for the number of chunks; raise it then.
      output: { chunkFileNames: "assets/[name]-[hash:7].js", entryFileNames: "assets/[name]-[hash:7].js" },
    },
  },
})
