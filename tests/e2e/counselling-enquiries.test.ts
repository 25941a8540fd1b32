import { readFileSync } from "node:fs"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { parseCsv } from "../server/csv-reader.ts"
import { nameOrderKey } from "../fixtures/name-order.ts"
import { launchBrowser, newPage, openSignedIn } from "./browser.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const names = async (page: Page) => (await page.locator("tbody tr td:nth-child(2)").allTextContents()).map(nameOrderKey)
const inOrder = (list: string[]) => list.every((name, i) => i === 0 || list[i - 1]! <= name)

describe("the 1:1 Counselling list's order and Access filter (issue 26)", () => {
  it("sorts by name from its header and keeps the enquiries waiting or sent, in the URL and the CSV, and all again", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/counselling")
    await expect.poll(() => page.locator("tbody tr").count()).toBe(10)

    await page.getByRole("button", { name: "Name: sort by name, A to Z" }).click()
    await page.waitForURL((url) => url.searchParams.get("sort") === "name")
    await expect.poll(async () => inOrder(await names(page))).toBe(true)
    expect(await page.getByRole("columnheader", { name: /^Name/ }).getAttribute("aria-sort")).toBe("ascending")

    // Waiting: every row offers Send Access; sent: every row shows the tick.
    const filter = page.getByLabel("Access", { exact: true })
    await filter.selectOption("waiting")
    await page.waitForURL((url) => url.searchParams.get("access") === "waiting")
    const rowsAnd = async (testid: string | null) => {
      const rows = await page.locator("tbody tr").count()
      const marked = testid ? await page.getByTestId(testid).count() : await page.getByRole("button", { name: /^Send access to / }).count()
      return rows > 0 && rows === marked
    }
    await expect.poll(() => rowsAnd(null)).toBe(true)
    expect(inOrder(await names(page))).toBe(true)
    await filter.selectOption("sent")
    await page.waitForURL((url) => url.searchParams.get("access") === "sent")
    await expect.poll(() => rowsAnd("access-sent")).toBe(true)
    const total = async () => Number((await page.getByTestId("total-records").textContent())?.replace("Total Records: ", ""))
    const sent = await total()

    // Export CSV holds the filtered list in the order on screen.
    const download = page.waitForEvent("download")
    await page.getByRole("button", { name: "Export CSV" }).click()
    const rows = parseCsv(readFileSync((await (await download).path())!, "utf8"))
    expect(rows[0]![0]).toBe("Name")
    expect(rows.length - 1).toBe(sent)
    expect(inOrder(rows.slice(1).map((r) => nameOrderKey(r[0]!)))).toBe(true)

    await page.reload()
    await expect.poll(() => page.getByLabel("Access", { exact: true }).inputValue()).toBe("sent")
    await expect.poll(() => rowsAnd("access-sent")).toBe(true)
    await page.getByLabel("Access", { exact: true }).selectOption("")
    await page.waitForURL((url) => !url.searchParams.has("access") && url.searchParams.get("sort") === "name")
    await expect.poll(total).toBeGreaterThan(sent)
    await page.context().close()
  })
})
