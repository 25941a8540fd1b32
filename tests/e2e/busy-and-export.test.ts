import { readFileSync } from "node:fs"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser, loginAs, newPage } from "./browser.ts"

/**
 * Buttons that wait for the server say so (spinner, aria-busy, disabled against a second press),
 * and the Admin's 'Export CSV' downloads the whole list with its search; the page and search
 * live in the URL (reload and back keep them).
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** Holds every call to `pattern` until the returned function is called. */
async function hold(page: Page, pattern: string): Promise<() => void> {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(pattern, async (route) => {
    await held
    await route.continue()
  })
  return release
}

describe("busy buttons", () => {
  it("Login is busy and disabled while the server answers", async () => {
    const page = await newPage(browser)
    await page.goto("/login")
    await page.getByLabel("Email").fill("lawyer@demo.test")
    await page.getByLabel("Password", { exact: true }).fill("Demo@12345")
    const release = await hold(page, "**/api/v1/user/login")
    // Enter in the password field submits (the first submit button of the form is Login).
    const login = page.locator('form button[type="submit"]')
    await page.getByLabel("Password", { exact: true }).press("Enter")
    await expect.poll(() => login.getAttribute("aria-busy")).toBe("true")
    expect(await login.isDisabled()).toBe(true)
    release()
    await page.waitForURL((url) => url.pathname === "/")
    await page.context().close()
  })
})

describe("Admin lists", () => {
  it("Export CSV is busy while it works, then downloads every page of the list with its search", async () => {
    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    await page.goto("/user")
    await expect.poll(() => page.getByTestId("page-info").textContent()).toMatch(/^Showing Page: 1 of [2-9]/)
    const exportButton = page.getByRole("button", { name: "Export CSV" })
    const release = await hold(page, "**/api/v1/export/**")
    await exportButton.click()
    await expect.poll(() => exportButton.getAttribute("aria-busy")).toBe("true")
    expect(await exportButton.isDisabled()).toBe(true)
    const download = page.waitForEvent("download")
    release()
    const file = await (await download).path()
    const lines = readFileSync(file, "utf8").trim().split("\r\n")
    expect(lines[0]).toBe("Name,Email,Number,Role,Date | Time,Status,Organization")
    expect(lines.length - 1).toBeGreaterThan(10)
    await page.unroute("**/api/v1/export/**")

    await page.getByLabel("Search by name, email or number").fill("uma")
    await page.getByRole("button", { name: "Search", exact: true }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe("uma")
    const filtered = page.waitForEvent("download")
    await exportButton.click()
    const rows = readFileSync(await (await filtered).path(), "utf8").trim().split("\r\n").slice(1)
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(row.toLowerCase()).toContain("uma")
    await page.context().close()
  })

  it("keeps the page and search in the URL: next pushes, reload keeps, back returns", async () => {
    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    await page.goto("/user")
    const info = page.getByTestId("page-info")
    await expect.poll(() => info.textContent()).toMatch(/^Showing Page: 1 of/)
    await page.getByRole("button", { name: "Next" }).click()
    await expect.poll(() => info.textContent()).toMatch(/^Showing Page: 2 of/)
    expect(new URL(page.url()).search).toBe("?page=2")
    const firstOfPage2 = await page.getByRole("row").nth(1).textContent()
    await page.reload()
    await expect.poll(() => info.textContent()).toMatch(/^Showing Page: 2 of/)
    expect(await page.getByRole("row").nth(1).textContent()).toBe(firstOfPage2)
    await page.goBack()
    await expect.poll(() => info.textContent()).toMatch(/^Showing Page: 1 of/)
    await page.goForward()
    await expect.poll(() => info.textContent()).toMatch(/^Showing Page: 2 of/)
    // A search replaces the entry (back leaves the search, not each keystroke) and starts at page 1.
    await page.getByLabel("Search by name, email or number").fill("zz-nobody")
    await page.getByRole("button", { name: "Search", exact: true }).click()
    await expect.poll(() => new URL(page.url()).search).toBe("?search=zz-nobody")
    await page.reload()
    await expect.poll(() => page.getByTestId("list-empty").textContent()).toBe("No Active Users")
    expect(await page.getByLabel("Search by name, email or number").inputValue()).toBe("zz-nobody")
    await page.goBack()
    await expect.poll(() => info.textContent()).toMatch(/^Showing Page: 1 of/)
    await page.context().close()
  })
})
