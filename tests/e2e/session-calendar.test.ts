import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiToken, baseURL, demoUserId, launchBrowser, newPage, openSignedIn } from "./browser.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const SCREEN = { timeout: 10_000 }
const pad = (n: number) => String(n).padStart(2, "0")
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

/** A session three weeks away at 05:`minute` in this zone (the browser's), clear of every other suite's sessions. */
async function bookSession(topic: string, minute: number) {
  const admin = await apiToken("admin@demo.test")
  const start = new Date()
  start.setDate(start.getDate() + 21)
  start.setHours(5, minute, 0, 0)
  const iso = start.toISOString()
  const res = await fetch(`${baseURL()}/api/v1/counselling/create`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${admin}` },
    body: JSON.stringify({
      userId: await demoUserId("user@demo.test"),
      counsellorId: await demoUserId("nutritionist@demo.test"),
      date: iso.slice(0, 10),
      time: `${iso.slice(11, 16)}Z`,
      topic,
      agenda: "Calendar check",
      duration: 5,
    }),
  })
  expect(res.status, await res.clone().text()).toBe(200)
  return start
}

/** Moves the calendar on until the day's cell shows. */
async function showDay(page: Page, day: string, next: "Next week" | "Next month") {
  const calendar = page.getByTestId("session-calendar")
  for (let i = 0; i < 6 && (await calendar.locator(`[data-day="${day}"]`).count()) === 0; i++) {
    const title = await calendar.getByTestId("calendar-title").textContent()
    await calendar.getByRole("button", { name: next }).click()
    await expect.poll(() => calendar.getByTestId("calendar-title").textContent(), SCREEN).not.toBe(title)
  }
  await expect.poll(() => calendar.locator(`[data-day="${day}"]`).count(), SCREEN).toBe(1)
  await expect.poll(() => calendar.getAttribute("aria-busy").catch(() => null), SCREEN).not.toBe("true")
  return calendar.locator(`[data-day="${day}"]`)
}

describe("sessions on a calendar", () => {
  it("the Admin sees All Sessions as a week and a month, each session on its day, and opens one with its steps", async () => {
    const topic = `Calendar ${Date.now().toString(36)}`
    const start = await bookSession(topic, 40)
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/all-sessions")
    await page.getByRole("group", { name: "Show sessions as" }).getByRole("button", { name: "Calendar" }).click()
    const cell = await showDay(page, localDay(start), "Next week")
    const chip = cell.getByRole("button", { name: `View session ${topic}, 05:40 AM, Scheduled` })
    await expect.poll(() => chip.isVisible(), SCREEN).toBe(true)
    expect(await chip.textContent()).toContain("05:40 AM")
    await chip.click()
    const dialog = page.getByRole("dialog", { name: "Session Details" })
    await expect.poll(() => dialog.getByTestId("session-state").textContent(), SCREEN).toBe("Scheduled")
    expect(await dialog.getByRole("group", { name: "Session actions" }).getByRole("button").allTextContents()).toEqual(["Reschedule", "Cancel session"])
    await page.keyboard.press("Escape")

    const calendar = page.getByTestId("session-calendar")
    await calendar.getByRole("group", { name: "Calendar view" }).getByRole("button", { name: "Month" }).click()
    await calendar.getByRole("button", { name: "Today" }).click()
    const monthCell = await showDay(page, localDay(start), "Next month")
    await expect.poll(() => monthCell.getByRole("button", { name: new RegExp(`^View session ${topic}`) }).count(), SCREEN).toBe(1)
  })

  it("the counsellor sees their Upcoming Session as a calendar", async () => {
    const topic = `Vendor calendar ${Date.now().toString(36)}`
    const start = await bookSession(topic, 10)
    const page = await newPage(browser)
    await openSignedIn(page, "nutritionist@demo.test", "/upcoming-session")
    await page.getByRole("group", { name: "Show sessions as" }).getByRole("button", { name: "Calendar" }).click()
    const cell = await showDay(page, localDay(start), "Next week")
    await expect.poll(() => cell.getByRole("button", { name: new RegExp(`^View session ${topic}`) }).textContent(), SCREEN).toContain("Uma User")
  })
})
