import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoPerson } from "../../../server/db/seeds/demo-names.ts"
import { demoLogins } from "../../../server/db/seeds/people.seed.ts"
import { sidebarEntries } from "../../../src/ui/app/sidebar-entries.ts"
import { mailTo, launchBrowser } from "../browser.ts"
import {
  activeInside,
  eventually,
  expectClosedBackTo,
  isFocused,
  keyboardLogin,
  keyboardPage,
  openDialogWith,
  openMenu,
  PASSWORD,
  press,
  tabTo,
  typeInto,
  userMenu,
} from "./keyboard-helpers.ts"

/**
 * sign-in.test.ts, layout.test.ts and the Update Password dialog with the keyboard alone: every
 * role signs in and walks its sidebar, the login screen's errors, Remember Me, the reset link,
 * Logout, the colour mode and the phone drawer.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const message = (page: Page) => page.getByTestId("form-message").textContent()

describe("keyboard only: signing in", () => {
  for (const demo of demoLogins) {
    it(`${demo.role} signs in, Tab reaches every sidebar entry in order, and the user menu shows the role`, async () => {
      const page = await keyboardPage(browser)
      await keyboardLogin(page, demo.email)
      const labels = sidebarEntries[demo.role].map((e) => e.label)
      const reached: string[] = []
      const sidebar = page.getByTestId("sidebar")
      await tabTo(page, sidebar.getByRole("link").first())
      for (let i = 0; i < labels.length; i++) {
        reached.push(await page.evaluate(() => document.activeElement?.textContent ?? ""))
        if (i < labels.length - 1) await page.keyboard.press("Tab")
      }
      expect(reached).toEqual(labels)
      const menu = page.getByRole("button", { name: `User menu for ${demo.name}` })
      // Escape counts once the open menu holds focus: a key pressed in the frame before goes to the page.
      await openMenu(page, menu)
      await eventually(() => page.getByTestId("user-role").textContent()).toBe(demo.role)
      await page.keyboard.press("Escape")
      await eventually(() => isFocused(menu)).toBe(true)
      await page.context().close()
    })
  }

  it("Enter on an empty form names what is missing; a wrong password shows the server's message", async () => {
    const page = await keyboardPage(browser)
    await page.goto("/login")
    await tabTo(page, page.getByLabel("Email"))
    await page.keyboard.press("Enter")
    await eventually(() => message(page)).toBe("Email and password are required.")
    await typeInto(page, page.getByLabel("Email"), "lawyer@demo.test")
    await typeInto(page, page.getByLabel("Password", { exact: true }), "not-the-password")
    // The show/hide toggle works from the keyboard too.
    await press(page, page.getByRole("button", { name: "Show Password" }))
    await eventually(() => page.getByLabel("Password", { exact: true }).getAttribute("type")).toBe("text")
    await press(page, page.getByRole("button", { name: "Login" }))
    await eventually(() => message(page)).toBe("Invalid email or password.")
    await page.context().close()
  })

  it("Space turns Remember Me on: the session outlives the tab", async () => {
    const page = await keyboardPage(browser)
    await page.goto("/login")
    await typeInto(page, page.getByLabel("Email"), "nutritionist@demo.test")
    await typeInto(page, page.getByLabel("Password", { exact: true }), PASSWORD)
    const remember = page.getByRole("switch", { name: "Remember Me" })
    await press(page, remember, "Space")
    expect(await remember.isChecked()).toBe(true)
    await press(page, page.getByRole("button", { name: "Login" }))
    await page.waitForURL((url) => url.pathname === "/")
    expect(await page.evaluate(() => localStorage.getItem("console.session") !== null)).toBe(true)
    await page.context().close()
  })

  it("Forgot Password sends the link; the new password is set and used, all by keyboard", async () => {
    // A seeded client no other test signs in as.
    const person = demoPerson(121)
    const email = `${person.emailLocal}@example.com`
    const page = await keyboardPage(browser)
    await page.goto("/login")
    await press(page, page.getByRole("button", { name: "Forgot Password?" }))
    await typeInto(page, page.getByLabel("Email"), email)
    await page.keyboard.press("Enter")
    await eventually(() => message(page)).toBe("Password reset link sent successfully! Check your email.")
    await press(page, page.getByRole("button", { name: "Back to Login" }))
    await page.getByRole("button", { name: "Login" }).waitFor()

    const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(await mailTo(email, "/reset-password/"))![0]
    await page.goto(new URL(link).pathname)
    await typeInto(page, page.getByLabel("New Password", { exact: true }), "Keys@24680")
    await typeInto(page, page.getByLabel("Confirm Password", { exact: true }), "Keys@00000")
    await page.keyboard.press("Enter")
    await eventually(() => page.getByTestId("field-error-confirmPassword").textContent()).toBe("Passwords do not match!")
    await typeInto(page, page.getByLabel("Confirm Password", { exact: true }), "Keys@24680")
    await press(page, page.getByRole("button", { name: "Reset Password" }))
    await page.waitForURL((url) => url.pathname === "/login", { timeout: 5000 })
    await keyboardLogin(page, email, "Keys@24680")
    await page.context().close()
  })

  it("the user menu: Update Password (focus in, Escape, focus back; the password changes and back), the colour mode, Logout", async () => {
    // A seeded client no other test signs in as: a password change signs out every other session of the
    // account, which would end another test's sign-in of a shared demo login midway.
    const person = demoPerson(122)
    const page = await keyboardPage(browser, { colorScheme: "light" })
    await keyboardLogin(page, `${person.emailLocal}@example.com`)
    const menu = page.getByRole("button", { name: /^User menu for / })
    await userMenu(page, "Update Password")
    const dialog = page.getByRole("dialog")
    await dialog.waitFor({ state: "visible" })
    await eventually(() => activeInside(page, '[role="dialog"]')).toBe(true)
    await page.keyboard.press("Escape")
    await expectClosedBackTo(page, menu)

    // Change it and change it back, all by keyboard, so the demo login stays as documented.
    for (const [from, to] of [
      [PASSWORD, "Keyboard@2026"],
      ["Keyboard@2026", PASSWORD],
    ] as const) {
      await userMenu(page, "Update Password")
      await dialog.waitFor({ state: "visible" })
      await typeInto(page, dialog.getByLabel("Current Password", { exact: true }), from)
      await typeInto(page, dialog.getByLabel("New Password", { exact: true }), to)
      await typeInto(page, dialog.getByLabel("Confirm New Password", { exact: true }), to)
      await page.keyboard.press("Enter")
      await eventually(() => page.getByText("Password updated successfully", { exact: false }).first().isVisible()).toBe(true)
      await eventually(() => page.getByTestId("password-note").textContent()).toBe("You are still signed in here; every other device was signed out.")
      // The spec keeps the success message for 5 seconds, then the dialog closes by itself.
      await expectClosedBackTo(page, menu)
      // The change ended every other session but not this one (issue 21): the next change needs no sign-in.
      expect(new URL(page.url()).pathname).not.toBe("/login")
    }

    // The colour mode item keeps the menu open, so it toggles twice in a row.
    const dark = () => page.evaluate(() => document.documentElement.classList.contains("dark"))
    expect(await dark()).toBe(false)
    await userMenu(page, "Dark mode")
    await eventually(() => dark()).toBe(true)
    await page.getByRole("menuitem", { name: "Light mode" }).waitFor()
    await page.keyboard.press("Enter")
    await eventually(() => dark()).toBe(false)
    await page.keyboard.press("Escape")
    await eventually(() => isFocused(menu)).toBe(true)

    await userMenu(page, "Logout")
    await page.waitForURL((url) => url.pathname === "/login")
    // The colour mode is remembered on purpose; the session is gone.
    expect(await page.evaluate(() => [localStorage.getItem("console.session"), sessionStorage.getItem("console.session")])).toEqual([null, null])
    await page.context().close()
  })

  it("the sidebar drawer at 375 px opens with Enter on 'Open menu', Escape closes it and focus returns", async () => {
    const page = await keyboardPage(browser, { width: 375, height: 740 })
    await keyboardLogin(page, "lawyer@demo.test")
    const open = page.getByRole("button", { name: "Open menu" })
    const drawer = await openDialogWith(page, open)
    await page.keyboard.press("Escape")
    await expectClosedBackTo(page, open)
    await openDialogWith(page, open)
    await press(page, drawer.getByRole("link", { name: "My Tickets" }))
    await page.waitForURL((url) => url.pathname === "/my-tickets")
    await eventually(() => drawer.isVisible()).toBe(false)
    await page.context().close()
  })

  it("Tab never gets stuck: it walks from the top of a screen back round to where it started", async () => {
    const page = await keyboardPage(browser)
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
