import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiToken, baseURL, columnTexts, launchBrowser, listsSettled, openSignedIn } from "./browser.ts"
import { apiGet } from "./machine-paths.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** India has no daylight saving: a day there starts at 18:30 UTC the day before. */
const ZONE = "Asia/Kolkata"
const dayInIndia = (instant: string) => new Date(Date.parse(instant) + 330 * 60_000).toISOString().slice(0, 10)

describe("My Tickets' Raised filter (issue 26)", () => {
  it("keeps the tickets raised on the days chosen on the reader's clock, with the State, in the URL; reversed days are said and never applied, not even by a State chosen meanwhile", async () => {
    type Row = { ticketId: string; createdAt: string; status: boolean }
    const all = (await apiGet<{ data: Row[] }>("/userQuery/get?page=1&limit=100", await apiToken("admin@demo.test"))).data
    const days = [...new Set(all.map((row) => dayInIndia(row.createdAt)))]
    expect(days.length).toBeGreaterThan(3)
    // Newest first, as the list shows them: the days in the middle of the seeded ones.
    const last = days[1]!
    const first = days[days.length - 2]!
    const closedWithin = all.filter((row) => row.status && dayInIndia(row.createdAt) >= first && dayInIndia(row.createdAt) <= last).map((row) => row.ticketId)
    expect(closedWithin.length).toBeGreaterThan(0)
    expect(closedWithin.length).toBeLessThan(all.filter((row) => row.status).length)

    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 }, timezoneId: ZONE })
    const page = await context.newPage()
    await openSignedIn(page, "admin@demo.test", "/my-tickets")
    await listsSettled(page)
    const from = page.getByLabel("Raised from")
    const to = page.getByLabel("Raised to")
    const apply = page.getByRole("button", { name: "Apply dates" })
    const total = () => page.getByTestId("ticket-total").textContent()
    const shownTotal = await total()

    // The wrong way round: said beside the fields; Apply waits, and a State chosen now is only set.
    await from.fill(last)
    await to.fill(first)
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "The last day must be on or after the first day." }).count()).toBe(1)
    expect(await apply.isDisabled()).toBe(true)
    await page.getByLabel("State").selectOption("closed")
    expect(await page.getByLabel("State").inputValue()).toBe("closed")
    expect(new URL(page.url()).searchParams.get("state")).toBeNull()
    expect(await total()).toBe(shownTotal)

    await from.fill(first)
    await to.fill(last)
    await apply.click()
    await page.waitForURL((url) => url.searchParams.get("from") === first && url.searchParams.get("to") === last && url.searchParams.get("state") === "closed")
    await expect.poll(total).toBe(`Total: ${closedWithin.length}`)
    await expect.poll(() => columnTexts(page, /^Ticket ID$/)).toEqual(closedWithin.slice(0, 10))

    // A reload keeps the days and the State; Clear dates keeps the State.
    await page.reload()
    await expect.poll(total).toBe(`Total: ${closedWithin.length}`)
    expect(await page.getByLabel("Raised from").inputValue()).toBe(first)
    await page.getByRole("button", { name: "Clear dates" }).click()
    await page.waitForURL((url) => !url.searchParams.has("from") && !url.searchParams.has("to") && url.searchParams.get("state") === "closed")
    await expect.poll(total).toBe(`Total: ${all.filter((row) => row.status).length}`)
    expect(await page.getByLabel("Raised from").inputValue()).toBe("")
    await context.close()
  })
})
