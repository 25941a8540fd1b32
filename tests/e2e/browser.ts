import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { chromium, type Browser, type Locator, type Page } from "playwright-core"
import { expect, inject } from "vitest"
import { Schema } from "effect"
import { accessTokenEndsAt } from "../../src/api/access-token.ts"
import { LoginAnswer } from "../../src/api/contract/account/user.ts"
import { SESSION_LIFETIME_MS } from "../../src/machines/account/auth.machine.ts"
import { decodeQuotedPrintable } from "../server/harness.ts"
import { CHROMIUM_ARGS, HEADLESS_SHELL } from "./browser-flags.ts"

/** The server this worker's files talk to: each worker has its own (tests/e2e/global-setup.ts). */
const ownServer = () => {
  const servers = inject("servers")
  return servers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length]!
}

export const baseURL = () => ownServer().baseURL

/** The data directory of this worker's server, where its outbox folder is. */
export const dataDir = () => ownServer().dataDir

/**
 * Chromium's headless shell for the browser tests (./browser-flags.ts). Its pages ask for reduced motion, as a person can in their system settings,
 * which the console honours (src/ui/app/theme.ts): a dialog or a menu is there at once instead of after its
 * fade, so no test waits for an animation to end. A context may still ask for motion (`reducedMotion: "no-preference"`).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: HEADLESS_SHELL, args: CHROMIUM_ARGS, headless: true })
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => {
    const context = await newContext({ reducedMotion: "reduce", ...options })
    await context.addInitScript(recordMessages, RECORDED)
    return context
  }
  return browser
}

/** The passing messages a page's recorder keeps (recordMessages), by where they show. */
const RECORDED = { formMessages: '[data-testid="form-message"]', toasts: '[data-scope="toast"][data-part="description"]' }
type Recorded = Record<keyof typeof RECORDED, string[]>

/**
 * Runs in every page before its own scripts: keeps each text a form message or a toast shows, at the moment it
 * shows. A modal's success message lives about 1 s before the modal closes and a toast 2 s (spec sections 4 and
 * 9), and a read from the test polls every 500 ms plus a round trip, which on two busy cores can step over the
 * whole window (CI once waited 30 s for a feedback message that had come and gone). A mutation observer cannot.
 */
function recordMessages(selectors: typeof RECORDED) {
  const seen = Object.fromEntries(Object.keys(selectors).map((kind) => [kind, [] as string[]]))
  const shown = new WeakMap<Element, string>()
  Object.defineProperty(window, "__messagesSeen", { value: seen })
  const record = () => {
    for (const [kind, selector] of Object.entries(selectors))
      for (const message of document.querySelectorAll(selector)) {
        const text = message.textContent ?? ""
        if (shown.get(message) === text) continue
        shown.set(message, text)
        if (text) seen[kind]!.push(text)
      }
  }
  new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true })
}

const messagesSeen = (page: Page, kind: keyof Recorded) =>
  page.evaluate((k) => [...(window as unknown as { __messagesSeen: Recorded }).__messagesSeen[k]], kind)

/** Every form message this page has shown since it loaded or since `forgetFormMessages`, oldest first. */
export const formMessagesSeen = (page: Page) => messagesSeen(page, "formMessages")

/** Forgets the form messages seen so far, so a repeat of the same text is known to be new (call before the action). */
export const forgetFormMessages = (page: Page) =>
  page.evaluate(() => {
    ;(window as unknown as { __messagesSeen: Recorded }).__messagesSeen.formMessages.length = 0
  })

/** The last form message this page has shown, even if it has gone since: poll it after an action. */
export const lastFormMessage = async (page: Page) => (await formMessagesSeen(page)).at(-1) ?? null

/** Every toast this page has shown since it loaded, oldest first, including those that have faded. */
export const toastsSeen = (page: Page) => messagesSeen(page, "toasts")

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 } })
  return context.newPage()
}

/**
 * Signs in through the form, as a person does, and waits for the dashboard after it: for tests about signing in
 * or about the dashboard they land on. A test that only needs a signed-in tab opens it with openSignedIn, which
 * costs one page load instead of three (the form, the dashboard, then the screen under test).
 */
export async function loginAs(page: Page, email: string, password = "Demo@12345"): Promise<void> {
  await page.goto("/login")
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password", { exact: true }).fill(password)
  await page.getByRole("button", { name: "Login" }).click()
  await page.waitForURL((url) => url.pathname === "/")
}

/** The sign-in answer decoded with the contract's schema, or an error naming the account and the status. */
function signInAnswer(email: string, status: number, body: string): LoginAnswer {
  if (status !== 200) throw new Error(`sign-in of ${email}: ${status} ${body}`)
  return Schema.decodeUnknownSync(LoginAnswer)(JSON.parse(body))
}

/**
 * Signs `email` in through the API from this test process (for arranging data and for the API side of the
 * checks), as another device of that account would; the answer is decoded with the contract's schema.
 */
export async function apiSignIn(email: string, password = "Demo@12345"): Promise<LoginAnswer["data"]> {
  const res = await fetch(`${baseURL()}/api/v1/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  })
  return signInAnswer(email, res.status, await res.text()).data
}

/** An access token of `email` (the demo password by default), signed in through the API. */
export const apiToken = async (email: string, password?: string) => (await apiSignIn(email, password)).accessToken

/** A demo account's id, read from its own sign-in. */
export const demoUserId = async (email: string, password?: string) => (await apiSignIn(email, password)).user._id

/**
 * Signs the tab in as `email` without opening a screen, for tests that load their screens themselves (one after
 * another with page.goto): the tab signs in through the API itself (same address, same browser, so the server sees
 * the device it sees at the sign-in form) and stores the session as the sign-in form would
 * (src/api/session-storage.ts, this tab only), so no test pays for the sign-in screen and the dashboard after it.
 */
export async function signInTab(page: Page, email: string, password = "Demo@12345"): Promise<void> {
  // A small answer of the console's own address, so the tab has its storage and its fetch is same-origin.
  await page.goto("/readyz")
  const answer = await page.evaluate(
    async (credentials) => {
      const res = await fetch("/api/v1/user/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(credentials) })
      return { status: res.status, body: await res.text() }
    },
    { email, password },
  )
  const { data } = signInAnswer(email, answer.status, answer.body)
  const now = Date.now()
  const endsAt = accessTokenEndsAt(data.accessToken, now)
  const session = {
    accessToken: data.accessToken,
    refreshToken: data.refreshToken,
    user: data.user,
    remember: false,
    expiresAt: now + SESSION_LIFETIME_MS,
    ...(endsAt === null ? {} : { accessEndsAt: endsAt }),
  }
  await page.evaluate((stored) => sessionStorage.setItem("console.session", stored), JSON.stringify(session))
}

/**
 * Opens the console on `path` signed in as `email` (signInTab), for tests that are not about signing in. Tests
 * about signing in, or about what the form lands on (the dashboard, sessions and devices, two-factor), use loginAs.
 */
export async function openSignedIn(page: Page, email: string, path = "/", password = "Demo@12345"): Promise<void> {
  await signInTab(page, email, password)
  await page.goto(path)
  await page.waitForFunction(() => document.querySelector("main h1") !== null, undefined, { timeout: 15_000 })
  if (new URL(page.url()).pathname === "/login") throw new Error(`the console did not take the stored session of ${email}`)
}

/**
 * Waits until no list on the page is loading. A list shows its new page number (or filter) at once and
 * keeps the previous rows, dimmed and marked aria-busy, until the new ones arrive: rows read before
 * that are the previous page's. A list read for the first time shows a placeholder of empty rows
 * (data-testid list-loading) instead: rows read then are not the list's at all.
 */
export const listsSettled = (page: Page) => expect.poll(() => page.locator('[role="region"][aria-busy="true"], [data-testid="list-loading"]').count()).toBe(0)

/** The tokens this tab holds, as the console stored them (src/api/session-storage.ts), or null when signed out. */
export const storedSessionOf = (page: Page) =>
  page.evaluate(() => {
    const raw = sessionStorage.getItem("console.session") ?? localStorage.getItem("console.session")
    return raw ? (JSON.parse(raw) as { accessToken: string; refreshToken: string }) : null
  })

/** The access token this tab holds, as the console stored it. */
export const tokenOf = async (page: Page) => (await storedSessionOf(page))?.accessToken ?? null

/** What GET /user/getProfile answers a token: 200 while its session lives, 401 once it ended. */
export const profileStatus = async (token: string) =>
  (await fetch(`${baseURL()}/api/v1/user/getProfile`, { headers: { authorization: `Bearer ${token}` } })).status

/**
 * Ticks a Chakra checkbox or radio, given its (visually hidden) input, as a person does: a click on the
 * label that holds the box, once that label is stable and would take the click, then the wait for the
 * box to show ticked (the machine's answer renders a moment later). A forced click on the hidden input
 * skipped those checks, so under load a layout shift could put it beside the box.
 */
export async function tick(control: Locator, checked = true): Promise<void> {
  await control.locator("xpath=ancestor::label[1]").click()
  await expect.poll(() => control.isChecked(), { timeout: 10_000 }).toBe(checked)
}

/** Clears a ticked box as `tick` ticks one. */
export const untick = (control: Locator) => tick(control, false)

/**
 * The newest message in the server's outbox addressed to `to` that holds `containing`, decoded, once it is
 * written (10 s at most). A mail is delivered after the change it tells of has committed, and may be
 * written after the answer (a sign-up or a reset link answers in constant time and leaves the delivery
 * to follow), so a test waits for it as it waits for the screen. Other mails to the same person (a
 * ticket's, an assignment's) may come between.
 */
export async function mailTo(to: string, containing: string): Promise<string> {
  const until = Date.now() + 10_000
  for (;;) {
    try {
      return lastMailTo(to, containing)
    } catch (error) {
      if (Date.now() > until) throw error
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

/** The newest message in the outbox to `to` (holding `containing`, when given) as it is now; throws when there is none. */
function lastMailTo(to: string, containing?: string): string {
  const dir = join(dataDir(), "outbox")
  const names = readdirSync(dir)
    .sort()
    .filter((n) => n.endsWith(".eml") && n.includes(to))
  const mails = names.map((name) => decodeQuotedPrintable(readFileSync(join(dir, name), "utf8")))
  const mail = containing === undefined ? mails.at(-1) : mails.filter((m) => m.includes(containing)).at(-1)
  if (!mail) throw new Error(`no mail to ${to}${containing === undefined ? "" : ` containing ${containing}`}`)
  return mail
}

/**
 * The cells of the table column headed `header` (an Admin's list may have its Select column first); none while the list
 * loads: its placeholder table (aria-hidden, the same heads over empty skeleton cells) is not read, or a test would take
 * an empty cell for the first row's text.
 */
export async function columnTexts(page: Page, header: RegExp): Promise<string[]> {
  const table = page.locator("table:not([aria-hidden='true'])")
  const headers = await table.locator("thead th").allTextContents()
  const at = headers.findIndex((text) => header.test(text)) + 1
  if (at === 0) throw new Error(`no column headed ${header}`)
  return table.locator(`tbody tr td:nth-child(${at})`).allTextContents()
}
