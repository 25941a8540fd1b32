import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoPerson } from "../../server/db/seeds/demo-names.ts"
import { apiToken, baseURL, demoUserId, launchBrowser, loginAs } from "./browser.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const SCREEN = { timeout: 10_000 }
// A seeded approved client no other browser test signs in as.
const client = demoPerson(118)
const email = `${client.emailLocal}@example.com`

/** `DD MMM YYYY | hh:mm A` of an instant on a zone's clock, from the platform's own zone database. */
function shownIn(timeZone: string, at: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone, day: "2-digit", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: true })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  )
  return `${parts.day} ${parts.month} ${parts.year} | ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`
}

describe("times on the viewer's clock (issue 24)", () => {
  it("a client in a Berlin browser who chose Asia/Tokyo on the profile sees their session on Tokyo's clock, the zone named, after a reload too", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 }, timezoneId: "Europe/Berlin" })
    const page = await context.newPage()
    await loginAs(page, email)

    await page.goto("/profile")
    const card = page.getByTestId("time-zone")
    const select = card.getByRole("combobox", { name: "Time zone" })
    await expect.poll(() => select.isEnabled(), SCREEN).toBe(true)
    await select.selectOption("Asia/Tokyo")
    await card.getByRole("button", { name: "Save time zone" }).click()
    await expect.poll(() => card.getByTestId("time-zone-message").textContent(), SCREEN).toBe("Your time zone is now Asia/Tokyo.")

    // An Admin books a session for them on a quarter hour of its own, 50 days on.
    const admin = await apiToken("admin@demo.test")
    const at = Math.ceil((Date.now() + 50 * 86_400_000 + Math.floor(Math.random() * 96) * 900_000) / 900_000) * 900_000
    const iso = new Date(at).toISOString()
    const topic = `Clock check ${Date.now().toString(36)}`
    const create = await fetch(`${baseURL()}/api/v1/counselling/create`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${admin}` },
      body: JSON.stringify({
        userId: await demoUserId(email),
        counsellorId: await demoUserId("counsellor@demo.test"),
        date: iso.slice(0, 10),
        time: `${iso.slice(11, 16)}Z`,
        topic,
        agenda: "Whose clock",
        duration: 15,
      }),
    })
    expect(create.status, await create.clone().text()).toBe(200)

    // Reached from the sidebar: the row on Tokyo's clock, not Berlin's, and the zone named.
    await page.getByTestId("sidebar").getByRole("link", { name: "Upcoming Session" }).click()
    const row = page.getByRole("row").filter({ hasText: topic })
    await expect.poll(() => row.textContent(), SCREEN).toContain(shownIn("Asia/Tokyo", at))
    expect(await row.textContent()).not.toContain(shownIn("Europe/Berlin", at))
    expect(await page.getByText("Times are in your time zone (Asia/Tokyo).").count()).toBeGreaterThan(0)

    // A fresh load reads the zone from the server before any time is drawn.
    await page.reload()
    await expect.poll(() => row.textContent(), SCREEN).toContain(shownIn("Asia/Tokyo", at))
    await context.close()
  })
})
