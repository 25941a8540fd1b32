import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiToken, baseURL, launchBrowser, listsSettled, newPage, openSignedIn, tick } from "./browser.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** A ticket raised by the demo client through the API: its id and its TKT number. */
async function raise(query: string): Promise<{ _id: string; ticketId: string }> {
  const form = new FormData()
  form.append("ticketType", "General")
  form.append("query", query)
  const answer = await fetch(`${baseURL()}/api/v1/userQuery/create`, {
    method: "POST",
    headers: { authorization: `Bearer ${await apiToken("user@demo.test")}` },
    body: form,
  })
  expect(answer.status).toBe(200)
  return (await answer.json()).data
}

const closeAsAnotherAdmin = async (id: string) =>
  (
    await fetch(`${baseURL()}/api/v1/userQuery/update`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${await apiToken("admin@demo.test")}`, "content-type": "application/json" },
      body: JSON.stringify({ queryId: id }),
    })
  ).status

describe("closing many tickets at once (issue 26)", () => {
  it("closes the chosen tickets after asking, and names one another Admin closed meanwhile", async () => {
    const stamp = Date.now()
    const a = await raise(`Bulk close A ${stamp}`)
    const b = await raise(`Bulk close B ${stamp}`)
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/my-tickets?state=open&sort=-createdAt")
    await listsSettled(page)
    await tick(page.getByRole("checkbox", { name: `Select ${a.ticketId}` }))
    await tick(page.getByRole("checkbox", { name: `Select ${b.ticketId}` }))
    const bar = page.getByTestId("bulk-bar")
    expect(await bar.getByTestId("bulk-count").textContent()).toBe("2 selected")

    expect(await closeAsAnotherAdmin(b._id)).toBe(200)
    await bar.getByRole("button", { name: "Close tickets" }).click()
    const dialog = page.getByRole("alertdialog")
    await dialog.getByText("Close 2 tickets?", { exact: false }).waitFor()
    await dialog.getByRole("button", { name: "Close 2 tickets" }).click()
    await expect.poll(() => bar.getByTestId("bulk-summary").textContent()).toBe("1 ticket closed. 1 ticket not closed:")
    expect(await bar.getByTestId("bulk-refused").textContent()).toBe(`${b.ticketId}: This ticket is already closed.`)
    // The open list was read again: neither is in it now.
    await listsSettled(page)
    await expect.poll(() => page.getByRole("checkbox", { name: `Select ${a.ticketId}` }).count()).toBe(0)
    expect(await closeAsAnotherAdmin(a._id)).toBe(409)
    await page.context().close()
  })

  it("asks first, and a cancel keeps the selection; a raiser has no boxes", async () => {
    const c = await raise(`Bulk close C ${Date.now()}`)
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/my-tickets?state=open&sort=-createdAt")
    await listsSettled(page)
    await tick(page.getByRole("checkbox", { name: `Select ${c.ticketId}` }))
    await page.getByTestId("bulk-bar").getByRole("button", { name: "Close tickets" }).click()
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click()
    expect(await page.getByTestId("bulk-count").textContent()).toBe("1 selected")
    expect(await closeAsAnotherAdmin(c._id)).toBe(200)
    await page.context().close()

    const raiser = await newPage(browser)
    await openSignedIn(raiser, "user@demo.test", "/my-tickets")
    await listsSettled(raiser)
    expect(await raiser.getByRole("checkbox", { name: /^Select / }).count()).toBe(0)
    await raiser.context().close()
  })
})
