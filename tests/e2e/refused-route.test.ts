import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser, loginAs, newPage, profileStatus, tokenOf } from "./browser.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/**
 * Issue 21: a wrong address never signs the account out elsewhere. A page a role may not open says
 * so and keeps the tab signed in; a blog page or All Enquiries signs this browser out (the spec's rule)
 * and revokes nothing.
 */
describe("a page the role may not open", () => {
  it("a vendor at /under-review-vendors and an Admin at /upcoming-session and /my-listing see 'You don't have access to this page'; every session stays", async () => {
    for (const [email, paths] of [
      ["lawyer@demo.test", ["/under-review-vendors"]],
      ["admin@demo.test", ["/upcoming-session", "/my-listing"]],
    ] as const) {
      const elsewhere = await newPage(browser)
      await loginAs(elsewhere, email)
      const otherDevice = (await tokenOf(elsewhere))!
      const page = await newPage(browser)
      await loginAs(page, email)
      for (const path of paths) {
        await page.goto(path)
        await expect.poll(() => page.getByRole("heading", { name: "You don't have access to this page" }).count()).toBe(1)
        expect(await page.getByRole("link", { name: "Go to the dashboard" }).count()).toBe(1)
      }
      expect(await profileStatus((await tokenOf(page))!)).toBe(200)
      expect(await profileStatus(otherDevice)).toBe(200)
      await page.context().close()
      await elsewhere.context().close()
    }
  })

  it("a blog page and All Enquiries sign only this browser out: the same account's other device stays signed in", async () => {
    for (const [email, path] of [
      ["user@demo.test", "/add-blog"],
      ["lawyer@demo.test", "/enquiries"],
    ] as const) {
      const elsewhere = await newPage(browser)
      await loginAs(elsewhere, email)
      const otherDevice = (await tokenOf(elsewhere))!
      const page = await newPage(browser)
      await loginAs(page, email)
      const thisTab = (await tokenOf(page))!
      await page.goto(path)
      await page.waitForURL((u) => u.pathname === "/login")
      expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0)
      // Nothing was revoked on the server: both tokens still work.
      expect(await profileStatus(otherDevice)).toBe(200)
      expect(await profileStatus(thisTab)).toBe(200)
      await page.context().close()
      await elsewhere.context().close()
    }
  })
})
