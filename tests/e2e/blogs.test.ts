import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiToken, lastFormMessage, launchBrowser, loginAs, newPage, openSignedIn, toastsSeen } from "./browser.ts"
import { apiGet } from "./machine-paths.ts"
import { editorReadSelection, pngUpload, unique } from "./content-helpers.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe("blogs", () => {
  it("an Editor writes a blog with coloured text and an image, finds it, toggles it, edits it and deletes it", async () => {
    const page = await newPage(browser)
    await loginAs(page, "editor@demo.test")
    await page.getByTestId("sidebar").getByRole("link", { name: "Blogs" }).click()
    await page.getByRole("link", { name: "+ Add Blog" }).click()
    await page.waitForURL((u) => u.pathname === "/add-blog")

    // Saving an empty form names what is missing and makes no call.
    await page.getByRole("button", { name: "Add Blog" }).click()
    await expect.poll(() => page.getByText("Blog Name is required.").count()).toBe(1)
    await expect.poll(() => page.getByText("Image is required.").count()).toBe(1)

    const name = unique("Colourful Breathing Guide")
    await page.getByLabel("Blog Name").fill(name)
    await page.getByLabel("Title").fill("Breathe in colour")
    await page.getByLabel("Keyword").fill("breathing, colour")
    await page.getByLabel("Description").fill("A short guide written in the browser test.")
    await page.getByLabel("Image").setInputFiles(pngUpload("cover.png"))
    await expect.poll(() => page.getByTestId("image-preview").count()).toBe(1)
    const body = page.getByRole("textbox", { name: "About Blog" })
    // The label names the editor and nothing else (issue 21: it once pointed at the colour list).
    await body.waitFor()
    const labelledControls = await page.evaluate(() =>
      [...document.querySelectorAll("label")].filter((label) => label.textContent?.includes("About Blog")).map((label) => label.control?.tagName ?? null),
    )
    expect(labelledControls).toEqual([])
    expect(await page.getByRole("combobox", { name: "Text colour" }).count()).toBe(1)
    await body.click()
    await page.keyboard.type("Plain introduction.")
    await page.keyboard.press("Enter")
    await page.keyboard.type("This line is red")
    await page.keyboard.press("Shift+Home")
    await editorReadSelection(page)
    await page.getByLabel("Text colour").selectOption("red")
    await page.keyboard.press("End")
    await page.keyboard.press("Enter")
    await page.getByLabel("Text colour").selectOption("")
    await page.keyboard.type("Bold closing words")
    await page.keyboard.press("Shift+Home")
    await editorReadSelection(page)
    await page.getByRole("button", { name: "Bold" }).click()
    await expect.poll(() => body.locator("span[data-blog-color='red']").filter({ hasText: "This line is red" }).count()).toBe(1)
    await page.getByRole("button", { name: "Add Blog" }).click()

    await page.waitForURL((u) => u.pathname === "/blogs")
    await expect.poll(() => toastsSeen(page)).toContain("Blog added successfully!")
    const row = page.getByRole("row").filter({ has: page.getByTitle(name) })
    await expect.poll(() => row.count()).toBe(1)
    expect(await row.getByRole("link").textContent()).toBe(`${name.slice(0, 15)}...`)
    await expect.poll(() => row.textContent()).toContain("Active")

    // The status changes once the server accepts it, and stays after a reload.
    await row.getByText("Active", { exact: true }).click()
    await expect.poll(() => row.textContent()).toContain("Inactive")
    await page.reload()
    await expect
      .poll(() =>
        page
          .getByRole("row")
          .filter({ has: page.getByTitle(name) })
          .textContent(),
      )
      .toContain("Inactive")

    // Update: the body comes back with its colour and bold; the image is optional.
    await page.getByTitle(name).click()
    await page.waitForURL((u) => u.pathname.startsWith("/blog/"))
    const editor = page.getByRole("textbox", { name: "About Blog" })
    await expect.poll(() => editor.locator("span[data-blog-color='red']").filter({ hasText: "This line is red" }).count()).toBe(1)
    await expect.poll(() => editor.locator("strong").filter({ hasText: "Bold closing words" }).count()).toBe(1)
    await expect.poll(() => page.getByTestId("image-preview").getAttribute("src")).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/)
    await page.getByLabel("Title").fill("Breathe in colour, revised")
    await page.getByRole("button", { name: "Update Blog" }).click()
    await expect.poll(() => lastFormMessage(page)).toBe("Blog updated successfully!")
    await page.waitForURL((u) => u.pathname === "/blogs", { timeout: 5000 })

    const again = page.getByRole("row").filter({ has: page.getByTitle(name) })
    await again.getByRole("button", { name: `Delete ${name}` }).click()
    await expect.poll(() => page.getByText("Are you sure you want to delete this blog?").count()).toBe(1)
    await page.getByRole("button", { name: "Yes" }).click()
    await expect.poll(() => page.getByTitle(name).count()).toBe(0)
    await page.context().close()
  })

  it("pages the table by 10 with 'Showing Page: x of y'", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/blogs")
    await expect.poll(() => page.getByTestId("page-info").textContent()).toMatch(/^Showing Page: 1 of [2-9]$/)
    expect(await page.getByRole("row").count()).toBe(11)
    await page.getByRole("button", { name: "Next" }).click()
    await expect.poll(() => page.getByTestId("page-info").textContent()).toMatch(/^Showing Page: 2 of /)
    await expect.poll(() => page.getByRole("cell", { name: "11", exact: true }).count()).toBe(1)
    await page.context().close()
  })

  it("a Lawyer opening /blogs is logged out and sent to /login", async () => {
    const page = await newPage(browser)
    await loginAs(page, "lawyer@demo.test")
    await page.goto("/blogs")
    await page.waitForURL((u) => u.pathname === "/login")
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0)
    await page.context().close()
  })

  it("the rich-text editor is not part of the console's first load", async () => {
    const page = await newPage(browser)
    const scripts: string[] = []
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname))
    await openSignedIn(page, "editor@demo.test", "/blogs")
    await expect.poll(() => page.getByRole("row").count()).toBeGreaterThan(1)
    expect(scripts.filter((s) => s.includes("rich-text-editor"))).toEqual([])
    await page.getByRole("link", { name: "+ Add Blog" }).click()
    await expect.poll(() => page.getByRole("textbox", { name: "About Blog" }).count()).toBe(1)
    expect(scripts.filter((s) => s.includes("rich-text-editor"))).toHaveLength(1)
    await page.context().close()
  })
})

describe("blog drafts (issue 28)", () => {
  it("what an Editor types is saved as a draft, listed apart on Blogs, continued in another browser, and discarded", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "editor@demo.test", "/add-blog")
    const title = unique("Half-written habits")
    await page.getByLabel("Title").fill(title)
    const body = page.getByRole("textbox", { name: "About Blog" })
    await body.click()
    await page.keyboard.type("A first paragraph kept as a draft.")
    await expect.poll(() => page.getByTestId("draft-status").textContent(), { timeout: 15_000 }).toMatch(/^Draft saved /)
    await page.context().close()

    // Another browser: the draft waits on Blogs, apart from the published blogs, and is offered on its form.
    const other = await newPage(browser)
    await openSignedIn(other, "editor@demo.test", "/blogs")
    const drafts = other.getByTestId("blog-drafts")
    await drafts.getByRole("link", { name: title }).click()
    await other.waitForURL((u) => u.pathname === "/add-blog")
    const offer = other.getByTestId("draft-offer")
    await expect.poll(() => offer.textContent()).toMatch(/^You have an unpublished draft of this form, saved /)
    await offer.getByRole("button", { name: "Continue draft" }).click()
    await expect.poll(() => other.getByLabel("Title").inputValue()).toBe(title)
    await expect.poll(() => other.getByRole("textbox", { name: "About Blog" }).textContent()).toContain("A first paragraph kept as a draft.")
    expect(await offer.count()).toBe(0)

    // Discarded from a fresh open: the offer goes, and so does the draft on Blogs.
    await other.reload()
    await other.getByTestId("draft-offer").getByRole("button", { name: "Discard draft" }).click()
    await expect.poll(() => other.getByTestId("draft-offer").count()).toBe(0)
    await other.goto("/blogs")
    await expect.poll(() => other.getByRole("heading", { name: "Blogs", level: 1 }).count()).toBe(1)
    await expect.poll(() => other.getByRole("link", { name: title }).count()).toBe(0)
    await other.context().close()
  })
})

describe("the Blogs list's order and Status filter (issue 26)", () => {
  it("Blog Name and Created sort the list, Status keeps the Active or Inactive blogs, all in the URL and as the server answers", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "editor@demo.test", "/blogs")
    const token = await apiToken("editor@demo.test")
    const serverNames = async (query: string, limit = 10) =>
      (await apiGet<{ data: { blogName: string }[] }>(`/blog/get?page=1&limit=${limit}${query}`, token)).data.map((b) => b.blogName)
    // The name cell shows 15 characters; its link's title holds the whole name (the row's only titled link).
    const shownNames = () => page.locator("tbody tr a[title]").evaluateAll((links) => links.map((a) => a.getAttribute("title")))
    await expect.poll(shownNames).toEqual(await serverNames(""))

    await page.getByRole("button", { name: "Blog Name: sort by name, A to Z" }).click()
    await page.waitForURL((url) => url.searchParams.get("sort") === "blogName")
    await expect.poll(shownNames).toEqual(await serverNames("&sort=blogName"))
    await page.getByRole("button", { name: "Blog Name: sort by name, Z to A" }).click()
    await page.waitForURL((url) => url.searchParams.get("sort") === "-blogName")
    await expect.poll(shownNames).toEqual(await serverNames("&sort=-blogName"))
    await page.getByRole("button", { name: "Created: sort by date created, newest first" }).click()
    await page.waitForURL((url) => url.searchParams.get("sort") === "-createdAt")
    await expect.poll(shownNames).toEqual(await serverNames(""))
    await page.getByRole("button", { name: "Created: sort by date created, oldest first" }).click()
    await page.waitForURL((url) => url.searchParams.get("sort") === "createdAt")
    await expect.poll(shownNames).toEqual(await serverNames("&sort=createdAt"))

    // Switch one blog off, then keep the Inactive ones: it is there, every row says Inactive.
    const first = (await serverNames("&sort=createdAt"))[0]!
    const rowOf = (name: string) => page.getByRole("row").filter({ has: page.locator(`a[title="${name}"]`) })
    await rowOf(first).getByText("Active", { exact: true }).click()
    await expect.poll(() => serverNames("&status=inactive", 100)).toContain(first)
    await page.getByLabel("Status", { exact: true }).selectOption("inactive")
    await page.waitForURL((url) => url.searchParams.get("status") === "inactive" && url.searchParams.get("sort") === "createdAt")
    await expect.poll(shownNames).toEqual(await serverNames("&sort=createdAt&status=inactive"))
    expect(await shownNames()).toContain(first)
    await page.reload()
    await expect.poll(() => page.getByLabel("Status", { exact: true }).inputValue()).toBe("inactive")
    await expect.poll(shownNames).toEqual(await serverNames("&sort=createdAt&status=inactive"))
    await page.getByLabel("Status", { exact: true }).selectOption("active")
    await page.waitForURL((url) => url.searchParams.get("status") === "active")
    await expect.poll(shownNames).toEqual(await serverNames("&sort=createdAt&status=active"))
    expect(await shownNames()).not.toContain(first)

    await page.getByLabel("Status", { exact: true }).selectOption("")
    await page.waitForURL((url) => !url.searchParams.has("status"))
    // Put the blog back on for the rest of the suite.
    await rowOf(first).getByText("Inactive", { exact: true }).click()
    await expect.poll(() => serverNames("&status=inactive", 100)).not.toContain(first)
    await page.context().close()
  })
})
