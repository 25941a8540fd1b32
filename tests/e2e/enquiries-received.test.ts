import { readFileSync } from "node:fs"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { parseCsv } from "../server/csv-reader.ts"
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

describe("All Enquiries' Received filter (issue 26)", () => {
  it("keeps the enquiries sent on the days chosen on the reader's clock, in the URL and the CSV; a last day before the first is said and not applied", async () => {
    type Row = { email: string; createdAt: string }
    const all = (await apiGet<{ enquiry: Row[]; totalRecords: number }>("/contact/fetchEnquiry?page=1&limit=100", await apiToken("admin@demo.test"))).enquiry
    // Newest first, as the list shows them: a few days in the middle of the seeded weeks.
    const first = dayInIndia(all[8]!.createdAt)
    const last = dayInIndia(all[3]!.createdAt)
    const expected = all.filter((row) => dayInIndia(row.createdAt) >= first && dayInIndia(row.createdAt) <= last).map((row) => row.email)
    expect(expected.length).toBeGreaterThan(2)
    expect(expected.length).toBeLessThan(all.length)

    // The reader's clock is India's (no zone chosen on the profile: the browser's).
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 }, timezoneId: ZONE })
    const page = await context.newPage()
    await openSignedIn(page, "admin@demo.test", "/enquiries")
    await listsSettled(page)
    const from = page.getByLabel("Received from")
    const to = page.getByLabel("Received to")
    const apply = page.getByRole("button", { name: "Apply dates" })

    // The wrong way round: said beside the fields, and Apply waits.
    await from.fill(last)
    await to.fill(first)
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "The last day must be on or after the first day." }).count()).toBe(1)
    expect(await apply.isDisabled()).toBe(true)

    await from.fill(first)
    await to.fill(last)
    await apply.click()
    await page.waitForURL((url) => url.searchParams.get("from") === first && url.searchParams.get("to") === last)
    await expect.poll(() => page.getByTestId("total-records").textContent()).toBe(`Total Records: ${expected.length}`)
    await expect.poll(() => columnTexts(page, /^Email$/)).toEqual(expected)

    // The export holds the same enquiries.
    const download = page.waitForEvent("download")
    await page.getByRole("button", { name: "Export CSV" }).click()
    const rows = parseCsv(readFileSync((await (await download).path())!, "utf8")).slice(1)
    expect(rows.map((row) => row[1])).toEqual(expected)

    // A reload keeps the days; Clear dates shows every enquiry again.
    await page.reload()
    await expect.poll(() => columnTexts(page, /^Email$/)).toEqual(expected)
    expect(await page.getByLabel("Received from").inputValue()).toBe(first)
    await page.getByRole("button", { name: "Clear dates" }).click()
    await page.waitForURL((url) => !url.searchParams.has("from") && !url.searchParams.has("to"))
    await expect.poll(() => page.getByTestId("total-records").textContent()).toBe(`Total Records: ${all.length}`)
    await context.close()
  })
})
