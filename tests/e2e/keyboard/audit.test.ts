import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { baseURL, launchBrowser } from "../browser.ts"
import { eventually, isFocused, keyboardLogin, keyboardPage, press, tabTo, typeInto, userMenu } from "./keyboard-helpers.ts"

/**
 * audit.test.ts and api-docs.test.ts with the keyboard alone: the audit trail's filters and the
 * as-of rebuild (its date and time typed into the datetime field), the state diagrams' tabs moved
 * with the arrows, the API reference's filter.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe("keyboard only: auditors", () => {
  it("the Admin filters the audit trail by event type and rebuilds a user as of a typed moment", async () => {
    const login = await fetch(`${baseURL()}/api/v1/user/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "imageconsultant@demo.test", password: "Demo@12345" }) })
    const userId = ((await login.json()) as { data: { user: { _id: string } } }).data.user._id

    const page = await keyboardPage(browser)
    await keyboardLogin(page, "admin@demo.test")
    await userMenu(page, "Audit trail")
    await page.waitForURL((url) => url.pathname === "/audit")
    const type = page.getByLabel("Event type")
    await typeInto(page, type, "user.created")
    await page.keyboard.press("Enter")
    await eventually(() => page.getByRole("cell", { name: "user.created" }).count()).toBeGreaterThan(0)
    expect(await isFocused(type)).toBe(true)
    // Clear empties the filters; Apply filters by Enter on the button.
    await press(page, page.getByRole("button", { name: "Clear" }))
    await eventually(() => type.inputValue()).toBe("")
    await typeInto(page, page.getByLabel("Entity", { exact: true }), "user")
    const apply = page.getByRole("button", { name: "Apply filters" })
    await press(page, apply)
    await eventually(() => page.getByRole("cell", { name: /^user / }).count()).toBeGreaterThan(0)
    await eventually(() => isFocused(apply)).toBe(true)

    await typeInto(page, page.getByLabel("Entity type", { exact: true }), "user")
    await typeInto(page, page.getByLabel("Entity id", { exact: true }).last(), userId)
    // A datetime field: month, day, year, then the right arrow to the hour, minutes and AM/PM.
    const at = page.getByLabel("Date and time")
    await tabTo(page, at)
    await page.keyboard.type("01012099")
    await page.keyboard.press("ArrowRight")
    await page.keyboard.type("1200A")
    await eventually(() => at.inputValue()).toBe("2099-01-01T00:00")
    await press(page, page.getByRole("button", { name: "Rebuild" }))
    await eventually(() => page.getByTestId("as-of-result").textContent()).toContain("user.created")
    await page.context().close()
  })

  it("the state diagrams' tabs move with the arrow keys", async () => {
    const page = await keyboardPage(browser)
    await keyboardLogin(page, "admin@demo.test")
    await userMenu(page, "State diagrams")
    await page.waitForURL((url) => url.pathname === "/state-diagrams")
    const tabs = page.getByRole("tab")
    await eventually(() => tabs.count()).toBeGreaterThan(2)
    const titles = await tabs.allTextContents()
    await tabTo(page, tabs.first())
    await page.keyboard.press("ArrowRight")
    await eventually(() => tabs.nth(1).getAttribute("aria-selected")).toBe("true")
    await page.keyboard.press("End")
    await eventually(() => tabs.last().getAttribute("aria-selected")).toBe("true")
    await page.keyboard.press("Home")
    await eventually(() => tabs.first().getAttribute("aria-selected")).toBe("true")
    const lifetime = titles.indexOf("Session lifetime")
    for (let i = 0; i < lifetime; i++) await page.keyboard.press("ArrowRight")
    await eventually(() => page.getByRole("tab", { name: "Session lifetime" }).getAttribute("aria-selected")).toBe("true")
    await expect.poll(() => page.getByTestId("machine-diagram").textContent(), { timeout: 20_000 }).toContain("signedIn")
    await page.context().close()
  })

  it("the API reference's filter is reached with Tab and filters as one types", async () => {
    const page = await keyboardPage(browser)
    await page.goto("/api/docs")
    await page.locator(".op").first().waitFor()
    await typeInto(page, page.getByLabel("Filter operations"), "getProfile")
    await eventually(() => page.locator(".op:not(.hidden)").count()).toBe(1)
    await page.context().close()
  })
})
