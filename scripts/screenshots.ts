/**
 * `npm run screenshots`: pictures of the main screens at 1366 px and 375 px wide, light and dark, written to
 * docs/screenshots/ (the README links them). It starts the built console on a free port with its own embedded
 * database and the demo data, signs in as each role in Debian's Chromium, and waits for each screen's lists
 * to load before taking it. Run it after a change to the look, and commit what changed.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { chromium, type Page } from "playwright-core"
import { startServerProcess } from "../tests/fixtures/server-process.ts"
import { CHROMIUM_ARGS, HEADLESS_SHELL } from "../tests/e2e/browser-flags.ts"

const OUT = "docs/screenshots"
const WIDTHS = [
  { name: "desktop", width: 1366, height: 800 },
  { name: "phone", width: 375, height: 740 },
] as const
const SCHEMES = ["light", "dark"] as const

/** Each screen as who sees it, with what to wait for beyond the lists settling. */
const SCREENS: ReadonlyArray<{ file: string; email: string; path: string; ready: (page: Page) => Promise<unknown> }> = [
  // The trend charts draw after their library's chunk loads: the third chart's drawing is the last to come.
  { file: "dashboard", email: "admin@demo.test", path: "/", ready: (p) => p.getByTestId("trend-bars").nth(2).waitFor() },
  { file: "lawyers", email: "admin@demo.test", path: "/lawyer", ready: (p) => p.getByRole("table").waitFor() },
  { file: "all-sessions", email: "admin@demo.test", path: "/all-sessions", ready: (p) => p.getByRole("table").waitFor() },
  { file: "tickets", email: "admin@demo.test", path: "/my-tickets", ready: (p) => p.getByRole("table").waitFor() },
  { file: "blogs", email: "editor@demo.test", path: "/blogs", ready: (p) => p.getByRole("table").waitFor() },
  { file: "experts", email: "editor@demo.test", path: "/experts", ready: (p) => p.getByTestId("card-grid").waitFor() },
  {
    file: "upcoming-sessions",
    email: "user@demo.test",
    path: "/upcoming-session",
    ready: (p) => p.getByRole("heading", { name: "Upcoming Session" }).waitFor(),
  },
]

async function signIn(page: Page, email: string) {
  await page.goto("/login")
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password", { exact: true }).fill("Demo@12345")
  await page.getByRole("button", { name: "Login" }).click()
  await page.waitForURL((url) => url.pathname === "/")
}

const settled = (page: Page) => page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: 15_000 })

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "console-screenshots-"))
  const server = await startServerProcess({ env: { DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", LOG_LEVEL: "warn" } })
  const browser = await chromium.launch({ executablePath: HEADLESS_SHELL, args: CHROMIUM_ARGS, headless: true })
  mkdirSync(OUT, { recursive: true })
  try {
    for (const size of WIDTHS)
      for (const colorScheme of SCHEMES) {
        const signedIn = new Map<string, Page>()
        for (const screen of SCREENS) {
          let page = signedIn.get(screen.email)
          if (!page) {
            const context = await browser.newContext({
              baseURL: server.url,
              viewport: { width: size.width, height: size.height },
              colorScheme,
              reducedMotion: "reduce",
            })
            page = await context.newPage()
            await signIn(page, screen.email)
            signedIn.set(screen.email, page)
          }
          await page.goto(screen.path)
          await screen.ready(page)
          await settled(page)
          const file = join(OUT, `${screen.file}-${size.name}-${colorScheme}.png`)
          await page.screenshot({ path: file })
          console.log(`wrote ${file}`)
        }
        for (const page of signedIn.values()) await page.context().close()
      }
  } finally {
    await browser.close()
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
