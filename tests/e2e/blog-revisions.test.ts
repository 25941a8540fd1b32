import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiToken, baseURL, launchBrowser, openSignedIn } from "./browser.ts"
import { apiCreateBlog, unique } from "./content-helpers.ts"
import { scan, type Finding } from "./a11y-tour.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe("a blog's revisions (issue 28)", () => {
  it("the Editor compares two revisions word by word and restores the first, which comes back exactly", async () => {
    const token = await apiToken("editor@demo.test")
    const name = unique("Revisions")
    const blog = await apiCreateBlog(token, {
      blogName: name,
      title: "Morning calm",
      keyword: "calm",
      description: "How mornings start.",
      about: "<p>Wake early and breathe slowly.</p>",
    })
    const form = new FormData()
    form.append("title", "Morning calm, revised")
    form.append("about", "<p>Wake early and breathe deeply.</p>")
    const updated = await fetch(`${baseURL()}/api/v1/blog/update/${blog._id}`, { method: "PATCH", headers: { authorization: `Bearer ${token}` }, body: form })
    expect(updated.status).toBe(200)

    // Without the page's script policy, so the accessibility check can be injected (as the tour does).
    const page = await (await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 }, bypassCSP: true })).newPage()
    await openSignedIn(page, "editor@demo.test", `/blog/${blog._id}`)
    await expect.poll(() => page.getByLabel("Title").inputValue()).toBe("Morning calm, revised")
    await page.getByRole("button", { name: "Show revisions" }).click()
    const section = page.getByRole("region", { name: "Revisions" })
    await expect.poll(() => section.getByTestId("revision-row").count()).toBe(2)
    expect(await section.getByTestId("revision-row").first().textContent()).toContain("Current")
    // The newest against the one before it, picked already.
    await section.getByRole("button", { name: "Compare" }).click()
    const comparison = section.getByTestId("revision-comparison")
    await expect.poll(() => comparison.textContent()).toContain("Title: Morning calm → Morning calm, revised")
    expect(await comparison.locator("del").allTextContents()).toContain("slowly.")
    expect(await comparison.locator("ins").allTextContents()).toContain("deeply.")
    // The section the accessibility tour does not open (it is folded there): scanned open, with a comparison.
    const findings: Finding[] = []
    await scan(page, "update blog, revisions open", findings)
    expect(findings).toEqual([])

    await section.getByRole("button", { name: /^Restore Created/ }).click()
    const confirm = page.getByRole("alertdialog")
    await expect.poll(() => confirm.textContent()).toContain("Restore this revision?")
    await confirm.getByRole("button", { name: "Restore" }).click()
    await expect.poll(() => page.getByText("Revision restored. It is now the blog's content, kept as a new revision.").first().isVisible()).toBe(true)
    // The form opens afresh on the restored text; the restore is itself the newest revision.
    await expect.poll(() => page.getByLabel("Title").inputValue()).toBe("Morning calm")
    await expect.poll(() => section.getByTestId("revision-row").count()).toBe(3)
    const details = await (await fetch(`${baseURL()}/api/v1/blog/getDetails/${blog._id}`, { headers: { authorization: `Bearer ${token}` } })).json()
    expect(details.data[0]).toMatchObject({ title: "Morning calm", about: "<p>Wake early and breathe slowly.</p>" })
    await page.context().close()
  })
})
