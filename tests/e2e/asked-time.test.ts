import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoPerson } from "../../server/db/seeds/demo-names.ts"
import { apiToken, baseURL, demoUserId, forgetFormMessages, formMessagesSeen, lastFormMessage, launchBrowser, newPage, openSignedIn } from "./browser.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const SCREEN = { timeout: 10_000 }
// A seeded approved client no other browser test signs in as, and a counsellor few of them book.
const client = demoPerson(117)
const clientEmail = `${client.emailLocal}@example.com`
const DAY = 86_400_000

const post = async (path: string, token: string, body: unknown) => {
  const res = await fetch(`${baseURL()}/api/v1${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200)
  return (await res.json()) as { data: { _id: string } }
}
const slot = (at: number) => ({ date: new Date(at).toISOString().slice(0, 10), time: `${new Date(at).toISOString().slice(11, 16)}Z` })
/** The browser's (and this process's) wall clock, as the form's fields hold it. */
const pad = (n: number) => String(n).padStart(2, "0")
const fieldsOf = (at: number) => {
  const d = new Date(at)
  return { date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time: `${pad(d.getHours())}:${pad(d.getMinutes())}` }
}

describe("a client's asked-for time (issue 24)", () => {
  it("the Admin's Reschedule form shows it and fills it in one click; the session moves there", async () => {
    const admin = await apiToken("admin@demo.test")
    const at = Math.ceil((Date.now() + 60 * DAY + Math.floor(Math.random() * 96) * 900_000) / 900_000) * 900_000
    const wished = at + 2 * DAY
    const topic = `Asked time ${Date.now().toString(36)}`
    const { data } = await post("/counselling/create", admin, {
      userId: await demoUserId(clientEmail),
      counsellorId: await demoUserId("yogateacher@demo.test"),
      ...slot(at),
      topic,
      agenda: "Move it",
      duration: 15,
    })
    await post(`/counselling/session/${data._id}/reschedule-request`, await apiToken(clientEmail), { ...slot(wished), reason: "Exams that week" })

    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/all-sessions")
    const view = page.getByRole("button", { name: `View session ${topic}` })
    await expect.poll(() => view.count(), SCREEN).toBe(1)
    await view.click()
    const details = page.getByRole("dialog", { name: "Session Details" })
    await expect.poll(() => details.getByTestId("session-wish").textContent(), SCREEN).toContain("Exams that week")
    await details.getByRole("group", { name: "Session actions" }).getByRole("button", { name: "Reschedule", exact: true }).click()
    const form = page.getByRole("dialog", { name: "Reschedule session" })
    await expect.poll(() => form.getByTestId("asked-time").textContent(), SCREEN).toContain("The client asked for")
    await form.getByRole("button", { name: "Use the asked time" }).click()
    const expected = fieldsOf(wished)
    expect(await form.getByLabel("Date", { exact: true }).inputValue()).toBe(expected.date)
    expect(await form.getByLabel("Time", { exact: true }).inputValue()).toBe(expected.time)
    expect(await form.getByLabel("Reason", { exact: true }).inputValue()).toBe("Moved to the time the client asked for")
    const free = form.getByRole("region", { name: "Free slots" })
    await expect.poll(() => free.getAttribute("aria-busy"), SCREEN).toBe("false")
    await forgetFormMessages(page)
    await form.getByRole("button", { name: "Reschedule", exact: true }).click()
    const ask = page.getByRole("alertdialog")
    await expect.poll(async () => (await ask.count()) > 0 || (await formMessagesSeen(page)).length > 0, SCREEN).toBe(true)
    if ((await ask.count()) > 0) await ask.getByRole("button", { name: "Move anyway" }).click()
    await expect.poll(() => lastFormMessage(page), SCREEN).toBe("Session rescheduled successfully.")

    const history = await fetch(`${baseURL()}/api/v1/counselling/session/${data._id}/history`, { headers: { authorization: `Bearer ${admin}` } })
    const top = ((await history.json()) as { data: Array<{ type: string; summary: string }> }).data[0]!
    expect(top.type).toBe("counsellingSession.rescheduled")
    expect(top.summary).toContain(`to ${new Date(wished).toISOString().slice(0, 10)} ${new Date(wished).toISOString().slice(11, 16)} UTC`)
    await page.context().close()
  })
})
