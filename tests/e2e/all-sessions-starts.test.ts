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
const indiaMidnight = (day: string) => new Date(`${day}T00:00:00+05:30`).toISOString()
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

type Page = { data: { counsellingSessions: Array<{ name: string; dateTime: string }> }; totalRecords: number }

describe("All Sessions' Starts filter (issue 26)", () => {
  it("keeps the sessions starting on the days chosen on the reader's clock, in the list's order and the URL; one day alone or more than 45 are said and never applied", async () => {
    const token = await apiToken("admin@demo.test")
    // Ten days among the seeded past sessions, which no other browser test books into.
    const earliest = await apiGet<Page>("/counselling/fetch?page=1&limit=100&sort=dateTime", token)
    const first = dayInIndia(earliest.data.counsellingSessions[20]!.dateTime)
    const last = addDays(first, 9)
    const range = `from=${encodeURIComponent(indiaMidnight(first))}&to=${encodeURIComponent(indiaMidnight(addDays(last, 1)))}`
    const within = await apiGet<Page>(`/counselling/fetch?page=1&limit=10&sort=-dateTime&${range}`, token)
    expect(within.totalRecords).toBeGreaterThan(0)
    expect(within.totalRecords).toBeLessThan(earliest.totalRecords)

    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 }, timezoneId: ZONE })
    const page = await context.newPage()
    await openSignedIn(page, "admin@demo.test", "/all-sessions")
    await listsSettled(page)
    const from = page.getByLabel("Starts from")
    const to = page.getByLabel("Starts to")
    const apply = page.getByRole("button", { name: "Apply dates" })
    const total = () => page.getByTestId("total-records").textContent()
    const everyone = await total()
    const said = (text: string) => page.getByRole("alert").filter({ hasText: text }).count()

    // One day alone, and more than 45 days: said beside the fields; Apply waits and nothing is applied.
    await from.fill(first)
    await expect.poll(() => said("Choose both the first and the last day.")).toBe(1)
    expect(await apply.isDisabled()).toBe(true)
    await to.fill(addDays(first, 45))
    await expect.poll(() => said("Choose at most 45 days.")).toBe(1)
    expect(await apply.isDisabled()).toBe(true)
    expect(new URL(page.url()).searchParams.get("from")).toBeNull()
    expect(await total()).toBe(everyone)

    // Ten days, latest first.
    await to.fill(last)
    await apply.click()
    await page.waitForURL((url) => url.searchParams.get("from") === first && url.searchParams.get("to") === last)
    await expect.poll(total).toBe(`Total Records: ${within.totalRecords}`)
    await page.getByRole("button", { name: "Date | Time: sort by session date, latest first" }).click()
    await page.waitForURL((url) => url.searchParams.get("sort") === "-dateTime" && url.searchParams.get("from") === first)
    await expect.poll(() => columnTexts(page, /^Name$/)).toEqual(within.data.counsellingSessions.map((s) => s.name))

    // A reload keeps the days; Clear dates shows every session again.
    await page.reload()
    await expect.poll(total).toBe(`Total Records: ${within.totalRecords}`)
    expect(await page.getByLabel("Starts from").inputValue()).toBe(first)
    await page.getByRole("button", { name: "Clear dates" }).click()
    await page.waitForURL((url) => !url.searchParams.has("from") && !url.searchParams.has("to"))
    await expect.poll(total).toBe(everyone)
    await context.close()
  })
})
