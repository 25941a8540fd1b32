import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser } from "./browser.ts"

/**
 * The browsers the tests start (tests/e2e/headless-chromium) keep Playwright's own switches and open no hidden
 * address-bar pages: should a Chromium update rename those features, each context would again cost a
 * renderer more, and this says so instead of the suite slowly taking longer.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe("the tests' headless Chromium", () => {
  it("opens a context's page and nothing else: no address-bar popup page beside it", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.setContent("<title>One page</title><p>One page</p>")
    const session = await browser.newBrowserCDPSession()
    const { targetInfos } = (await session.send("Target.getTargets")) as { targetInfos: Array<{ type: string; url: string }> }
    await context.close()
    expect(targetInfos.filter((t) => t.type !== "page" && t.type !== "tab").map((t) => t.url)).toEqual([])
    expect(targetInfos.filter((t) => t.type === "page")).toHaveLength(1)
  })

  it("still has Playwright's own features turned off (the merged --disable-features list)", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto("chrome://version")
    const commandLine = await page.locator("#command_line").innerText()
    await context.close()
    const disabled = commandLine.split(/\s+/).filter((arg) => arg.startsWith("--disable-features="))
    // One switch (Chromium reads only the last), holding Playwright's list and the popup pages' features.
    expect(disabled).toHaveLength(1)
    expect(disabled[0]).toContain("AvoidUnnecessaryBeforeUnloadCheckSync")
    expect(disabled[0]).toContain("WebUIOmniboxPopup")
  })
})
