/**
 * The browsers the project starts, both from Debian's packages.
 *
 * - The browser tests (and `npm run qa:model -- --browser`) drive Chromium's headless shell
 *   (`chromium-headless-shell`, CHROMIUM_HEADLESS_SHELL to use another), the browser Playwright itself runs
 *   headless: Blink and V8 without the desktop browser's interface. Measured here, a new context with the
 *   Admin's dashboard cost 3.1–3.5 CPU-s in it against 3.9–4.5 in the full browser started headless (whose
 *   every window also opened its address bar's popup as a hidden page of its own), and a launch 0.35 against 1.1.
 * - The Lighthouse benchmark measures the full browser (`chromium`, CHROMIUM_PATH to use another), the one a
 *   person runs; it starts it itself, so the popup pages are turned off here.
 */
export const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL ?? "/usr/bin/chromium-headless-shell"
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
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
/** The full browser opens its address bar's suggestion popup as a hidden page of its own, although a headless window never shows it. */
export const FULL_BROWSER_ARGS = [...CHROMIUM_ARGS, "--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup"]
