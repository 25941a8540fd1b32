import type { Browser, Locator, Page } from "playwright-core"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiToken, baseURL, forgetFormMessages, lastFormMessage, launchBrowser, newPage, openSignedIn, toastsSeen } from "./browser.ts"
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
    await openSignedIn(page, "editor@demo.test", "/blogs")
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
    await openSignedIn(page, "admin@demo.test", "/gallery")
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

/**
 * Puts a picture of its own into the library through the API, so a picker's search finds exactly it. Its colour
 * is random: the library keeps one entry per content, so the same bytes again would be the earlier entry.
 */
async function libraryImage(email: string, alt: string): Promise<{ _id: string; url: string; srcset: string }> {
  const colour = { r: Math.floor(Math.random() * 256), g: Math.floor(Math.random() * 256), b: Math.floor(Math.random() * 256) }
  const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: colour } })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append("alt", alt)
  form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "library.png")
  const token = await apiToken(email)
  const res = await fetch(`${baseURL()}/api/v1/media`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form })
  if (!res.ok) throw new Error(`upload to the library failed: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { data: { _id: string; url: string; srcset: string } }).data
}

/** Opens "Choose from library" beside the form's image, finds `alt` and picks it; the form then names it. */
async function chooseFromLibrary(page: Page, scope: Locator, alt: string) {
  await scope.getByRole("button", { name: "Choose from library" }).click()
  const picker = page.getByRole("dialog", { name: /from the library$/ })
  await expect.poll(() => picker.getByTestId("library-picker-grid").count()).toBe(1)
  await picker.getByRole("searchbox", { name: "Search by alt text" }).fill(alt)
  await picker.getByRole("search").getByRole("button", { name: "Search" }).click()
  await expect.poll(() => picker.getByRole("button", { name: /^Choose / }).count()).toBe(1)
  await picker.getByRole("button", { name: `Choose ${alt}` }).click()
  await expect.poll(() => picker.count()).toBe(0)
  await expect.poll(() => scope.getByTestId("chosen-image").textContent()).toBe(`From the library: ${alt}`)
  await expect.poll(() => scope.getByTestId("image-preview").count()).toBe(1)
}

/** The library's card of `alt` lists where the image is used. */
async function usedIn(page: Page, alt: string): Promise<string> {
  await page.goto("/media")
  await page.getByRole("searchbox", { name: "Search by alt text" }).fill(alt)
  await page.getByRole("search").getByRole("button", { name: "Search" }).click()
  await expect.poll(() => page.getByTestId("media-card").count()).toBe(1)
  return (await card(page, alt).textContent()) ?? ""
}

describe("choosing a library image in a content form (issue 28)", () => {
  it("the Editor gives a new expert an image from the library: no upload, and the library says where it is used", async () => {
    const alt = unique("A quiet consulting room")
    const image = await libraryImage("editor@demo.test", alt)
    const page = await newPage(browser)
    await openSignedIn(page, "editor@demo.test", "/experts")
    await page.getByRole("button", { name: "+ Add Expert" }).click()
    const form = dialog(page).filter({ has: page.getByLabel("Designation") })
    const name = unique("Dr. Library")
    await form.getByLabel("Name").fill(name)
    await form.getByLabel("Designation").fill("Counsellor")
    await chooseFromLibrary(page, form, alt)
    await saveModal(page, "Expert added successfully!", "Save")
    const expert = page.getByTestId("content-card").filter({ hasText: name })
    await expect.poll(() => expert.count()).toBe(1)
    // The card shows the library's own file: nothing was uploaded again.
    const picture = expert.getByRole("img")
    expect(await picture.getAttribute("src")).toBe(image.url)
    // With the library's srcset and its WebP source, the browser fetches a WebP variant, not the original PNG.
    expect(await picture.getAttribute("srcset")).toBe(image.srcset)
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).currentSrc)).toMatch(/^http.*\/uploads\/[a-f0-9]{32}\.webp$/)
    expect(await usedIn(page, alt)).toContain(`Expert: ${name.slice(0, 30)}`)
    await page.context().close()
  })

  it("the Admin writes a blog whose cover comes from the library, and the library keeps it from being deleted unwarned", async () => {
    const alt = unique("Morning light over a desk")
    const image = await libraryImage("admin@demo.test", alt)
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/add-blog")
    const main = page.getByRole("main")
    const name = unique("Library Cover Blog")
    await main.getByLabel("Blog Name").fill(name)
    await main.getByLabel("Title").fill("A cover from the library")
    await main.getByLabel("Keyword").fill("library")
    await main.getByLabel("Description").fill("Written with a cover chosen from the media library.")
    await chooseFromLibrary(page, main, alt)
    const body = page.getByRole("textbox", { name: "About Blog" })
    await body.click()
    await page.keyboard.type("A short body.")
    await page.getByRole("button", { name: "Add Blog" }).click()
    await page.waitForURL((u) => u.pathname === "/blogs")
    await expect.poll(() => toastsSeen(page)).toContain("Blog added successfully!")
    // The blog's cover is the library's own file: nothing was uploaded again.
    await page.getByTitle(name).click()
    await page.waitForURL((u) => u.pathname.startsWith("/blog/"))
    await expect.poll(() => page.getByTestId("image-preview").getAttribute("src")).toBe(image.url)

    const text = await usedIn(page, alt)
    expect(text).toContain("Blog:")
    await card(page, alt)
      .getByRole("button", { name: /^Delete/ })
      .click()
    const confirm = page.getByRole("alertdialog")
    await expect.poll(() => confirm.textContent()).toContain("This image is still used by: Blog “A cover from the library”")
    await confirm.getByRole("button", { name: "Cancel" }).click()
    await expect.poll(() => confirm.count()).toBe(0)
    await page.context().close()
  })
})
