import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiToken, baseURL, launchBrowser, loginAs, newPage } from "./browser.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

async function api(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${baseURL()}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  return { status: res.status, json: (await res.json()) as { data: Record<string, unknown> } }
}

async function raiseTicket(token: string, query: string): Promise<string> {
  const form = new FormData()
  form.set("ticketType", "General")
  form.set("query", query)
  const res = await fetch(`${baseURL()}/api/v1/userQuery/create`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: { queryId: string } }).data.queryId
}

describe("the notification bell (issue 23)", () => {
  it("counts a new notification without a reload, lists it, and leads to its record, marking it read", async () => {
    const vendor = await apiToken("yogateacher@demo.test")
    const admin = await apiToken("admin@demo.test")
    const queryId = await raiseTicket(vendor, `Bell ${Date.now()}`)

    const page = await newPage(browser)
    // The bell opens the live stream a few seconds after the console opens (so the first load competes with nothing).
    const streaming = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/v1/live", { timeout: 15_000 })
    await loginAs(page, "yogateacher@demo.test")
    // This browser is new to the account, so the sign-in itself is a notification: read it all first.
    await api("POST", "/notifications/read-all", vendor)
    expect((await streaming).status()).toBe(200)
    const bell = page.getByRole("button", { name: /^Notifications/ })
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notifications")

    expect((await api("POST", "/userQuery/addResponse", admin, { queryId, question: "", answer: "Here is your answer" })).status).toBe(200)
    await expect.poll(() => bell.getAttribute("aria-label"), { timeout: 4_000, interval: 100 }).toBe("Notifications, 1 unread")
    expect(await page.evaluate(() => location.pathname)).toBe("/")

    await bell.click()
    const panel = page.getByRole("dialog", { name: "Notifications" })
    const entry = panel.getByRole("button", { name: /Your ticket has an answer: .* \(unread\)/ })
    await entry.waitFor()
    await entry.click()
    await page.waitForURL((url) => url.pathname === `/ticket/${queryId}`)
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notifications")
    await page.context().close()
  })

  it("marks all read, and reaches the settings, where an email switch saves at once", async () => {
    const vendor = await apiToken("yogateacher@demo.test")
    const admin = await apiToken("admin@demo.test")
    for (const n of [1, 2]) {
      const queryId = await raiseTicket(vendor, `Bell all ${n} ${Date.now()}`)
      await api("POST", "/userQuery/addResponse", admin, { queryId, question: "", answer: "Answer" })
    }
    const page = await newPage(browser)
    await loginAs(page, "yogateacher@demo.test")
    const bell = page.getByRole("button", { name: /^Notifications/ })
    await expect.poll(() => bell.getAttribute("aria-label")).toMatch(/^Notifications, \d+ unread$/)
    await bell.click()
    const panel = page.getByRole("dialog", { name: "Notifications" })
    await panel.getByRole("button", { name: "Mark all as read" }).click()
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notifications")
    await expect.poll(() => panel.getByText("(unread)").count()).toBe(0)

    await panel.getByRole("button", { name: "Notification settings" }).click()
    await page.waitForURL((url) => url.pathname === "/notification-settings")
    const ticketAnswered = page.getByRole("switch", { name: "Email: Ticket answered" })
    await ticketAnswered.waitFor()
    expect(await ticketAnswered.isChecked()).toBe(true)
    // What is always mailed has no switch.
    expect(
      await page
        .getByRole("row", { name: /Password changed/ })
        .getByText("Always sent")
        .count(),
    ).toBe(1)
    await ticketAnswered.click()
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Notification settings saved." }).count()).toBe(1)
    const saved = (await api("GET", "/notifications/preferences", vendor)).json.data as unknown as Array<{ kind: string; mail: boolean }>
    expect(saved.find((p) => p.kind === "ticket.answered")!.mail).toBe(false)
    await page.getByRole("switch", { name: "Email: Ticket answered" }).click()
    await expect
      .poll(
        async () =>
          ((await api("GET", "/notifications/preferences", vendor)).json.data as unknown as Array<{ kind: string; mail: boolean }>).find(
            (p) => p.kind === "ticket.answered",
          )!.mail,
      )
      .toBe(true)
    await page.context().close()
  })
})
