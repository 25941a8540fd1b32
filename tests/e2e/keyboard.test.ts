import type { Browser, Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoPerson } from "../../server/db/seeds/demo-names.ts"
import { baseURL, launchBrowser, newPage } from "./browser.ts"

/**
 * The browser flows again with the keyboard alone: Tab, Shift+Tab, Enter, Space, Escape, arrows and
 * typing; never a click. Every stop has a visible focus indicator; a dialog takes focus when it
 * opens and gives it back to its opener when it closes; Escape closes it.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const PASSWORD = "Demo@12345"
const MAX_TABS = 120

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))

/** The focused element draws an outline or a ring (box-shadow) that is not 'none'. */
async function expectVisibleFocus(page: Page) {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return { tag: "body", visible: false }
    const style = getComputedStyle(el)
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0
    return { tag: `${el.tagName} ${el.getAttribute("aria-label") ?? el.textContent?.slice(0, 30) ?? ""}`, visible: outline || style.boxShadow !== "none" }
  })
  expect(ring.visible, `no visible focus indicator on ${ring.tag}`).toBe(true)
}

/** Presses Tab (or Shift+Tab) until the target has focus; fails when it is never reached. */
async function tabTo(page: Page, target: Locator, back = false) {
  await target.waitFor({ state: "visible" })
  for (let i = 0; i < MAX_TABS; i++) {
    if (await isFocused(target)) return expectVisibleFocus(page)
    await page.keyboard.press(back ? "Shift+Tab" : "Tab")
  }
  throw new Error(`Tab never reached ${target}`)
}

async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target)
  await page.keyboard.press("ControlOrMeta+A")
  await page.keyboard.type(text)
}

/** A menu keeps focus on itself and highlights one item: arrows move the highlight to the named one. */
async function highlight(page: Page, name: string) {
  await page.keyboard.press("Home")
  for (let i = 0; i < 12; i++) {
    const current = await page.evaluate(() => document.querySelector('[role="menu"][data-state="open"] [data-highlighted]')?.textContent?.trim() ?? "")
    if (current === name) return
    await page.keyboard.press("ArrowDown")
  }
  throw new Error(`the menu never highlighted ${name}`)
}

const activeInside = (page: Page, selector: string) => page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector)

/** Opens a dialog from its opener with Enter: focus must move into it. */
async function openDialogWith(page: Page, opener: Locator, key = "Enter"): Promise<Locator> {
  await tabTo(page, opener)
  await page.keyboard.press(key)
  const dialog = page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible').last()
  await dialog.waitFor({ state: "visible" })
  await expect.poll(() => activeInside(page, '[role="dialog"], [role="alertdialog"]')).toBe(true)
  return dialog
}

async function expectClosedBackTo(page: Page, opener: Locator) {
  await expect.poll(() => page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible').count()).toBe(0)
  await expect.poll(() => isFocused(opener)).toBe(true)
}

async function keyboardLogin(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login")
  await typeInto(page, page.getByLabel("Email"), email)
  await typeInto(page, page.getByLabel("Password", { exact: true }), password)
  await page.keyboard.press("Enter")
  await page.waitForURL((url) => url.pathname === "/")
}

/** Goes to a screen through the sidebar with the keyboard. */
async function viaSidebar(page: Page, label: string, path: string) {
  await tabTo(page, page.getByTestId("sidebar").getByRole("link", { name: label, exact: true }))
  await page.keyboard.press("Enter")
  await page.waitForURL((url) => url.pathname === path)
}

describe("keyboard only", () => {
  it("signs in, and the user menu opens Update Password: focus goes in, Escape closes it, focus comes back; the password changes", async () => {
    const page = await newPage(browser)
    await keyboardLogin(page, "imageconsultant@demo.test")
    const menu = page.getByRole("button", { name: /^User menu for / })
    await tabTo(page, menu)
    await page.keyboard.press("Enter")
    await page.getByRole("menuitem", { name: "Update Password" }).waitFor({ state: "visible" })
    await highlight(page, "Update Password")
    await page.keyboard.press("Enter")
    const dialog = page.getByRole("dialog")
    await dialog.waitFor({ state: "visible" })
    await expect.poll(() => activeInside(page, '[role="dialog"]')).toBe(true)
    await page.keyboard.press("Escape")
    await expectClosedBackTo(page, menu)

    // Change it and change it back, all by keyboard, so the demo login stays as documented.
    for (const [from, to] of [[PASSWORD, "Keyboard@2026"], ["Keyboard@2026", PASSWORD]] as const) {
      await tabTo(page, menu, true)
      await page.keyboard.press("Enter")
      await highlight(page, "Update Password")
      await page.keyboard.press("Enter")
      await dialog.waitFor({ state: "visible" })
      await typeInto(page, dialog.getByLabel("Current Password", { exact: true }), from)
      await typeInto(page, dialog.getByLabel("New Password", { exact: true }), to)
      await typeInto(page, dialog.getByLabel("Confirm New Password", { exact: true }), to)
      await page.keyboard.press("Enter")
      await expect.poll(() => page.getByText("Password updated successfully", { exact: false }).first().isVisible()).toBe(true)
      // The spec keeps the success message for 5 seconds, then the dialog closes by itself.
      await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false)
      // A password change ends every session of the account (issue 10): sign out, and in with the new one.
      await tabTo(page, menu, true)
      await page.keyboard.press("Enter")
      await highlight(page, "Logout")
      await page.keyboard.press("Enter")
      await page.waitForURL((url) => url.pathname === "/login")
      await keyboardLogin(page, "imageconsultant@demo.test", to)
    }
    await page.context().close()
  })

  it("the Admin changes a vendor's status from the list with the menu: arrows only move, Enter chooses", async () => {
    const vendor = demoPerson(81)
    const page = await newPage(browser)
    await keyboardLogin(page, "admin@demo.test")
    await tabTo(page, page.getByRole("link", { name: /^Under Review \d/ }))
    await page.keyboard.press("Enter")
    await page.waitForURL((url) => url.pathname === "/under-review-vendors")
    await typeInto(page, page.getByLabel("Search by name, email or number"), `${vendor.emailLocal}@example.com`)
    await page.keyboard.press("Enter")
    const trigger = page.getByRole("button", { name: `Status of ${vendor.name}: Under Review` })
    await tabTo(page, trigger)
    await page.keyboard.press("Enter")
    await page.getByRole("menu").waitFor({ state: "visible" })
    // Moving through the options changes nothing until one is chosen.
    await page.keyboard.press("ArrowDown")
    await page.keyboard.press("ArrowDown")
    expect(await trigger.isVisible()).toBe(true)
    await highlight(page, "Temp Approve")
    await page.keyboard.press("Enter")
    await expect.poll(() => page.getByTestId("list-empty").textContent()).toBe("No users under review found.")
    await page.context().close()
  })

  it("the Admin adds an editor in the dialog: Escape closes it, focus returns to '+ Add Editor'; saved with Enter", async () => {
    const email = `keyboard.editor.${Date.now()}@example.com`
    const page = await newPage(browser)
    await keyboardLogin(page, "admin@demo.test")
    await page.goto("/editor")
    const add = page.getByRole("button", { name: "+ Add Editor" })
    await openDialogWith(page, add)
    await page.keyboard.press("Escape")
    await expectClosedBackTo(page, add)
    const dialog = await openDialogWith(page, add, "Space")
    await typeInto(page, dialog.getByLabel("Name"), "Keyboard Editor")
    await typeInto(page, dialog.getByLabel("Email"), email)
    await typeInto(page, dialog.getByLabel("Number"), "9876511111")
    await tabTo(page, dialog.getByRole("button", { name: "Save" }))
    await page.keyboard.press("Enter")
    await expect.poll(() => page.getByRole("row").filter({ hasText: email }).count(), { timeout: 10_000 }).toBe(1)
    await page.context().close()
  })

  it("a vendor raises a ticket, the Admin replies and closes it (confirm dialog), the vendor gives feedback with the stars", async () => {
    const query = `Keyboard ticket ${Date.now()}`
    const vendor = await newPage(browser)
    await keyboardLogin(vendor, "nutritionist@demo.test")
    await viaSidebar(vendor, "My Tickets", "/my-tickets")
    const raise = vendor.getByRole("button", { name: "+ Raise Ticket" })
    const form = await openDialogWith(vendor, raise)
    await tabTo(vendor, form.getByLabel("Ticket Type"))
    await vendor.keyboard.type("Technical")
    await typeInto(vendor, form.getByLabel("Query"), query)
    await tabTo(vendor, form.getByRole("button", { name: "Submit" }))
    await vendor.keyboard.press("Enter")
    await expect.poll(() => vendor.getByRole("row").filter({ hasText: query }).count(), { timeout: 10_000 }).toBe(1)

    const admin = await newPage(browser)
    await keyboardLogin(admin, "admin@demo.test")
    await admin.goto("/my-tickets")
    await tabTo(admin, admin.getByRole("row").filter({ hasText: query }).getByRole("link", { name: /^View TKT-/ }))
    await admin.keyboard.press("Enter")
    await admin.waitForURL((url) => url.pathname.startsWith("/ticket/"))
    await typeInto(admin, admin.getByLabel("Message"), "Answered from the keyboard.")
    await tabTo(admin, admin.getByRole("button", { name: "Send" }))
    await admin.keyboard.press("Enter")
    await expect.poll(() => admin.getByTestId("answer").count()).toBe(1)
    const close = admin.getByRole("button", { name: "Close Ticket" })
    await openDialogWith(admin, close)
    await admin.keyboard.press("Escape")
    await expectClosedBackTo(admin, close)
    const confirm = await openDialogWith(admin, close)
    await tabTo(admin, confirm.getByRole("button", { name: "Close Ticket" }))
    await admin.keyboard.press("Enter")
    await expect.poll(() => admin.getByTestId("closed-button").isDisabled(), { timeout: 10_000 }).toBe(true)

    await vendor.reload()
    const feedback = vendor.getByRole("row").filter({ hasText: query }).getByRole("button", { name: /^Feedback for TKT-/ })
    const dialog = await openDialogWith(vendor, feedback)
    await tabTo(vendor, dialog.getByRole("button", { name: "4 stars" }))
    await vendor.keyboard.press("Space")
    await typeInto(vendor, dialog.getByLabel("Remark"), "Keyboard feedback.")
    await tabTo(vendor, dialog.getByRole("button", { name: "Submit" }))
    await vendor.keyboard.press("Enter")
    await expect.poll(() => vendor.getByRole("row").filter({ hasText: query }).getByLabel("4 out of 5 stars").count(), { timeout: 10_000 }).toBe(1)
    await vendor.context().close()
    await admin.context().close()
  })

  it("the sidebar drawer at 375 px opens with Enter on 'Open menu', Escape closes it and focus returns", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 375, height: 740 } })
    const page = await context.newPage()
    await keyboardLogin(page, "lawyer@demo.test")
    const open = page.getByRole("button", { name: "Open menu" })
    const drawer = await openDialogWith(page, open)
    await page.keyboard.press("Escape")
    await expectClosedBackTo(page, open)
    await openDialogWith(page, open)
    await tabTo(page, drawer.getByRole("link", { name: "My Tickets" }))
    await page.keyboard.press("Enter")
    await page.waitForURL((url) => url.pathname === "/my-tickets")
    await context.close()
  })

  it("Tab never gets stuck: it walks from the top of a screen back round to where it started", async () => {
    const page = await newPage(browser)
    await keyboardLogin(page, "admin@demo.test")
    await page.goto("/lawyer")
    await page.getByRole("heading", { name: "Lawyers" }).waitFor()
    const seen: string[] = []
    for (let i = 0; i < 200; i++) {
      await page.keyboard.press("Tab")
      const id = await page.evaluate(() => {
        const el = document.activeElement
        return el && el !== document.body ? `${el.tagName}:${el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40)}` : "body"
      })
      if (seen.length > 3 && id === seen[0]) break
      seen.push(id)
    }
    expect(seen.length).toBeGreaterThan(10)
    expect(seen.length, "Tab should come back round to the first stop").toBeLessThan(200)
    await page.context().close()
  })
})
