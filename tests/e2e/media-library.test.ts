import type { Browser, Page } from "playwright-core"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { forgetFormMessages, lastFormMessage, launchBrowser, loginAs, newPage } from "./browser.ts"
import { unique } from "./content-helpers.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const dialog = (page: Page) => page.getByRole("dialog")
const card = (page: Page, text: string) => page.getByTestId("media-card").filter({ hasText: text })

async function saveModal(page: Page, success: string, submit: string) {
  await forgetFormMessages(page)
  await dialog(page).getByRole("button", { name: submit }).click()
  await expect.poll(() => lastFormMessage(page)).toBe(success)
  await expect.poll(() => dialog(page).count(), { timeout: 4000 }).toBe(0)
}

describe("the media library (issue 28)", () => {
  it("the Editor reaches it from Blogs, uploads a photo with its alt text, finds it, and changes the alt text", async () => {
    const page = await newPage(browser)
    await loginAs(page, "editor@demo.test")
    await page.goto("/blogs")
    await page.getByRole("link", { name: "Media Library" }).click()
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Media Library")
    await expect.poll(() => page.getByTestId("media-card").count()).toBeGreaterThan(0)

    await page.getByRole("button", { name: "+ Upload Image" }).click()
    await dialog(page).getByRole("button", { name: "Upload" }).click()
    await expect.poll(() => dialog(page).getByText("Alt text is required.").count()).toBe(1)
    const alt = unique("A field of sunflowers")
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 230, g: 190, b: 40 } } })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 58/1 0/1" } })
      .toBuffer()
    await dialog(page).getByLabel("Alt text").fill(alt)
    await dialog(page).getByLabel("Image").setInputFiles({ name: "sunflowers.jpg", mimeType: "image/jpeg", buffer: photo })
    await saveModal(page, "Image added to the library.", "Upload")
    await expect.poll(() => card(page, alt).count()).toBe(1)
    const text = await card(page, alt).textContent()
    expect(text).toContain("900 × 600 px")
    expect(text).toContain("Uploaded by Eshan Editor")
    expect(text).toContain("Not used yet")
    // The browser picks from the variants: WebP first, the JPEG's srcset beside it.
    expect(await card(page, alt).locator("source").getAttribute("srcset")).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp 320w, \/uploads\/[a-f0-9]{32}\.webp 640w$/)
    expect(await card(page, alt).getByRole("img").getAttribute("alt")).toBe(alt)

    await page.getByRole("searchbox", { name: "Search by alt text" }).fill(alt)
    await page.getByRole("search").getByRole("button", { name: "Search" }).click()
    await expect.poll(() => page.getByTestId("media-card").count()).toBe(1)

    await card(page, alt)
      .getByRole("button", { name: /^Edit alt text/ })
      .click()
    await dialog(page).getByLabel("Alt text").fill(`${alt}, in July`)
    await saveModal(page, "Alt text saved.", "Save")
    await expect.poll(() => card(page, `${alt}, in July`).count()).toBe(1)
    await page.context().close()
  })

  it("the Admin is warned where an image is used before deleting it", async () => {
    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    await page.goto("/gallery")
    await page.getByRole("link", { name: "Media Library" }).click()
    const cover = page.getByTestId("media-card").filter({ hasText: "Cover of the blog" }).first()
    await expect.poll(() => cover.count()).toBe(1)
    const title = ((await cover.getByRole("img").getAttribute("alt")) ?? "").replace(/^Cover of the blog “|”$/g, "")
    await cover.getByRole("button", { name: /^Delete/ }).click()
    const confirm = page.getByRole("alertdialog")
    await expect.poll(() => confirm.textContent()).toContain(`This image is still used by: Blog “${title}”`)
    await confirm.getByRole("button", { name: "Cancel" }).click()
    await expect.poll(() => confirm.count()).toBe(0)
    await page.context().close()
  })
})
