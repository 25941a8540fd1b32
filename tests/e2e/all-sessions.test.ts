import { readFileSync } from "node:fs"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { parseCsv } from "../server/csv-reader.ts"
import { demoPerson } from "../../server/db/seeds/demo-names.ts"
import { apiToken, baseURL, demoUserId, launchBrowser, newPage, openSignedIn } from "./browser.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** '26 Nov 2026 | 10:00 AM' as a time. */
const timeOf = (cell: string) => Date.parse(cell.replace(" | ", " "))

describe("All Sessions (issue 21)", () => {
  it("shows each session's date, sorts by it latest or earliest first from its header, and keeps the order in the URL", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/all-sessions")
    const dates = async () => {
      const table = page.getByRole("table")
      const headers = await table.getByRole("columnheader").allTextContents()
      const column = headers.findIndex((h) => h.startsWith("Date | Time"))
      expect(column).toBeGreaterThan(0)
      const cells = await table.locator(`tbody tr td:nth-child(${column + 1})`).allTextContents()
      return cells.map(timeOf)
    }
    await expect.poll(async () => (await dates()).length).toBe(10)
    expect((await dates()).every((t) => !Number.isNaN(t))).toBe(true)

    await page.getByRole("button", { name: "Date | Time: sort by session date, latest first" }).click()
    await page.waitForURL((url) => url.searchParams.get("sort") === "-dateTime")
    await expect
      .poll(async () => {
        const shown = await dates()
        return shown.length === 10 && shown.every((t, i) => i === 0 || shown[i - 1]! >= t)
      })
      .toBe(true)
    expect(await page.getByRole("columnheader", { name: /^Date \| Time/ }).getAttribute("aria-sort")).toBe("descending")
    const latest = (await dates())[0]!
    // Export CSV follows the order on screen.
    const download = page.waitForEvent("download")
    await page.getByRole("button", { name: "Export CSV" }).click()
    const rows = parseCsv(readFileSync((await (await download).path())!, "utf8"))
    expect(rows[0]![3]).toBe("Date | Time")
    const exported = rows.slice(1).map((r) => Date.parse(r[3]!))
    expect(exported).toEqual([...exported].sort((a, b) => b - a))
    expect(Math.abs(exported[0]! - latest)).toBeLessThan(60_000)

    await page.getByRole("button", { name: "Date | Time: sort by session date, earliest first" }).click()
    await page.waitForURL((url) => url.searchParams.get("sort") === "dateTime")
    await expect
      .poll(async () => {
        const shown = await dates()
        return shown.length === 10 && shown.every((t, i) => i === 0 || shown[i - 1]! <= t)
      })
      .toBe(true)
    expect((await dates())[0]!).toBeLessThan(latest)

    // The order is in the address: a reload keeps it, back returns to the previous one.
    await page.reload()
    await expect.poll(async () => await page.getByRole("columnheader", { name: /^Date \| Time/ }).getAttribute("aria-sort")).toBe("ascending")
    await page.goBack()
    await page.waitForURL((url) => url.searchParams.get("sort") === "-dateTime")
    await expect.poll(async () => await page.getByRole("columnheader", { name: /^Date \| Time/ }).getAttribute("aria-sort")).toBe("descending")
    await page.context().close()
  })

  it("e-mail addresses wrap only before the '@' or after a dot, never inside a word", async () => {
    const page = await newPage(browser)
    await page.setViewportSize({ width: 1366, height: 900 })
    await openSignedIn(page, "admin@demo.test", "/all-sessions")
    await expect.poll(() => page.locator("[data-email]").count()).toBeGreaterThan(5)
    const layout = await page.locator("[data-email]").evaluateAll((spans) =>
      spans.map((span) => {
        const lines = span.getClientRects().length
        // Each piece between two break opportunities stays on one line.
        const piecesWhole = [...span.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .every((node) => {
            const range = document.createRange()
            range.selectNodeContents(node)
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size === 1
          })
        return { email: span.getAttribute("data-email"), text: span.textContent, lines, piecesWhole }
      }),
    )
    // At this width the longer addresses do wrap, and each still reads as the address.
    expect(layout.some((l) => l.lines > 1)).toBe(true)
    for (const l of layout) {
      expect(l.text).toBe(l.email)
      expect(l.piecesWhole, l.email!).toBe(true)
    }
    await page.context().close()
  })
})

describe("All Sessions' State filter (issue 26)", () => {
  // A seeded approved client no other browser test books or signs in as.
  const clientEmail = `${demoPerson(119).emailLocal}@example.com`
  const post = async (path: string, token: string, body: unknown) => {
    const res = await fetch(`${baseURL()}/api/v1${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    })
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200)
    return (await res.json()) as { data: { _id: string } }
  }

  it("shows one state's sessions with their total, in the URL and the CSV, and every session again", async () => {
    const admin = await apiToken("admin@demo.test")
    const at = Math.ceil((Date.now() + 70 * 86_400_000 + Math.floor(Math.random() * 96) * 900_000) / 900_000) * 900_000
    const topic = `Called off ${Date.now().toString(36)}`
    const { data } = await post("/counselling/create", admin, {
      userId: await demoUserId(clientEmail),
      counsellorId: await demoUserId("imageconsultant@demo.test"),
      date: new Date(at).toISOString().slice(0, 10),
      time: `${new Date(at).toISOString().slice(11, 16)}Z`,
      topic,
      agenda: "Cancel it",
      duration: 15,
    })
    await post(`/counselling/session/${data._id}/cancel`, admin, { reason: "Called off" })

    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/all-sessions")
    const total = async () => Number((await page.getByTestId("total-records").textContent())?.replace("Total Records: ", ""))
    await expect.poll(() => page.locator("tbody tr").count()).toBe(10)
    const everyone = await total()

    await page.getByLabel("State", { exact: true }).selectOption("cancelled")
    await page.waitForURL((url) => url.searchParams.get("state") === "cancelled")
    // The new session was booked last, so the whole list showed it first too: the filtered page is the one where
    // every row carries the Cancelled badge.
    const rowsAndBadges = async () => [
      await page.locator("tbody tr").count(),
      (await page.getByTestId("session-state-badge").allTextContents()).filter((b) => b === "Cancelled").length,
    ]
    await expect.poll(async () => new Set(await rowsAndBadges()).size).toBe(1)
    expect(await page.getByRole("cell", { name: topic }).count()).toBe(1)
    const cancelled = await total()
    expect(cancelled).toBeGreaterThan(0)
    expect(cancelled).toBeLessThan(everyone)
    // Export CSV holds the filtered list: the cancelled sessions only.
    const download = page.waitForEvent("download")
    await page.getByRole("button", { name: "Export CSV" }).click()
    const rows = parseCsv(readFileSync((await (await download).path())!, "utf8"))
    const state = rows[0]!.indexOf("State")
    expect(rows.length - 1).toBe(cancelled)
    expect(rows.slice(1).every((r) => r[state]!.startsWith("Cancelled"))).toBe(true)

    // The filter is in the address: a reload keeps it; All sessions shows everyone's again.
    await page.reload()
    await expect.poll(() => page.getByLabel("State", { exact: true }).inputValue()).toBe("cancelled")
    await expect.poll(total).toBe(cancelled)
    await page.getByLabel("State", { exact: true }).selectOption("")
    await page.waitForURL((url) => !url.searchParams.has("state"))
    await expect.poll(total).toBe(everyone)
    await page.context().close()
  })
})
