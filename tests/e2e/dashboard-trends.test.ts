import type { Browser, Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TrendWeek } from "../../src/api/contract/dashboard/dashboard.ts"
import { launchBrowser, loginAs, newPage, tokenOf } from "./browser.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** The cells of a chart's number table, row by row (the week first). */
async function numbers(page: Page, chart: string): Promise<string[][]> {
  const table = page.getByTestId(`trend-table-${chart}`)
  if (!(await table.isVisible())) await page.getByTestId(`trend-${chart}`).getByText("Show the numbers").click()
  // The table is drawn once its fold opens (trend-chart.tsx).
  await table.waitFor()
  return table.locator("tbody tr").evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent ?? "")))
}

/** The API's weeks for the range the dashboard shows, read with the page's own session. */
async function apiWeeks(page: Page, range = ""): Promise<TrendWeek[]> {
  const token = await tokenOf(page)
  return page.evaluate(
    async ([bearer, query]) => {
      const answer = await fetch(`/api/v1/dashboard/trends${query}`, { headers: { authorization: `Bearer ${bearer}` } })
      return ((await answer.json()) as { data: { weeks: TrendWeek[] } }).data.weeks
    },
    [token, range] as const,
  )
}

const drawn = (figure: Locator) => expect.poll(() => figure.getByTestId("trend-bars").count(), { timeout: 15_000 }).toBe(1)

describe("dashboard trends", () => {
  it("draws the Admin's three weekly charts from the server's counts, with the numbers as tables", async () => {
    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    await expect.poll(() => page.getByRole("heading", { name: "Weekly trends" }).isVisible()).toBe(true)
    for (const chart of ["people", "sessions", "tickets"]) await drawn(page.getByTestId(`trend-${chart}`))
    const weeks = await apiWeeks(page)
    expect(weeks).toHaveLength(12)
    const tickets = await numbers(page, "tickets")
    expect(tickets.map((row) => row.slice(1).map(Number))).toEqual(weeks.map((w) => [w.ticketsOpened, w.ticketsClosed]))
    const sessions = await numbers(page, "sessions")
    expect(sessions.map((row) => row.slice(1).map(Number))).toEqual(
      weeks.map((w) => [w.sessions.scheduled, w.sessions.rescheduled, w.sessions.completed, w.sessions.cancelled, w.sessions.noShow]),
    )
    // The demo data has sessions in these weeks: the chart is not only zeros.
    expect(sessions.flatMap((row) => row.slice(1).map(Number)).some((n) => n > 0)).toBe(true)

    // Pointing at a week's bars names the week and each series' number, beside it; leaving the plot hides it.
    const figure = page.getByTestId("trend-tickets")
    const last = weeks.at(-1)!
    await figure.locator(`[data-week="${last.week}"]`).hover()
    const tooltip = figure.getByTestId("trend-tooltip")
    await expect.poll(() => tooltip.isVisible()).toBe(true)
    const lines = await tooltip.evaluate((box) => [...box.children].map((line) => line.textContent ?? ""))
    expect(lines).toEqual([tickets.at(-1)![0], `Opened${last.ticketsOpened.toLocaleString()}`, `Closed${last.ticketsClosed.toLocaleString()}`])
    await page.getByRole("heading", { name: "Weekly trends" }).hover()
    await expect.poll(() => tooltip.count()).toBe(0)
  })

  it("moves with an approval, and draws the range chosen by a preset or typed into the dates", async () => {
    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    await drawn(page.getByTestId("trend-people"))
    const approvalsNow = async () => Number((await numbers(page, "people")).at(-1)![3])
    const before = await approvalsNow()
    const token = await tokenOf(page)
    const status = await page.evaluate(async (bearer) => {
      const headers = { authorization: `Bearer ${bearer}`, "content-type": "application/json" }
      const pending = await (await fetch("/api/v1/user/allUsers/pending?page=1&limit=1", { headers })).json()
      const vendor = pending.data[0] as { _id: string; organizationId: string }
      const body = JSON.stringify({ userId: vendor._id, status: "Approve", organizationId: vendor.organizationId })
      return (await fetch("/api/v1/user/updateUser", { method: "PATCH", headers, body })).status
    }, token)
    expect(status).toBe(200)

    await page.getByRole("button", { name: "4 weeks" }).click()
    await expect.poll(async () => (await numbers(page, "people")).length).toBe(4)
    expect(await approvalsNow()).toBe(before + 1)
    expect(await page.getByLabel("To", { exact: true }).inputValue()).toBe(new Date().toISOString().slice(0, 10))

    // A start after the end is said beside the dates; the charts keep the last range.
    await page.getByLabel("From", { exact: true }).fill("2099-01-01")
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "From must be on or before To." }).isVisible()).toBe(true)
    expect(await page.getByLabel("From", { exact: true }).getAttribute("aria-invalid")).toBe("true")
    expect(await numbers(page, "people")).toHaveLength(4)

    // A drawable range typed into the dates is drawn: 1-28 June 2026 is four weeks (Monday 1 June to Sunday 28 June).
    await page.getByLabel("To", { exact: true }).fill("2026-06-28")
    await page.getByLabel("From", { exact: true }).fill("2026-06-01")
    await expect
      .poll(async () => (await numbers(page, "tickets")).map((row) => row[0]))
      .toEqual(["Week of 1 Jun 2026", "Week of 8 Jun 2026", "Week of 15 Jun 2026", "Week of 22 Jun 2026"])
    expect(await page.getByRole("alert").filter({ hasText: "From must be on or before To." }).count()).toBe(0)
    const june = await apiWeeks(page, "?from=2026-06-01&to=2026-06-28")
    expect((await numbers(page, "tickets")).map((row) => row.slice(1).map(Number))).toEqual(june.map((w) => [w.ticketsOpened, w.ticketsClosed]))

    // The range drawn is in the address: a reload (or the link) draws it again.
    await expect.poll(() => new URL(page.url()).search).toBe("?from=2026-06-01&to=2026-06-28")
    await page.reload()
    await expect
      .poll(async () => (await numbers(page, "tickets")).map((row) => row[0]))
      .toEqual(["Week of 1 Jun 2026", "Week of 8 Jun 2026", "Week of 15 Jun 2026", "Week of 22 Jun 2026"])
    expect(await page.getByLabel("From", { exact: true }).inputValue()).toBe("2026-06-01")
    // The default range leaves the address plain.
    await page.getByRole("button", { name: "12 weeks" }).click()
    await expect.poll(() => new URL(page.url()).search).toBe("")
  })

  it("is not on an Editor's dashboard", async () => {
    const page = await newPage(browser)
    await loginAs(page, "editor@demo.test")
    await expect.poll(() => page.getByRole("heading", { name: "Website content" }).isVisible()).toBe(true)
    expect(await page.getByRole("heading", { name: "Weekly trends" }).count()).toBe(0)
  })
})
