import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiToken, baseURL, launchBrowser, listsSettled, newPage, openSignedIn, tick } from "./browser.ts"
import { apiCreateBlog, unique } from "./content-helpers.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const fields = (blogName: string) => ({ blogName, title: "Bulk", keyword: "bulk", description: "Bulk actions", about: "<p>Bulk</p>" })

// getDetails answers `data` as an array holding the blog (spec section 7).
const blogAnswer = async (token: string, id: string) => {
  const res = await fetch(`${baseURL()}/api/v1/blog/getDetails/${id}`, { headers: { authorization: `Bearer ${token}` } })
  return { status: res.status, active: res.ok ? ((await res.json()) as { data: { status: boolean }[] }).data[0]!.status : null }
}

const setStatus = async (token: string, id: string, status: boolean) =>
  (
    await fetch(`${baseURL()}/api/v1/blog/updateBlogStatus/${id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ status }),
    })
  ).status

describe("the Blogs list acts on many blogs at once (issue 26)", () => {
  it("unpublishes the chosen blogs, names one already inactive, and Undo publishes it again", async () => {
    const token = await apiToken("admin@demo.test")
    const a = await apiCreateBlog(token, fields(unique("Bulk A")))
    const bName = unique("Bulk B")
    const b = await apiCreateBlog(token, fields(bName))
    // B is unpublished already: the run sends nothing for it and says why.
    expect(await setStatus(token, b._id, false)).toBe(200)
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/blogs")
    await listsSettled(page)
    await tick(page.getByRole("checkbox", { name: /^Select Bulk A/ }))
    await tick(page.getByRole("checkbox", { name: `Select ${bName}` }))
    const bar = page.getByTestId("bulk-bar")
    expect(await bar.getByTestId("bulk-count").textContent()).toBe("2 selected")
    await bar.getByRole("button", { name: "Unpublish" }).click()
    // Undo lasts 5 seconds: the summary and its button are awaited as the page draws them.
    await bar.getByTestId("bulk-summary").getByText("1 blog unpublished. 1 blog not unpublished:", { exact: true }).waitFor()
    expect(await bar.getByTestId("bulk-refused").textContent()).toBe(`${bName}: It is already inactive.`)
    expect((await blogAnswer(token, a._id)).active).toBe(false)
    await bar.getByRole("button", { name: "Undo" }).click()
    await expect.poll(() => bar.getByTestId("bulk-summary").textContent()).toBe("Undone: 1 blog put back.")
    expect((await blogAnswer(token, a._id)).active).toBe(true)
    expect((await blogAnswer(token, b._id)).active).toBe(false)
    // The list was read again: each switch shows the blog's status now.
    await listsSettled(page)
    expect(await page.getByRole("checkbox", { name: `Status of ${bName}` }).isChecked()).toBe(false)
    await page.context().close()
  })

  it("deletes the chosen blogs after asking (an Editor), and a cancel deletes nothing", async () => {
    const token = await apiToken("editor@demo.test")
    const names = [unique("Bulk delete C"), unique("Bulk delete D")]
    const made = [await apiCreateBlog(token, fields(names[0]!)), await apiCreateBlog(token, fields(names[1]!))]
    const page = await newPage(browser)
    await openSignedIn(page, "editor@demo.test", "/blogs")
    await listsSettled(page)
    for (const name of names) await tick(page.getByRole("checkbox", { name: `Select ${name}` }))
    const bar = page.getByTestId("bulk-bar")
    await bar.getByRole("button", { name: "Delete" }).click()
    const dialog = page.getByRole("alertdialog")
    await dialog.getByText("Are you sure you want to delete 2 blogs?", { exact: false }).waitFor()
    await dialog.getByRole("button", { name: "Cancel" }).click()
    expect(await bar.getByTestId("bulk-count").textContent()).toBe("2 selected")
    for (const blog of made) expect((await blogAnswer(token, blog._id)).status).toBe(200)

    await bar.getByRole("button", { name: "Delete" }).click()
    await dialog.getByRole("button", { name: "Delete 2 blogs" }).click()
    await expect.poll(() => bar.getByTestId("bulk-summary").textContent()).toBe("2 blogs deleted.")
    expect(await bar.getByRole("button", { name: "Undo" }).count()).toBe(0)
    for (const blog of made) expect((await blogAnswer(token, blog._id)).status).toBe(404)
    await listsSettled(page)
    await expect.poll(() => page.getByRole("checkbox", { name: `Select ${names[0]}` }).count()).toBe(0)
    await page.context().close()
  })
})
