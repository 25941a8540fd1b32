import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiToken, baseURL, launchBrowser, newPage, openSignedIn } from "./browser.ts"
import { pngUpload, unique } from "./content-helpers.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const dialog = (page: Page) => page.getByRole("dialog")

/** The person's draft of one form as the server keeps it, or null. */
async function draftOf(token: string, key: string): Promise<{ values: Record<string, string> } | null> {
  const res = await fetch(`${baseURL()}/api/v1/drafts/${encodeURIComponent(key)}`, { headers: { authorization: `Bearer ${token}` } })
  return ((await res.json()) as { data: { values: Record<string, string> } | null }).data
}

describe("the card forms' drafts (issue 28)", () => {
  it("what the Admin types in Add Expert survives the browser closing, is continued in another, and goes once the expert is saved", async () => {
    const token = await apiToken("admin@demo.test")
    const name = unique("Dr. Drafted")
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/experts")
    await page.getByRole("button", { name: "+ Add Expert" }).click()
    await dialog(page).getByLabel("Name").fill(name)
    await dialog(page).getByLabel("Designation").fill("Counsellor in the making")
    await expect.poll(() => dialog(page).getByTestId("draft-status").textContent(), { timeout: 15_000 }).toMatch(/^Draft saved /)
    await page.context().close()

    const other = await newPage(browser)
    await openSignedIn(other, "admin@demo.test", "/experts")
    await other.getByRole("button", { name: "+ Add Expert" }).click()
    const offer = dialog(other).getByTestId("draft-offer")
    await expect.poll(() => offer.textContent()).toMatch(/^You have an unpublished draft of this form, saved /)
    await offer.getByRole("button", { name: "Continue draft" }).click()
    await expect.poll(() => dialog(other).getByLabel("Name").inputValue()).toBe(name)
    expect(await dialog(other).getByLabel("Designation").inputValue()).toBe("Counsellor in the making")
    // The draft holds text only: the image is chosen again before saving.
    await dialog(other).getByLabel("Image").setInputFiles(pngUpload("drafted.png", 2))
    await dialog(other).getByRole("button", { name: "Save" }).click()
    await expect.poll(() => other.getByTestId("content-card").filter({ hasText: name }).count()).toBe(1)
    await expect.poll(() => draftOf(token, "expert:new")).toBeNull()
    await other.context().close()
  })

  it("a change to a testimonial is saved as its draft the moment the Editor closes the form, and can be discarded", async () => {
    const token = await apiToken("editor@demo.test")
    const page = await newPage(browser)
    await openSignedIn(page, "editor@demo.test", "/testimonials")
    const card = page.getByTestId("content-card").first()
    await card.getByRole("button", { name: /^Edit / }).click()
    const content = dialog(page).getByLabel("Content")
    await expect.poll(() => content.inputValue()).not.toBe("")
    const before = await content.inputValue()
    await content.fill(`${before} Added before closing.`)
    // Closed at once, well before the 2 s pause: closing saves what waits.
    await dialog(page).getByRole("button", { name: "Cancel" }).click()
    const drafts = async () =>
      (
        (await (await fetch(`${baseURL()}/api/v1/drafts?form=testimonial`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
          data: Array<{ key: string }>
        }
      ).data
    await expect.poll(async () => (await drafts()).length).toBe(1)
    const key = (await drafts())[0]!.key
    expect((await draftOf(token, key))?.values["summery"]).toBe(`${before} Added before closing.`)

    // Opened again, it offers the change; Discard keeps the testimonial as it is and removes the draft.
    await card.getByRole("button", { name: /^Edit / }).click()
    const offer = dialog(page).getByTestId("draft-offer")
    await offer.getByRole("button", { name: "Discard draft" }).click()
    await expect.poll(() => offer.count()).toBe(0)
    expect(await content.inputValue()).toBe(before)
    await expect.poll(() => draftOf(token, key)).toBeNull()
    await page.context().close()
  })
})
