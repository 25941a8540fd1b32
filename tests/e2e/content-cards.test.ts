import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { forgetFormMessages, lastFormMessage, launchBrowser, loginAs, newPage, openSignedIn } from "./browser.ts"
import { pngUpload, unique } from "./content-helpers.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const dialog = (page: Page) => page.getByRole("dialog")
const card = (page: Page, text: string) => page.getByTestId("content-card").filter({ hasText: text })

/** Saves the open modal and waits for its success message and for it to close (about 1 s later). */
async function saveModal(page: Page, success: string, submit = "Save") {
  await forgetFormMessages(page)
  await dialog(page).getByRole("button", { name: submit }).click()
  await expect.poll(() => lastFormMessage(page)).toBe(success)
  await expect.poll(() => dialog(page).count(), { timeout: 4000 }).toBe(0)
}

/** One frame's reading: the card grid's top on the page, and whether the page's form message showed. */
type GridFrame = { top: number | null; message: boolean }
/** What the recorder keeps on the page's window (a type only: the recorder itself runs in the page). */
type GridWatch = { __gridTops: GridFrame[]; __gridTopsStop?: boolean }

/**
 * Records, at every frame until `stop` is called, where the card grid starts on the page and whether the
 * page's form message shows, so a test can check the cards never move when the message comes or goes.
 */
async function watchGridTop(page: Page): Promise<{ stop: () => Promise<GridFrame[]> }> {
  await page.evaluate(() => {
    const w = window as unknown as GridWatch
    w.__gridTops = []
    w.__gridTopsStop = false
    const frame = () => {
      const grid = document.querySelector('[data-testid="card-grid"]')
      w.__gridTops.push({
        top: grid ? grid.getBoundingClientRect().top + window.scrollY : null,
        message: document.querySelector('[data-testid="page-message-line"] [data-testid="form-message"]') !== null,
      })
      if (!w.__gridTopsStop) requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
  })
  return {
    stop: () =>
      page.evaluate(() => {
        const w = window as unknown as GridWatch
        w.__gridTopsStop = true
        return w.__gridTops
      }),
  }
}

async function confirmDelete(page: Page, question: string) {
  await expect.poll(() => page.getByText(question).count()).toBe(1)
  await page.getByRole("button", { name: "Yes" }).click()
}

describe("content cards as an Editor", () => {
  it("adds, updates and deletes an expert", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "editor@demo.test", "/experts")
    await page.getByRole("button", { name: "+ Add Expert" }).click()
    await dialog(page).getByRole("button", { name: "Save" }).click()
    await expect.poll(() => dialog(page).getByText("Name is required.").count()).toBe(1)
    await expect.poll(() => dialog(page).getByText("Image is required.").count()).toBe(1)
    const name = unique("Dr. Browser")
    await dialog(page).getByLabel("Name").fill(name)
    await dialog(page).getByLabel("Designation").fill("Test Counsellor")
    await dialog(page).getByLabel("Image").setInputFiles(pngUpload("face.png", 2))
    await saveModal(page, "Expert added successfully!")
    await expect.poll(() => card(page, name).count()).toBe(1)
    expect(await card(page, name).getByRole("img").getAttribute("src")).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/)
    // The success message vanishes 2 s after the save.
    await expect.poll(() => page.getByTestId("form-message").count(), { timeout: 4000 }).toBe(0)

    await page.getByRole("button", { name: `Edit ${name}` }).click()
    await expect.poll(() => dialog(page).getByLabel("Name").inputValue()).toBe(name)
    await expect.poll(() => dialog(page).getByTestId("image-preview").count()).toBe(1)
    await dialog(page).getByLabel("Designation").fill("Senior Test Counsellor")
    await saveModal(page, "Expert updated successfully!")
    await expect.poll(() => card(page, name).textContent()).toContain("Senior Test Counsellor")

    await page.getByRole("button", { name: `Delete ${name}` }).click()
    await confirmDelete(page, "Are you sure you want to delete this expert?")
    await expect.poll(() => card(page, name).count()).toBe(0)
    await page.context().close()
  })

  it("adds, updates and deletes a testimonial", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "editor@demo.test", "/testimonials")
    await page.getByRole("button", { name: "+ Add Testimonial" }).click()
    const name = unique("Happy Tester")
    await dialog(page).getByLabel("Name").fill(name)
    await dialog(page).getByLabel("Content").fill("The browser test loved it.")
    await dialog(page).getByLabel("Image").setInputFiles(pngUpload("me.png", 3))
    await saveModal(page, "Testimonial added successfully!")
    await expect.poll(() => card(page, name).textContent()).toContain("“The browser test loved it.”")

    await page.getByRole("button", { name: `Edit ${name}` }).click()
    await dialog(page).getByLabel("Content").fill("Even better the second time.")
    await saveModal(page, "Testimonial updated successfully!")
    await expect.poll(() => card(page, name).textContent()).toContain("Even better the second time.")

    await page.getByRole("button", { name: `Delete ${name}` }).click()
    await confirmDelete(page, "Are you sure you want to delete this testimonial?")
    await expect.poll(() => card(page, name).count()).toBe(0)
    await page.context().close()
  })

  it("adds, updates and deletes a press item, refusing a non-web link", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "editor@demo.test", "/press-release-and-recognition")
    await page.getByRole("button", { name: "+ Add Press Release & Recognition" }).click()
    const link = `https://news.example.com/${unique("story").replace(/\W+/g, "-")}`
    await dialog(page).getByLabel("Link").fill("javascript:alert(1)")
    await dialog(page).getByLabel("Type").selectOption("Press Release")
    await dialog(page).getByLabel("Thumbnail").setInputFiles(pngUpload("thumb.png", 4))
    await dialog(page).getByRole("button", { name: "Save" }).click()
    await expect.poll(() => dialog(page).getByText("Link must be a web address starting with http:// or https://.").count()).toBe(1)
    await dialog(page).getByLabel("Link").fill(link)
    await saveModal(page, "Press Release & Recognition added successfully!")
    await expect.poll(() => card(page, link).textContent()).toContain("Press Release")

    await page.getByRole("button", { name: `Edit Press Release ${link}` }).click()
    await dialog(page).getByLabel("Type").selectOption("Recognition")
    const watch = await watchGridTop(page)
    await saveModal(page, "Press Release & Recognition updated successfully!")
    await expect.poll(() => card(page, link).textContent()).toContain("Recognition")
    // The message vanishes 2 s after the save; the cards stay where they were, so a click on Delete pressed
    // while the message showed and released after it went is still a click on Delete (when the grid moved
    // up 41 px, the release landed elsewhere and the click was lost).
    const remove = (await page.getByRole("button", { name: `Delete Recognition ${link}` }).boundingBox())!
    await page.mouse.move(remove.x + remove.width / 2, remove.y + remove.height / 2)
    await page.mouse.down()
    await expect.poll(() => page.getByTestId("form-message").count()).toBe(0)
    await page.mouse.up()
    const frames = (await watch.stop()).filter((f) => f.top !== null)
    expect(frames.some((f) => f.message)).toBe(true)
    expect(frames.at(-1)?.message).toBe(false)
    expect(new Set(frames.map((f) => f.top))).toEqual(new Set([frames[0]!.top]))
    await confirmDelete(page, "Are you sure you want to delete this press item?")
    await expect.poll(() => card(page, link).count()).toBe(0)
    await page.context().close()
  })

  it("uploads and deletes a gallery image; Upload is disabled without a file", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "editor@demo.test", "/gallery")
    const cards = page.getByTestId("content-card")
    await expect.poll(() => cards.count()).toBeGreaterThan(10)
    const before = await cards.count()
    await page.getByRole("button", { name: "+ Add Gallery" }).click()
    const upload = dialog(page).getByRole("button", { name: "Upload" })
    expect(await upload.isDisabled()).toBe(true)
    await dialog(page).getByLabel("Image").setInputFiles(pngUpload("view.png", 5))
    await expect.poll(() => upload.isDisabled()).toBe(false)
    await saveModal(page, "Image uploaded successfully!", "Upload")
    await expect.poll(() => cards.count()).toBe(before + 1)
    const added = await cards.first().getByRole("img").getAttribute("src")

    await cards
      .first()
      .getByRole("button", { name: /^Delete/ })
      .click()
    await confirmDelete(page, "Are you sure you want to delete this gallery image?")
    await expect.poll(() => cards.count()).toBe(before)
    expect(await page.locator(`img[src="${added}"]`).count()).toBe(0)
    await page.context().close()
  })

  it("shows the content totals on the dashboard, each linking to its list", async () => {
    const page = await newPage(browser)
    await loginAs(page, "editor@demo.test")
    for (const key of ["experts", "testimonials", "blogs", "gallery", "press"]) {
      await expect.poll(() => page.getByTestId(`total-${key}`).getByTestId("total-value").textContent()).toMatch(/^\d+$/)
    }
    await page.getByTestId("total-press").click()
    await page.waitForURL((u) => u.pathname === "/press-release-and-recognition")
    await page.context().close()
  })
})
