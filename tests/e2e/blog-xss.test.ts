import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiToken, baseURL, launchBrowser, newPage, openSignedIn } from "./browser.ts"
import { apiCreateBlog } from "./content-helpers.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** Payloads that would set `window.pwned` if any of them ran. */
const payloads = [
  "<script>window.pwned = 'script'</script>",
  "<img src=x onerror=\"window.pwned = 'img'\">",
  "<svg onload=\"window.pwned = 'svg'\"><circle r=1></svg>",
  "<iframe srcdoc=\"<script>parent.pwned = 'iframe'</script>\"></iframe>",
  "<details open ontoggle=\"window.pwned = 'details'\">x</details>",
  '<p onmouseover="window.pwned = \'hover\'" style="position:fixed;inset:0">cover</p>',
  "<a id=evil href=\"javascript:window.pwned = 'link'\">click me</a>",
  "<math><mtext><table><mglyph><style><img src=x onerror=\"window.pwned = 'mxss'\"></style></mglyph></table></mtext></math>",
]
const body = `<p>Safe intro</p>${payloads.join("")}<p>Safe outro</p>`

describe("a blog body with injected script", () => {
  it("is stored without anything that runs, even when a page puts it straight into innerHTML", async () => {
    const token = await apiToken("editor@demo.test")
    const blog = await apiCreateBlog(token, { blogName: `Injected ${Date.now()}`, title: "t", keyword: "k", description: "d", about: body })
    const answer = (await (await fetch(`${baseURL()}/api/v1/public/blogs/${blog.slug}`)).json()) as { data: { about: string } }
    const page = await newPage(browser)
    const dialogs: string[] = []
    page.on("dialog", (d) => (dialogs.push(d.message()), d.dismiss()))
    // A blank page without the console's CSP, as a careless marketing site would render it.
    await page.setContent("<main id=out></main>")
    await page.evaluate((html) => {
      document.getElementById("out")!.innerHTML = html
    }, answer.data.about)
    await page.mouse.move(10, 10)
    for (const link of await page.locator("a").all()) await link.click({ force: true }).catch(() => {})
    await page.waitForTimeout(500)
    expect(await page.evaluate(() => (window as unknown as { pwned?: string }).pwned)).toBeUndefined()
    expect(dialogs).toEqual([])
    expect(await page.locator("#out").textContent()).toContain("Safe outro")

    // The same payloads unsanitised do run here, so the check above can see an execution.
    await page.setContent("<main id=out></main>")
    await page.evaluate((html) => {
      document.getElementById("out")!.innerHTML = html
    }, body)
    await expect.poll(() => page.evaluate(() => (window as unknown as { pwned?: string }).pwned)).toBeDefined()
    await page.context().close()
  })

  it("never runs when the blog is opened in the console's editor", async () => {
    const token = await apiToken("editor@demo.test")
    const blog = await apiCreateBlog(token, { blogName: `Injected editor ${Date.now()}`, title: "t", keyword: "k", description: "d", about: body })
    const page = await newPage(browser)
    const dialogs: string[] = []
    page.on("dialog", (d) => (dialogs.push(d.message()), d.dismiss()))
    await openSignedIn(page, "editor@demo.test", `/blog/${blog._id}`)
    const editor = page.getByRole("textbox", { name: "About Blog" })
    await expect.poll(() => editor.textContent()).toContain("Safe outro")
    await page.mouse.move(400, 500)
    await page.waitForTimeout(500)
    expect(await page.evaluate(() => (window as unknown as { pwned?: string }).pwned)).toBeUndefined()
    expect(dialogs).toEqual([])
    await page.context().close()
  })
})
