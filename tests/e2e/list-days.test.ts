import { readFileSync } from "node:fs"
import type { Browser, Page } from "playwright-core"
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

type Row = { email: string; createdAt: string }

/**
 * The first and last day of a run of days on which some but not all of `rows` joined (at least `least`, no more than a
 * page of them, so the list shows them all on page 1), and those people, newest first.
 */
function someDays(rows: readonly Row[], least = 2): { first: string; last: string; expected: string[] } {
  const days = [...new Set(rows.map((r) => dayInIndia(r.createdAt)))].sort()
  for (let i = 0; i < days.length; i++)
    for (let j = days.length - 1; j >= i; j--) {
      const expected = rows.filter((r) => dayInIndia(r.createdAt) >= days[i]! && dayInIndia(r.createdAt) <= days[j]!).map((r) => r.email)
      if (expected.length >= least && expected.length <= 10 && expected.length < rows.length) return { first: days[i]!, last: days[j]!, expected }
    }
  throw new Error(`the seeded people join on too few days to choose some: ${days.join(", ")}`)
}

async function openInIndia(path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 }, timezoneId: ZONE })
  const page = await context.newPage()
  await openSignedIn(page, "admin@demo.test", path)
  await listsSettled(page)
  return page
}

describe("The people lists' Joined filter (issue 26)", () => {
  it("Active Lawyers keeps the lawyers who joined on the days chosen on the reader's clock, in the URL and the CSV; a last day before the first is said and not applied", async () => {
    const all = (await apiGet<{ data: Row[] }>("/user/Lawyer?page=1&limit=100", await apiToken("admin@demo.test"))).data
    const { first, last, expected } = someDays(all)

    const page = await openInIndia("/lawyer")
    const from = page.getByLabel("Joined from")
    const to = page.getByLabel("Joined to")
    const apply = page.getByRole("button", { name: "Apply dates" })
    await from.fill(last)
    await to.fill(first)
    if (first !== last) {
      await expect.poll(() => page.getByRole("alert").filter({ hasText: "The last day must be on or after the first day." }).count()).toBe(1)
      expect(await apply.isDisabled()).toBe(true)
    }

    await from.fill(first)
    await to.fill(last)
    await apply.click()
    await page.waitForURL((url) => url.searchParams.get("from") === first && url.searchParams.get("to") === last)
    await expect.poll(() => columnTexts(page, /^Email$/)).toEqual(expected)

    const download = page.waitForEvent("download")
    await page.getByRole("button", { name: "Export CSV" }).click()
    const rows = parseCsv(readFileSync((await (await download).path())!, "utf8")).slice(1)
    expect(rows.map((row) => row[1])).toEqual(expected)

    // A reload keeps the days; Clear dates shows every lawyer again.
    await page.reload()
    await expect.poll(() => columnTexts(page, /^Email$/)).toEqual(expected)
    expect(await page.getByLabel("Joined from").inputValue()).toBe(first)
    await page.getByRole("button", { name: "Clear dates" }).click()
    await page.waitForURL((url) => !url.searchParams.has("from") && !url.searchParams.has("to"))
    await expect.poll(() => columnTexts(page, /^Email$/)).toEqual(all.slice(0, 10).map((r) => r.email))
    await page.context().close()
  })

  it("Under Review keeps its Role filter beside the Joined days, both in the URL", async () => {
    const token = await apiToken("admin@demo.test")
    const lawyers = (await apiGet<{ data: Row[] }>("/user/allUsers/pending?page=1&limit=100&role=Lawyer", token)).data
    const { first, last, expected } = someDays(lawyers, 1)

    const page = await openInIndia("/under-review-vendors?role=Lawyer")
    await page.getByLabel("Joined from").fill(first)
    await page.getByLabel("Joined to").fill(last)
    await page.getByRole("button", { name: "Apply dates" }).click()
    await page.waitForURL((url) => url.searchParams.get("role") === "Lawyer" && url.searchParams.get("from") === first && url.searchParams.get("to") === last)
    await expect.poll(() => columnTexts(page, /^Email$/)).toEqual(expected)
    await page.context().close()
  })
})

describe("1:1 Counselling's Received filter (issue 26)", () => {
  it("keeps the enquiries received on the days chosen on the reader's clock, in the URL and the CSV", async () => {
    const all = (await apiGet<{ data: { enquiry: Row[] } }>("/enquiry/fetch?page=1&limit=100", await apiToken("admin@demo.test"))).data.enquiry
    const { first, last, expected } = someDays(all)

    const page = await openInIndia("/counselling")
    await page.getByLabel("Received from").fill(first)
    await page.getByLabel("Received to").fill(last)
    await page.getByRole("button", { name: "Apply dates" }).click()
    await page.waitForURL((url) => url.searchParams.get("from") === first && url.searchParams.get("to") === last)
    await expect.poll(() => page.getByTestId("total-records").textContent()).toBe(`Total Records: ${expected.length}`)
    await expect.poll(() => columnTexts(page, /^Email$/)).toEqual(expected)

    const download = page.waitForEvent("download")
    await page.getByRole("button", { name: "Export CSV" }).click()
    const rows = parseCsv(readFileSync((await (await download).path())!, "utf8")).slice(1)
    expect(rows.map((row) => row[1])).toEqual(expected)

    await page.getByRole("button", { name: "Clear dates" }).click()
    await page.waitForURL((url) => !url.searchParams.has("from") && !url.searchParams.has("to"))
    await expect.poll(() => page.getByTestId("total-records").textContent()).toBe(`Total Records: ${all.length}`)
    await page.context().close()
  })
})

describe("The clients lists' Joined filter (issue 26)", () => {
  for (const [name, path, call] of [
    ["UnAssign Users", "/unassign-users", "/user/unassignUser"],
    ["Counselling Users", "/counselling-users", "/user/assignUser"],
  ] as const)
    it(`${name} keeps the clients who joined on the days chosen, in the URL; Clear dates shows every client again`, async () => {
      const answer = await apiGet<{ data: { data: Row[] }; totalRecords: number }>(`${call}?page=1&limit=100`, await apiToken("admin@demo.test"))
      const all = answer.data.data
      const { first, last, expected } = someDays(all, 1)

      const page = await openInIndia(path)
      await page.getByLabel("Joined from").fill(first)
      await page.getByLabel("Joined to").fill(last)
      await page.getByRole("button", { name: "Apply dates" }).click()
      await page.waitForURL((url) => url.searchParams.get("from") === first && url.searchParams.get("to") === last)
      await expect.poll(() => page.getByTestId("total-records").textContent()).toBe(`Total Records: ${expected.length}`)
      await expect.poll(() => columnTexts(page, /^Email$/)).toEqual(expected)
      await page.getByRole("button", { name: "Clear dates" }).click()
      await page.waitForURL((url) => !url.searchParams.has("from") && !url.searchParams.has("to"))
      await expect.poll(() => page.getByTestId("total-records").textContent()).toBe(`Total Records: ${answer.totalRecords}`)
      await page.context().close()
    })
})

describe("Blogs' Created filter (issue 26)", () => {
  it("keeps the blogs created on the days chosen, in the URL; Clear dates shows every blog again", async () => {
    const blogs = (await apiGet<{ data: { blogName: string; createdAt: string }[] }>("/blog/get?page=1&limit=100", await apiToken("editor@demo.test"))).data
    // someDays reads a row's text from `email`: here the blog's name.
    const { first, last, expected } = someDays(blogs.map((b) => ({ email: b.blogName, createdAt: b.createdAt })))
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 }, timezoneId: ZONE })
    const page = await context.newPage()
    await openSignedIn(page, "editor@demo.test", "/blogs")
    await listsSettled(page)
    // The name cell shows 15 characters; its link's title holds the whole name.
    const shownNames = () => page.locator("tbody tr a[title]").evaluateAll((links) => links.map((a) => a.getAttribute("title")))
    await page.getByLabel("Created from").fill(first)
    await page.getByLabel("Created to").fill(last)
    await page.getByRole("button", { name: "Apply dates" }).click()
    await page.waitForURL((url) => url.searchParams.get("from") === first && url.searchParams.get("to") === last)
    await expect.poll(shownNames).toEqual(expected)
    await page.getByRole("button", { name: "Clear dates" }).click()
    await page.waitForURL((url) => !url.searchParams.has("from") && !url.searchParams.has("to"))
    await expect.poll(shownNames).toEqual(blogs.slice(0, 10).map((b) => b.blogName))
    await context.close()
  })
})
