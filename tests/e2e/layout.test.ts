import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sidebarEntries } from "../../src/ui/app/sidebar-entries.ts"
import { baseURL, launchBrowser, loginAs } from "./browser.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe("layout", () => {
  it("at 375 px the sidebar becomes a drawer opened from the header", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 375, height: 740 } })
    const page = await context.newPage()
    await loginAs(page, "counsellor@demo.test")
    await page.getByRole("button", { name: "Open menu" }).waitFor({ state: "visible" })
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false)
    await page.getByRole("button", { name: "Open menu" }).click()
    const drawer = page.getByRole("dialog")
    await expect.poll(() => drawer.getByRole("link").allTextContents()).toEqual(sidebarEntries.Counsellor.map((e) => e.label))
    await drawer.getByRole("link", { name: "My Tickets" }).click()
    await page.waitForURL((url) => url.pathname === "/my-tickets")
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await context.close()
  })

  it("at 1440 px the sidebar is always shown", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1440, height: 900 } })
    const page = await context.newPage()
    await loginAs(page, "admin@demo.test")
    await page.getByRole("navigation", { name: "Main" }).waitFor({ state: "visible" })
    expect(await page.getByRole("button", { name: "Open menu" }).isVisible()).toBe(false)
    await context.close()
  })

  it("highlights exactly one sidebar entry, the right one on nested pages (issue 21)", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1440, height: 900 } })
    const page = await context.newPage()
    await loginAs(page, "admin@demo.test")
    const current = () => page.getByRole("navigation", { name: "Main" }).locator('a[aria-current="page"]').allTextContents()
    await page.getByTestId("sidebar").getByRole("link", { name: "Counselling Users" }).click()
    await page.waitForURL((url) => url.pathname === "/counselling-users")
    // /counselling-users once lit '1:1 Counselling' too (a prefix of its path).
    await expect.poll(current).toEqual(["Counselling Users"])
    for (const [path, entry] of [
      ["/counselling/some-user", "Counselling Users"],
      ["/ticket/some-ticket", "My Tickets"],
      ["/add-blog", "Blogs"],
      ["/under-review-vendors", "Dashboard"],
      ["/counselling", "1:1 Counselling"],
    ] as const) {
      await page.goto(path)
      await expect.poll(current, { message: path }).toEqual([entry])
    }
    await context.close()
  })

  it("follows a dark system preference and remembers the toggle", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), colorScheme: "dark" })
    const page = await context.newPage()
    await loginAs(page, "editor@demo.test")
    const dark = () => page.evaluate(() => document.documentElement.classList.contains("dark"))
    expect(await dark()).toBe(true)
    await page.getByRole("button", { name: "User menu for Eshan Editor" }).click()
    await page.getByRole("menuitem", { name: "Light mode" }).click()
    expect(await dark()).toBe(false)
    await page.reload()
    await page.getByRole("button", { name: "User menu for Eshan Editor" }).waitFor()
    expect(await dark()).toBe(false)
    await context.close()
  })

  // Issue 9's dashboard LCP: the layout renders its page only once its own chunk has come, so the
  // page's chunk must not wait for it. Held back, the layout's chunk must not stop the page's request.
  it("a page's code is fetched alongside the layout's, not after it", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await loginAs(page, "admin@demo.test")
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/layout-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    const requested: string[] = []
    page.on("request", (r) => requested.push(new URL(r.url()).pathname))
    await page.goto("/")
    const asked = (chunk: RegExp) => requested.some((p) => chunk.test(p))
    await expect.poll(() => asked(/^\/assets\/dashboard\.page-[\w-]+\.js$/) && asked(/^\/assets\/layout-[\w-]+\.js$/), { timeout: 10_000 }).toBe(true)
    expect(await page.getByText("Welcome, ").count()).toBe(0)
    release()
    await page.getByText("Welcome, ").waitFor()
    await context.close()
  })
})
