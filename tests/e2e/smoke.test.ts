import type { Browser, Page } from "playwright-core"
import type { RouteDef } from "../../src/ui/app/routes.ts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser, loginAs, newPage } from "./browser.ts"
import { openScreen, publicRoutes, roleEmails, routesFor } from "./screens.ts"

/**
 * The quick tier's browser check (`npm test`): the sign-in screens open, and every demo role signs in and
 * opens every screen the route table lets it open, each drawn with its heading, at its own address (not
 * sent back to sign-in or away as refused), with no uncaught error in the page. What is on each screen
 * is the full tier's (the accessibility and responsive tours, the flows). The full tier leaves this file out: its
 * accessibility tour opens the same screens and makes these checks too (a11y-tour.ts).
 */
let browser: Browser

/** Each screen opens drawn, at its own address: not sent to sign-in, nor away as refused. */
async function opensEach(page: Page, routes: RouteDef[]) {
  for (const route of routes) {
    let path: string
    try {
      path = await openScreen(page, route)
    } catch (error) {
      // Which screen, and where the tab was, so a failure in a tour of twenty screens says which one.
      throw new Error(`${route.path} did not open (the tab is at ${page.url()}): ${(error as Error).message}`, { cause: error })
    }
    expect(new URL(page.url()).pathname, route.path).toBe(path)
  }
}
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

// Each role in a browser context of its own, two at once (the e2e project's maxConcurrency): a tour mostly waits on the server and on frames.
describe.concurrent("smoke: every role opens every screen it may", () => {
  it("the sign-in screens open, signed out", async () => {
    const page = await newPage(browser)
    const errors: string[] = []
    page.on("pageerror", (error) => errors.push(error.message))
    await opensEach(page, publicRoutes())
    expect(errors).toEqual([])
    await page.context().close()
  })

  for (const { role, email } of roleEmails) {
    it(`${role} signs in and opens each of its screens`, { timeout: 120_000 }, async () => {
      const page = await newPage(browser)
      const errors: string[] = []
      page.on("pageerror", (error) => errors.push(`${new URL(page.url()).pathname}: ${error.message}`))
      await loginAs(page, email)
      const screens = routesFor(role)
      expect(screens.length).toBeGreaterThan(0)
      await opensEach(page, screens)
      expect(errors).toEqual([])
      await page.context().close()
    })
  }
})
