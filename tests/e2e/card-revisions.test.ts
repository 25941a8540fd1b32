import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiToken, baseURL, launchBrowser, openSignedIn } from "./browser.ts"
import { pngUpload, unique } from "./content-helpers.ts"
import { scan, type Finding } from "./a11y-tour.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** A card added through the API, then changed once: two revisions. */
async function cardWithTwoRevisions(
  token: string,
  base: string,
  image: string,
  first: Record<string, string>,
  second: Record<string, string>,
): Promise<string> {
  const form = (fields: Record<string, string>, withImage: boolean) => {
    const body = new FormData()
    for (const [k, v] of Object.entries(fields)) body.append(k, v)
    if (withImage) body.append(image, new Blob([new Uint8Array(pngUpload().buffer)], { type: "image/png" }), "face.png")
    return body
  }
  const headers = { authorization: `Bearer ${token}` }
  const added = await fetch(`${baseURL()}/api/v1${base}/auth/add`, { method: "POST", headers, body: form(first, true) })
  expect(added.status).toBe(200)
  const id = ((await added.json()) as { data: { _id: string } }).data._id
  expect((await fetch(`${baseURL()}/api/v1${base}/auth/update/${id}`, { method: "PATCH", headers, body: form(second, false) })).status).toBe(200)
  return id
}

describe("a card's revisions (issue 28)", () => {
  it("the Editor compares a testimonial's two revisions word by word and restores the first: the card shows it again", async () => {
    const token = await apiToken("editor@demo.test")
    const name = unique("Revised Meera")
    const id = await cardWithTwoRevisions(
      token,
      "/testimonial",
      "avatar",
      { name, summery: "Kind and quick help with my plan." },
      { name, summery: "Kind and patient help with my plan." },
    )
    // Without the page's script policy, so the accessibility check can be injected (as the tour does).
    const page = await (await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 }, bypassCSP: true })).newPage()
    await openSignedIn(page, "editor@demo.test", "/testimonials")
    const card = page.getByTestId("content-card").filter({ hasText: name })
    await expect.poll(() => card.textContent()).toContain("Kind and patient help")
    await card.getByRole("button", { name: `Revisions of ${name}` }).click()
    const dialog = page.getByRole("dialog", { name: `Revisions of ${name}` })
    const section = dialog.getByRole("region", { name: "Revisions" })
    await expect.poll(() => section.getByTestId("revision-row").count()).toBe(2)
    expect(await section.getByTestId("revision-row").first().textContent()).toContain("Current")
    await section.getByRole("button", { name: "Compare" }).click()
    const comparison = section.getByTestId("revision-comparison")
    await expect.poll(() => comparison.textContent()).toContain("Content (added, removed)")
    expect(await comparison.locator("del").allTextContents()).toContain("quick")
    expect(await comparison.locator("ins").allTextContents()).toContain("patient")
    const findings: Finding[] = []
    await scan(page, "testimonials, a card's revisions open", findings)
    expect(findings).toEqual([])

    await section.getByRole("button", { name: /^Restore Created/ }).click()
    const confirm = page.getByRole("alertdialog")
    await expect.poll(() => confirm.textContent()).toContain("Its name and content become the testimonial's again")
    await confirm.getByRole("button", { name: "Restore" }).click()
    await expect.poll(() => page.getByText("Revision restored. It is now the current content, kept as a new revision.").first().isVisible()).toBe(true)
    // The restore is the newest revision, and the cards behind the modal were read again.
    await expect.poll(() => section.getByTestId("revision-row").count()).toBe(3)
    await dialog.getByRole("button", { name: "Close" }).first().click()
    await expect.poll(() => card.textContent()).toContain("Kind and quick help")
    const row = await fetch(`${baseURL()}/api/v1/testimonial/revisions/${id}`, { headers: { authorization: `Bearer ${token}` } })
    expect(((await row.json()) as { data: Array<{ change: string; by: string }> }).data[0]).toMatchObject({ change: "Updated", by: "Eshan Editor" })
    await page.context().close()
  })

  it("the Admin sees an expert's revisions beside its History, and a refused restore is said in the modal", async () => {
    const token = await apiToken("admin@demo.test")
    const name = unique("Dr. Revised")
    const id = await cardWithTwoRevisions(token, "/expert", "avatar", { name, designation: "Counsellor" }, { name, designation: "Senior Counsellor" })
    const page = await (await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 } })).newPage()
    await openSignedIn(page, "admin@demo.test", "/experts")
    const card = page.getByTestId("content-card").filter({ hasText: name })
    await expect.poll(() => card.getByRole("button", { name: `History of ${name}` }).isVisible()).toBe(true)
    await card.getByRole("button", { name: `Revisions of ${name}` }).click()
    const section = page.getByRole("dialog", { name: `Revisions of ${name}` }).getByRole("region", { name: "Revisions" })
    await expect.poll(() => section.getByTestId("revision-row").count()).toBe(2)
    await section.getByRole("button", { name: "Compare" }).click()
    await expect.poll(() => section.getByTestId("revision-comparison").textContent()).toContain("Designation: Counsellor → Senior Counsellor")
    // The expert is deleted elsewhere meanwhile: the restore is refused, and the modal says so.
    expect((await fetch(`${baseURL()}/api/v1/expert/auth/delete/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
    await section.getByRole("button", { name: /^Restore Created/ }).click()
    await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click()
    await expect.poll(() => section.getByRole("alert").textContent()).toBe("Expert not found.")
    await page.context().close()
  })
})
