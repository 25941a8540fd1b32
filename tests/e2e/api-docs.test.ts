import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { endpoints } from "../../src/api/contract/endpoints.ts"
import { baseURL, launchBrowser, newPage } from "./browser.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser.close())

describe("API reference page /api/docs", () => {
  it("renders every operation with its access rule under the server's CSP, and filters", async () => {
    const page = await newPage(browser)
    const problems: string[] = []
    page.on("pageerror", (error) => problems.push(error.message))
    page.on("console", (message) => {
      if (message.type() === "error" && !message.location().url.endsWith("/favicon.ico")) problems.push(message.text())
    })
    await page.goto(`${baseURL()}/api/docs`)
    await page.locator(".op").first().waitFor()
    expect(await page.locator(".op").count()).toBe(endpoints.length)
    expect(problems).toEqual([])
    for (const e of endpoints) {
      const card = page.locator(`#op-${e.name}`)
      await expect(card.locator(".path").textContent()).resolves.toBe(e.path.replace(/:(\w+)/g, "{$1}"))
      const access = e.access === "public" ? "Public" : e.access === "signedIn" ? "Signed in (any role)" : `Roles: ${e.access.join(", ")}`
      await expect(card.locator(".access").textContent()).resolves.toBe(access)
      await expect(card.locator(".summary").textContent()).resolves.toBe(e.summary)
    }
    await page.getByLabel("Filter operations").fill("getProfile")
    expect(await page.locator(".op:not(.hidden)").count()).toBe(1)
    await page.close()
  })
})
