import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiToken, baseURL, launchBrowser, loginAs, newPage, openSignedIn, profileStatus, storedSessionOf, tokenOf } from "./browser.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
const EMAIL = "nutritionist@demo.test"
const CHANGED = "Sessions@2026"

afterAll(async () => {
  await browser?.close()
  // The other files sign in with the demo password: put it back if a failure left the changed one.
  const login = await fetch(`${baseURL()}/api/v1/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: EMAIL, password: CHANGED }),
  })
  if (login.status !== 200) return
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken
  await fetch(`${baseURL()}/api/v1/user/updateCurrentPassword`, {
    method: "PATCH",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ oldPassword: CHANGED, newPassword: "Demo@12345" }),
  })
})

/** Signs in on the /login screen already shown, without loading the page again. */
async function signInHere(page: Page, email: string) {
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password", { exact: true }).fill("Demo@12345")
  await page.getByRole("button", { name: "Login" }).click()
  await page.waitForURL((url) => url.pathname === "/")
}

async function openUserMenuItem(page: Page, item: string) {
  await page.getByRole("button", { name: /^User menu for / }).click()
  await page.getByRole("menuitem", { name: item }).click()
}

/** Still signed in: My Tickets opens from the sidebar and its list loads, no trip to /login. */
async function expectStillSignedIn(page: Page) {
  // From another page, so the list is read afresh.
  if (new URL(page.url()).pathname === "/my-tickets") {
    await page.getByTestId("sidebar").getByRole("link", { name: "Upcoming Session" }).click()
    await page.waitForURL((url) => url.pathname === "/upcoming-session")
  }
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/v1/userQuery/get")
  await page.getByTestId("sidebar").getByRole("link", { name: "My Tickets" }).click()
  await page.waitForURL((url) => url.pathname === "/my-tickets")
  // The list's call has answered (a 401 would have sent the tab to /login).
  expect((await listed).status()).toBe(200)
  expect(new URL(page.url()).pathname).toBe("/my-tickets")
  expect(await profileStatus((await tokenOf(page))!)).toBe(200)
}

/**
 * Issue 21: a password change and "Sign out of other devices" end every other session of the account
 * and keep this tab signed in with the session the answer carries.
 */
describe("sessions that end elsewhere but not here", () => {
  it("changing your own password keeps this tab signed in, says so, and signs the other device out", async () => {
    const here = await newPage(browser)
    const elsewhere = await newPage(browser)
    await loginAs(here, EMAIL)
    await loginAs(elsewhere, EMAIL)
    const elsewhereToken = (await tokenOf(elsewhere))!

    await openUserMenuItem(here, "Update Password")
    const dialog = here.getByRole("dialog")
    await dialog.getByLabel("Current Password", { exact: true }).fill("Demo@12345")
    await dialog.getByLabel("New Password", { exact: true }).fill(CHANGED)
    await dialog.getByLabel("Confirm New Password", { exact: true }).fill(CHANGED)
    await dialog.getByRole("button", { name: "Update" }).click()
    await expect.poll(() => dialog.getByTestId("form-message").textContent()).toBe("Password updated successfully.")
    expect(await dialog.getByTestId("password-note").textContent()).toBe("You are still signed in here; every other device was signed out.")
    await dialog.getByRole("button", { name: "Close" }).click()

    await expectStillSignedIn(here)
    expect(await profileStatus(elsewhereToken)).toBe(401)
    // The other tab goes to /login: at once when the change's notification reaches its bell (its token is
    // refused there), or at its next click otherwise.
    const myTickets = elsewhere.getByTestId("sidebar").getByRole("link", { name: "My Tickets" })
    await Promise.race([elsewhere.waitForURL((url) => url.pathname === "/login"), myTickets.click().catch(() => {})])
    await elsewhere.waitForURL((url) => url.pathname === "/login")

    // Back to the demo password, through the same dialog: the same session goes on.
    await openUserMenuItem(here, "Update Password")
    await dialog.getByLabel("Current Password", { exact: true }).fill(CHANGED)
    await dialog.getByLabel("New Password", { exact: true }).fill(CHANGED)
    await dialog.getByLabel("Confirm New Password", { exact: true }).fill(CHANGED)
    await dialog.getByRole("button", { name: "Update" }).click()
    // Refused next to New Password, which gets the focus; nothing was sent.
    await expect.poll(() => dialog.getByTestId("field-error-newPassword").textContent()).toBe("New Password must be different from the Current Password.")
    await expect.poll(() => here.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("newPassword")
    await dialog.getByLabel("New Password", { exact: true }).fill("Demo@12345")
    await dialog.getByLabel("Confirm New Password", { exact: true }).fill("Demo@12345")
    await dialog.getByRole("button", { name: "Update" }).click()
    await expect.poll(() => dialog.getByTestId("form-message").textContent()).toBe("Password updated successfully.")
    await dialog.getByRole("button", { name: "Close" }).click()
    await expectStillSignedIn(here)
    await here.context().close()
    await elsewhere.context().close()
  })

  it("'Sign out of other devices' asks first, signs the other device out and keeps this tab in", async () => {
    const here = await newPage(browser)
    const elsewhere = await newPage(browser)
    await loginAs(here, EMAIL)
    await loginAs(elsewhere, EMAIL)
    const elsewhereToken = (await tokenOf(elsewhere))!

    // Cancel first: nothing is called, the other device stays in.
    await openUserMenuItem(here, "Sign out of other devices")
    const confirm = here.getByRole("alertdialog")
    await expect.poll(() => confirm.getByText("Sign out of every other device?", { exact: false }).isVisible()).toBe(true)
    await confirm.getByRole("button", { name: "Cancel" }).click()
    expect(await profileStatus(elsewhereToken)).toBe(200)

    await openUserMenuItem(here, "Sign out of other devices")
    await confirm.getByRole("button", { name: "Sign out" }).click()
    await expect.poll(() => here.getByText("You were signed out of every other device.").first().isVisible()).toBe(true)
    expect(await profileStatus(elsewhereToken)).toBe(401)
    await expectStillSignedIn(here)
    await here.reload()
    await expectStillSignedIn(here)
    await here.context().close()
    await elsewhere.context().close()
  })

  it("warns 5 minutes before the 2-hour automatic logout, then signs this tab out", async () => {
    const page = await newPage(browser)
    // The page's own clock, moved on by hand: the session's timers fire as they would 2 hours later.
    await page.clock.install()
    await loginAs(page, "lawyer@demo.test")
    const banner = page.getByTestId("session-expiry-banner")
    await page.clock.fastForward("01:54:00")
    expect(await banner.count()).toBe(0)
    await page.clock.fastForward("01:30")
    await expect
      .poll(() => banner.textContent())
      .toMatch(/^Your session ends at \d{2}:\d{2} [AP]M \(sessions last 2 hours\)\. Save your work now; after that you will need to sign in again\.$/)
    expect(await page.getByRole("status").filter({ has: banner }).count()).toBe(1)
    await page.clock.fastForward("05:00")
    await page.waitForURL((url) => url.pathname === "/login")
    await page.context().close()
  })

  it("renews the 15-minute access token a minute before it ends, with a new refresh token, and stays signed in", async () => {
    const page = await newPage(browser)
    await page.clock.install()
    await loginAs(page, "yogateacher@demo.test")
    const stored = () => storedSessionOf(page)
    const first = (await stored())!
    const renewal = page.waitForResponse((res) => res.url().endsWith("/api/v1/user/refresh-token"))
    await page.clock.fastForward("14:00")
    expect((await renewal).status()).toBe(200)
    await expect.poll(async () => (await stored())?.refreshToken).not.toBe(first.refreshToken)
    // (Its access token may read the same as the first: the server's clock moved on a second, not 14 minutes.)
    const renewed = (await stored())!
    await expectStillSignedIn(page)
    expect(await profileStatus(renewed.accessToken)).toBe(200)
    await page.context().close()
  })

  it("a call that finds the access token ended (the device slept through the renewal) renews it first and goes out with the new one", async () => {
    const page = await newPage(browser)
    await page.clock.install()
    await loginAs(page, "imageconsultant@demo.test")
    const stored = () => storedSessionOf(page)
    const first = (await stored())!
    const calls: Array<{ path: string; token: string | null }> = []
    page.on("request", (req) => {
      const url = new URL(req.url())
      if (url.pathname.startsWith("/api/v1/")) calls.push({ path: url.pathname, token: req.headers()["authorization"]?.replace("Bearer ", "") ?? null })
    })
    // Twenty minutes pass without any timer running, as on a laptop that slept.
    await page.clock.setSystemTime(Date.now() + 20 * 60_000)
    await page.getByTestId("sidebar").getByRole("link", { name: "My Tickets" }).click()
    await page.waitForURL((url) => url.pathname === "/my-tickets")
    await expect.poll(() => calls.some((c) => c.path === "/api/v1/userQuery/get")).toBe(true)
    const renewal = calls.findIndex((c) => c.path === "/api/v1/user/refresh-token")
    const list = calls.findIndex((c) => c.path === "/api/v1/userQuery/get")
    expect(renewal).toBeGreaterThanOrEqual(0)
    expect(renewal).toBeLessThan(list)
    expect(calls[renewal]!.token).toBeNull()
    const renewed = (await stored())!
    expect(renewed.refreshToken).not.toBe(first.refreshToken)
    expect(calls[list]!.token).toBe(renewed.accessToken)
    expect(new URL(page.url()).pathname).toBe("/my-tickets")
    await page.context().close()
  })

  it("what was typed when the 2-hour logout came is kept for the same person, who puts it back after signing in again", async () => {
    const accessToken = await apiToken("lawyer@demo.test")
    const form = new FormData()
    form.append("ticketType", "General")
    form.append("query", `Kept input ${Date.now()}`)
    const raised = await fetch(`${baseURL()}/api/v1/userQuery/create`, { method: "POST", headers: { authorization: `Bearer ${accessToken}` }, body: form })
    const { queryId } = ((await raised.json()) as { data: { queryId: string } }).data

    const page = await newPage(browser)
    await page.clock.install()
    await openSignedIn(page, "lawyer@demo.test", `/ticket/${queryId}`)
    const reply = "The payout for October is still missing; I attach nothing yet."
    await page.getByLabel("Message").fill(reply)
    await page.clock.fastForward("02:00:00")
    await page.waitForURL((url) => url.pathname === "/login")

    // Signing in on the screen the logout led to (a reload would be a new page, with nothing kept).
    await signInHere(page, "lawyer@demo.test")
    const kept = page.getByTestId("kept-input")
    await expect.poll(() => kept.textContent()).toContain(`Message:${reply}`)
    await kept.getByRole("link", { name: "Go to the page where it was typed" }).click()
    await page.waitForURL((url) => url.pathname === `/ticket/${queryId}`)
    await expect.poll(() => page.getByLabel("Message").count()).toBe(1)
    await kept.getByRole("button", { name: "Put it back" }).click()
    await expect.poll(() => page.getByLabel("Message").inputValue()).toBe(reply)
    // It is the machine's draft, not only the box's text: Send is allowed.
    expect(await page.getByRole("button", { name: "Send" }).isEnabled()).toBe(true)
    await kept.getByRole("button", { name: "Discard" }).click()
    await expect.poll(() => kept.count()).toBe(0)
    await page.context().close()
  })

  it("nobody else signing in on that browser sees what was kept", async () => {
    const page = await newPage(browser)
    await page.clock.install()
    await openSignedIn(page, "counsellor@demo.test", "/my-tickets")
    await page.getByRole("button", { name: "+ Raise Ticket" }).click()
    await page.getByLabel("Query").fill("Something private")
    await page.clock.fastForward("02:00:00")
    await page.waitForURL((url) => url.pathname === "/login")
    await signInHere(page, "yogateacher@demo.test")
    // The panel is drawn from the same state as the home screen: once the home screen greets the new
    // account, a kept input meant for them would be on screen too. (Waiting for network idle is no
    // signal here: the live stream's retries and the screens' polls can keep it from ever coming.)
    await page.getByText(/^Welcome, /).waitFor()
    expect(await page.getByTestId("kept-input").count()).toBe(0)
    expect(await page.getByText("Something private").count()).toBe(0)
    await page.context().close()
  })
})
