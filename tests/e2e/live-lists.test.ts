import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { baseURL, launchBrowser, newPage, openSignedIn } from "./browser.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe("lists that refresh themselves (issue 23)", () => {
  it("an Admin's open All Enquiries list shows a new contact enquiry without a reload", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/enquiries")
    await expect.poll(() => page.getByTestId("total-records").textContent()).toMatch(/Total Records: \d+/)
    await page.evaluate(() => ((window as unknown as { stillSamePage: boolean }).stillSamePage = true))
    const name = `Live Enquiry ${Date.now()}`
    const created = await fetch(`${baseURL()}/api/v1/contact/create`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, email: "live.enquiry@example.org", number: "9876501234", city: "Pune", state: "Maharashtra" }),
    })
    expect(created.status).toBe(200)
    await expect.poll(() => page.getByRole("row").filter({ hasText: name }).count(), { timeout: 4_000, interval: 100 }).toBe(1)
    expect(await page.evaluate(() => (window as unknown as { stillSamePage?: boolean }).stillSamePage)).toBe(true)
    await page.context().close()
  })
})
