import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiToken, baseURL, launchBrowser, listsSettled, newPage, openSignedIn, tick, untick } from "./browser.ts"
import { pngUpload, unique } from "./content-helpers.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** A card made through the API as the content form makes it (multipart, with its image). */
async function addCard(token: string, path: string, fields: Record<string, string>, imageField: string, seed: number): Promise<string> {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  form.append(imageField, new Blob([new Uint8Array(pngUpload("card.png", seed).buffer)], { type: "image/png" }), "card.png")
  const res = await fetch(`${baseURL()}/api/v1${path}`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: { _id: string } }).data._id
}

const listIds = async (token: string, path: string) => {
  const res = await fetch(`${baseURL()}/api/v1${path}?page=1&limit=100`, { headers: { authorization: `Bearer ${token}` } })
  return ((await res.json()) as { data: { _id: string }[] }).data.map((item) => item._id)
}

const remove = async (token: string, path: string) =>
  (await fetch(`${baseURL()}/api/v1${path}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } })).status

describe("card screens delete many cards at once (issue 26)", () => {
  it("Experts: the chosen experts go after asking; a cancel deletes nothing", async () => {
    const token = await apiToken("admin@demo.test")
    const names = [unique("Bulk expert A"), unique("Bulk expert B")]
    const ids = [
      await addCard(token, "/expert/auth/add", { name: names[0]!, designation: "Advocate" }, "avatar", 1),
      await addCard(token, "/expert/auth/add", { name: names[1]!, designation: "Dietitian" }, "avatar", 2),
    ]
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/experts")
    await listsSettled(page)
    for (const name of names) await tick(page.getByRole("checkbox", { name: `Select ${name}` }))
    const bar = page.getByTestId("bulk-bar")
    expect(await bar.getByTestId("bulk-count").textContent()).toBe("2 selected")

    await bar.getByRole("button", { name: "Delete" }).click()
    const dialog = page.getByRole("alertdialog")
    await dialog.getByText("Are you sure you want to delete 2 experts?", { exact: false }).waitFor()
    await dialog.getByRole("button", { name: "Cancel" }).click()
    expect(await bar.getByTestId("bulk-count").textContent()).toBe("2 selected")
    expect(await listIds(token, "/expert/auth/get")).toEqual(expect.arrayContaining(ids))

    await bar.getByRole("button", { name: "Delete" }).click()
    await dialog.getByRole("button", { name: "Delete 2 experts" }).click()
    await expect.poll(() => bar.getByTestId("bulk-summary").textContent()).toBe("2 experts deleted.")
    expect(await bar.getByRole("button", { name: "Undo" }).count()).toBe(0)
    const left = await listIds(token, "/expert/auth/get")
    for (const id of ids) expect(left).not.toContain(id)
    await listsSettled(page)
    await expect.poll(() => page.getByRole("checkbox", { name: `Select ${names[0]}` }).count()).toBe(0)
    await page.context().close()
  })

  it("Gallery (an Editor): every image shown is chosen at once, and one deleted meanwhile is named with the server's reason", async () => {
    const token = await apiToken("editor@demo.test")
    const before = await listIds(token, "/gallery/get")
    const made = [await addCard(token, "/gallery/add", {}, "image", 3), await addCard(token, "/gallery/add", {}, "image", 4)]
    const page = await newPage(browser)
    await openSignedIn(page, "editor@demo.test", "/gallery")
    await listsSettled(page)
    // The words beside the box tick it too.
    await page.getByText("Select all", { exact: true }).click()
    await expect.poll(() => page.getByRole("checkbox", { name: "Select all gallery images shown" }).isChecked()).toBe(true)
    const bar = page.getByTestId("bulk-bar")
    const shown = before.length + made.length
    expect(await bar.getByTestId("bulk-count").textContent()).toBe(`${shown} selected`)
    // Unticked again, nothing is chosen and the bar goes.
    await untick(page.getByRole("checkbox", { name: "Select all gallery images shown" }))
    expect(await bar.count()).toBe(0)
    // The newest images come first, and today's all share a name ("image added <day>"): the first two are ours.
    const boxes = page.getByRole("checkbox", { name: /^Select image added / })
    await tick(boxes.nth(0))
    await tick(boxes.nth(1))
    expect(await bar.getByTestId("bulk-count").textContent()).toBe("2 selected")

    expect(await remove(token, `/gallery/delete/${made[1]}`)).toBe(200)
    await bar.getByRole("button", { name: "Delete" }).click()
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete 2 gallery images" }).click()
    await expect.poll(() => bar.getByTestId("bulk-summary").textContent()).toBe("1 gallery image deleted. 1 gallery image not deleted:")
    expect(await bar.getByTestId("bulk-refused").textContent()).toMatch(/^image added .+: Gallery image not found\.$/)
    expect(await listIds(token, "/gallery/get")).toEqual(before)
    await page.context().close()
  })
})
