import type { Browser, Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { baseURL, launchBrowser, listsSettled } from "../browser.ts"
import { eventually, isFocused, keyboardLogin, keyboardPage, press, tabTo, typeInto, userMenu } from "./keyboard-helpers.ts"

/**
 * audit.test.ts and api-docs.test.ts with the keyboard alone: the audit trail's filters, the access log's
 * kind, the as-of rebuild (its date and time typed into the datetime field), the state diagrams' tabs moved
 * with the arrows, the API reference's filter.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** Picks a choice of a closed native select with the down arrow, as a person does, until it holds `value`. */
async function pick(page: Page, select: Locator, value: string) {
  await tabTo(page, select)
  const choices = await select.locator("option").count()
  for (let i = 0; i < choices && (await select.inputValue()) !== value; i++) await page.keyboard.press("ArrowDown")
  await eventually(() => select.inputValue()).toBe(value)
}

/** The event types of the rows shown (named in words on screen, the type itself in data-type). */
const typesShown = (page: Page) => page.getByTestId("event-type").evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset["type"] ?? ""))

describe("keyboard only: auditors", () => {
  it("the Admin filters the audit trail by event type and rebuilds a user as of a typed moment", async () => {
    const login = await fetch(`${baseURL()}/api/v1/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "imageconsultant@demo.test", password: "Demo@12345" }),
    })
    const userId = ((await login.json()) as { data: { user: { _id: string } } }).data.user._id

    const page = await keyboardPage(browser)
    await keyboardLogin(page, "admin@demo.test")
    await userMenu(page, "Audit trail")
    await page.waitForURL((url) => url.pathname === "/audit")
    // The filters are picked, not typed (issue 25): a closed list takes the first letters of a choice.
    const type = page.getByLabel("Event type")
    await eventually(() => type.locator("option").count()).toBeGreaterThan(2)
    await pick(page, type, "user.created")
    const apply = page.getByRole("button", { name: "Apply filters" })
    await press(page, apply)
    await eventually(async () => new Set(await typesShown(page))).toEqual(new Set(["user.created"]))
    await eventually(() => isFocused(apply)).toBe(true)
    // Clear empties the filters; Apply filters by Enter on the button.
    await press(page, page.getByRole("button", { name: "Clear" }))
    await eventually(() => type.inputValue()).toBe("")
    await pick(page, page.getByLabel("Entity", { exact: true }), "user")
    await press(page, apply)
    await listsSettled(page)
    await eventually(async () => (await typesShown(page)).every((t) => t.startsWith("user."))).toBe(true)
    await eventually(() => isFocused(apply)).toBe(true)

    await pick(page, page.getByLabel("Entity type", { exact: true }), "user")
    await typeInto(page, page.getByLabel("Entity id", { exact: true }).last(), userId)
    // A datetime field: month, day, year, then the right arrow to the hour, minutes and AM/PM.
    const at = page.getByLabel("Date and time")
    await tabTo(page, at)
    await page.keyboard.type("01012099")
    await page.keyboard.press("ArrowRight")
    await page.keyboard.type("1200A")
    await eventually(() => at.inputValue()).toBe("2099-01-01T00:00")
    await press(page, page.getByRole("button", { name: "Rebuild" }))
    await eventually(() => page.getByTestId("as-of-result").textContent()).toContain("Person: created")
    await page.context().close()
  })

  it("the Admin opens the access log from the user menu and picks a kind with the arrow keys, the focus staying on the filter", async () => {
    const vendor = await fetch(`${baseURL()}/api/v1/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "yogateacher@demo.test", password: "Demo@12345" }),
    })
    const token = ((await vendor.json()) as { data: { accessToken: string } }).data.accessToken
    expect((await fetch(`${baseURL()}/api/v1/audit/events`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(403)

    const page = await keyboardPage(browser)
    await keyboardLogin(page, "admin@demo.test")
    await userMenu(page, "Access log")
    await page.waitForURL((url) => url.pathname === "/access-log")
    const show = page.getByLabel("Show")
    await tabTo(page, show)
    // A closed select moves to the next kind on the down arrow: Every kind → Refused → Failed sign-in.
    await page.keyboard.press("ArrowDown")
    await page.waitForURL((url) => url.searchParams.get("search") === "refused")
    await listsSettled(page)
    const refused = page.getByRole("row").filter({ hasText: "GET /api/v1/audit/events" }).filter({ hasText: "yogateacher@demo.test" })
    await eventually(() => refused.count()).toBeGreaterThan(0)
    expect(await isFocused(show)).toBe(true)
    await page.keyboard.press("ArrowDown")
    await page.waitForURL((url) => url.searchParams.get("search") === "signInFailed")
    await eventually(() => refused.count()).toBe(0)
    expect(await isFocused(show)).toBe(true)
    await page.context().close()
  })

  it("the state diagrams' tabs move with the arrow keys", async () => {
    const page = await keyboardPage(browser)
    await keyboardLogin(page, "admin@demo.test")
    await userMenu(page, "State diagrams")
    await page.waitForURL((url) => url.pathname === "/state-diagrams")
    // Two tabs, the domain workflows and the console's machines; the arrows move between them.
    const tabs = page.getByRole("tab")
    await eventually(() => tabs.allTextContents()).toEqual([expect.stringMatching(/^Domain workflows/), expect.stringMatching(/^Console machines/)])
    await tabTo(page, tabs.first())
    await page.keyboard.press("ArrowRight")
    await eventually(() => tabs.nth(1).getAttribute("aria-selected")).toBe("true")
    await page.keyboard.press("Home")
    await eventually(() => tabs.first().getAttribute("aria-selected")).toBe("true")
    await page.keyboard.press("End")
    await eventually(() => tabs.last().getAttribute("aria-selected")).toBe("true")
    // The machine is picked from its list with the arrow keys, as a person does.
    await pick(page, page.getByLabel("Machine", { exact: true }), "login")
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
