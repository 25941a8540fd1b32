import { fileURLToPath } from "node:url"

/**
 * How every headless Chromium of the project starts (browser tests and the Lighthouse benchmark): through
 * tests/e2e/headless-chromium, which runs the binary (CHROMIUM_PATH, /usr/bin/chromium by default) without
 * the address bar's hidden popup pages.
 */
export const CHROMIUM = fileURLToPath(new URL("./headless-chromium", import.meta.url))
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
]
