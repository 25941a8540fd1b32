import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { chromium, type Browser, type Locator, type Page } from "playwright-core"
import { expect, inject } from "vitest"
import { decodeQuotedPrintable } from "../server/harness.ts"
import { CHROMIUM, CHROMIUM_ARGS } from "./browser-flags.ts"

export { CHROMIUM, CHROMIUM_ARGS }

export const baseURL = () => inject("baseURL")

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true })
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 } })
  return context.newPage()
}

export async function loginAs(page: Page, email: string, password = "Demo@12345"): Promise<void> {
  await page.goto("/login")
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password", { exact: true }).fill(password)
  await page.getByRole("button", { name: "Login" }).click()
  await page.waitForURL((url) => url.pathname === "/")
}

/**
 * Ticks a Chakra checkbox or radio (a visually hidden input) and waits for it to show ticked.
 * Playwright's `check()` reads the state once, straight after the click; a controlled input is
 * ticked when the machine's answer renders, which on a loaded machine can come a frame later.
 */
/** The tokens this tab holds, as the console stored them (src/api/session-storage.ts), or null when signed out. */
export const storedSessionOf = (page: Page) =>
  page.evaluate(() => {
    const raw = sessionStorage.getItem("console.session") ?? localStorage.getItem("console.session")
    return raw ? (JSON.parse(raw) as { accessToken: string; refreshToken: string }) : null
  })

/** The access token this tab holds, as the console stored it. */
export const tokenOf = async (page: Page) => (await storedSessionOf(page))?.accessToken ?? null

/** What GET /user/getProfile answers a token: 200 while its session lives, 401 once it ended. */
export const profileStatus = async (token: string) => (await fetch(`${baseURL()}/api/v1/user/getProfile`, { headers: { authorization: `Bearer ${token}` } })).status

export async function tick(control: Locator): Promise<void> {
  await control.click({ force: true })
  await expect.poll(() => control.isChecked(), { timeout: 10_000 }).toBe(true)
}

/** The newest message in the server's outbox addressed to `to`, decoded. */
export function lastMailTo(to: string): string {
  const dir = join(inject("dataDir"), "outbox")
  const names = readdirSync(dir).sort().filter((n) => n.includes(to))
  const name = names.at(-1)
  if (!name) throw new Error(`no mail to ${to}`)
  return decodeQuotedPrintable(readFileSync(join(dir, name), "utf8"))
}
