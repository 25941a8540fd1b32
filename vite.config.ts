import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"
import { precompress } from "./scripts/vite-precompress.ts"

export default defineConfig({
  plugins: [react(), precompress()],
  server: { proxy: { "/api": "http://localhost:3000", "/uploads": "http://localhost:3000" } },
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 1500 },
})
