import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser } from "./browser.ts"

/**
 * The browser the tests start (./browser-flags.ts) is Chromium's headless shell and opens no hidden page beside a
 * context's own: should a set-up fall back to the full browser, each context would cost about a fifth more
 * (and a renderer more for its address bar's popup), and this says so instead of the suite slowly taking longer.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe("the tests' headless Chromium", () => {
  it("is Chromium's headless shell, not the full browser started without a window", async () => {
    const session = await browser.newBrowserCDPSession()
    const { product } = (await session.send("Browser.getVersion")) as { product: string }
    expect(product).toMatch(/^HeadlessChrome\/\d+\./)
  })

  it("opens a context's page and nothing else", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.setContent("<title>One page</title><p>One page</p>")
    const session = await browser.newBrowserCDPSession()
    const { targetInfos } = (await session.send("Target.getTargets")) as { targetInfos: Array<{ type: string; url: string }> }
    await context.close()
    expect(targetInfos.filter((t) => t.type !== "page" && t.type !== "tab").map((t) => t.url)).toEqual([])
    expect(targetInfos.filter((t) => t.type === "page")).toHaveLength(1)
  })
})
