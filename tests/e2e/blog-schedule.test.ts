import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiToken, baseURL, launchBrowser, openSignedIn } from "./browser.ts"
import { apiCreateBlog, unique } from "./content-helpers.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const DAY = 24 * 60 * 60 * 1000

describe("a blog's scheduled publish (issue 28)", () => {
  it("the Editor schedules the form's changes for a time; the Admin sees who set it and cancels it; the blog stays as it was", async () => {
    const token = await apiToken("editor@demo.test")
    const name = unique("Scheduled")
    const blog = await apiCreateBlog(token, {
      blogName: name,
      title: "Evening calm",
      keyword: "calm",
      description: "How evenings end.",
      about: "<p>Slow down.</p>",
    })
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await openSignedIn(page, "editor@demo.test", `/blog/${blog._id}`)
    await expect.poll(() => page.getByLabel("Title").inputValue()).toBe("Evening calm")
    const section = page.getByRole("region", { name: "Schedule publish" })
    await expect.poll(() => section.textContent()).toContain("Nothing is scheduled.")

    // A time in the past is refused next to the field, before anything is sent.
    await section.getByLabel(/^Publish at/).fill("2001-01-05T09:30")
    await section.getByRole("button", { name: "Schedule changes" }).click()
    await expect.poll(() => section.textContent()).toContain("Choose a time in the future.")

    await page.getByLabel("Title").fill("Evening calm, scheduled")
    const when = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10)
    await section.getByLabel(/^Publish at/).fill(`${when}T10:00`)
    await section.getByRole("button", { name: "Schedule changes" }).click()
    await expect.poll(() => page.getByText("Changes scheduled. They go live at the time set.").first().isVisible()).toBe(true)
    await expect.poll(() => section.getByTestId("scheduled-publish").textContent()).toContain("set by Eshan Editor")
    const read = async () =>
      (await (await fetch(`${baseURL()}/api/v1/blog/getDetails/${blog._id}`, { headers: { authorization: `Bearer ${token}` } })).json()).data[0]
    expect((await read()).title).toBe("Evening calm")
    const scheduled = (await (await fetch(`${baseURL()}/api/v1/blog/schedule/${blog._id}`, { headers: { authorization: `Bearer ${token}` } })).json()).data
    expect(scheduled.values.title).toBe("Evening calm, scheduled")
    await context.close()

    const adminContext = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 } })
    const admin = await adminContext.newPage()
    await openSignedIn(admin, "admin@demo.test", `/blog/${blog._id}`)
    const adminSection = admin.getByRole("region", { name: "Schedule publish" })
    await expect.poll(() => adminSection.getByTestId("scheduled-publish").textContent()).toContain("set by Eshan Editor")
    await adminSection.getByRole("button", { name: "Cancel schedule" }).click()
    const confirm = admin.getByRole("alertdialog")
    await expect.poll(() => confirm.textContent()).toContain("Cancel the scheduled publish?")
    await confirm.getByRole("button", { name: "Cancel schedule" }).click()
    await expect.poll(() => admin.getByText("Scheduled publish cancelled.").first().isVisible()).toBe(true)
    await expect.poll(() => adminSection.textContent()).toContain("Nothing is scheduled.")
    expect((await read()).title).toBe("Evening calm")
    await adminContext.close()
  })
})
