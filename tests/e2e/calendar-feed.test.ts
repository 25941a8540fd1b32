import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser, newPage, openSignedIn } from "./browser.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const SCREEN = { timeout: 10_000 }

describe("the profile's calendar feed", () => {
  it("a client makes a private address, copies it, a calendar app reads their sessions from it, and replacing or turning it off ends the old one", async () => {
    const page = await newPage(browser)
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"])
    await openSignedIn(page, "user@demo.test", "/profile")
    const card = page.getByTestId("calendar-feed")
    await card.getByRole("button", { name: "Make my calendar address" }).click()
    await expect.poll(() => card.getByTestId("calendar-feed-message").textContent(), SCREEN).toBe("Your calendar address is ready.")
    const url = (await card.getByTestId("calendar-feed-url").textContent())!
    expect(url).toMatch(/\/api\/v1\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/)

    await card.getByRole("button", { name: "Copy address" }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), SCREEN).toBe(url)

    // What Google Calendar or Outlook would fetch: the client's sessions, without any sign-in.
    const feed = await fetch(url)
    expect(feed.status).toBe(200)
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8")
    const ics = await feed.text()
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/)
    expect(ics.match(/BEGIN:VEVENT/g)?.length ?? 0).toBeGreaterThanOrEqual(4)

    await card.getByRole("button", { name: "Replace address" }).click()
    await page.getByRole("alertdialog").getByRole("button", { name: "Replace", exact: true }).click()
    await expect
      .poll(() => card.getByTestId("calendar-feed-message").textContent(), SCREEN)
      .toBe("Your calendar address was replaced: the old one no longer works.")
    const replaced = (await card.getByTestId("calendar-feed-url").textContent())!
    expect(replaced).not.toBe(url)
    expect((await fetch(url)).status).toBe(404)
    expect((await fetch(replaced)).status).toBe(200)

    await card.getByRole("button", { name: "Turn off" }).click()
    await page.getByRole("alertdialog").getByRole("button", { name: "Turn off", exact: true }).click()
    await expect.poll(() => card.getByTestId("calendar-feed-message").textContent(), SCREEN).toBe("Your calendar address was turned off.")
    await expect.poll(() => card.getByRole("button", { name: "Make my calendar address" }).isVisible(), SCREEN).toBe(true)
    expect((await fetch(replaced)).status).toBe(404)
  })

  it("is not offered to an Admin, who has no sessions of their own", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/profile")
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), SCREEN).toBe("Asha Admin")
    expect(await page.getByTestId("calendar-feed").count()).toBe(0)
  })
})
