import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser, listsSettled, newPage, openSignedIn, tick, tokenOf } from "./browser.ts"
import { seededVendor } from "./seeded-vendors.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** Narrows the list to one vendor and ticks their box: the selection is kept across searches. */
async function choose(page: Page, vendor: { name: string; email: string }) {
  await page.getByLabel("Search by name, email or number").fill(vendor.email)
  await page.getByRole("button", { name: "Search", exact: true }).click()
  await expect.poll(() => page.getByRole("checkbox", { name: `Select ${vendor.name}` }).count()).toBe(1)
  await listsSettled(page)
  await tick(page.getByRole("checkbox", { name: `Select ${vendor.name}` }))
}

/** The vendor's status as the API tells it to the page's own session. */
async function statusOf(page: Page, email: string): Promise<string> {
  const token = await tokenOf(page)
  return page.evaluate(
    async ([bearer, wanted]) => {
      const headers = { authorization: `Bearer ${bearer}` }
      for (const list of ["pending", "temp", "reject"]) {
        const answer = await (await fetch(`/api/v1/user/allUsers/${list}?search=${encodeURIComponent(wanted)}`, { headers })).json()
        if (answer.data.length) return answer.data[0].status as string
      }
      return "Approve"
    },
    [token, email] as const,
  )
}

describe("bulk status change on a review list", () => {
  it("moves the chosen vendors together, says who moved, and Undo moves them back", async () => {
    const [a, b] = [seededVendor(74), seededVendor(75)]
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/under-review-vendors")
    await choose(page, a)
    await choose(page, b)
    const bar = page.getByTestId("bulk-bar")
    expect(await bar.getByTestId("bulk-count").textContent()).toBe("2 selected")
    // The list's own status is not offered.
    expect(await bar.getByRole("button").allTextContents()).toEqual(["Temp Approve", "Approve", "Reject", "Clear selection"])

    await bar.getByRole("button", { name: "Temp Approve" }).click()
    // Undo lasts 5 seconds: the summary and the button are awaited as the page draws them (a locator's own
    // wait), and the statuses read after the click.
    await bar.getByTestId("bulk-summary").getByText("2 vendors moved to Temp Approve.", { exact: true }).waitFor()
    await bar.getByRole("button", { name: "Undo" }).click()
    await expect.poll(() => bar.getByTestId("bulk-summary").textContent()).toBe("Undone: 2 vendors moved back.")
    expect(await statusOf(page, a.email)).toBe("Under Review")
    expect(await statusOf(page, b.email)).toBe("Under Review")
    await bar.getByRole("button", { name: "Close summary" }).click()
    expect(await page.getByTestId("bulk-bar").count()).toBe(0)
    await page.context().close()
  })

  it("asks before approving, offers no Undo after, and names each vendor it could not move and why", async () => {
    const [fine, taken] = [seededVendor(76), seededVendor(77)]
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/under-review-vendors")
    await choose(page, fine)
    await choose(page, taken)
    // Another Admin approves one of them meanwhile.
    const token = await tokenOf(page)
    const status = await page.evaluate(
      async ([bearer, email]) => {
        const headers = { authorization: `Bearer ${bearer}`, "content-type": "application/json" }
        const found = await (await fetch(`/api/v1/user/allUsers/pending?search=${encodeURIComponent(email)}`, { headers })).json()
        const vendor = found.data[0] as { _id: string; organizationId: string }
        const body = JSON.stringify({ userId: vendor._id, status: "Approve", organizationId: vendor.organizationId })
        return (await fetch("/api/v1/user/updateUser", { method: "PATCH", headers, body })).status
      },
      [token, taken.email] as const,
    )
    expect(status).toBe(200)

    const bar = page.getByTestId("bulk-bar")
    await bar.getByRole("button", { name: "Approve", exact: true }).click()
    const dialog = page.getByRole("alertdialog")
    await expect.poll(() => dialog.getByText("Approve 2 vendors? Approval is final").count()).toBe(1)
    await dialog.getByRole("button", { name: "Approve 2 vendors" }).click()
    await expect.poll(() => bar.getByTestId("bulk-summary").textContent()).toBe("1 vendor approved. 1 vendor not moved:")
    expect(await bar.getByTestId("bulk-refused").textContent()).toBe(`${taken.name}: The vendor is already 'Approve'.`)
    expect(await bar.getByRole("button", { name: "Undo" }).count()).toBe(0)
    expect(await statusOf(page, fine.email)).toBe("Approve")
    await page.context().close()
  })

  it("keeps the chosen vendors when Reject is cancelled", async () => {
    const vendor = seededVendor(78)
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/under-review-vendors")
    await choose(page, vendor)
    const bar = page.getByTestId("bulk-bar")
    await bar.getByRole("button", { name: "Reject" }).click()
    const dialog = page.getByRole("alertdialog")
    await expect.poll(() => dialog.getByText("Reject 1 vendor? They are signed out").count()).toBe(1)
    await dialog.getByRole("button", { name: "Cancel" }).click()
    expect(await bar.getByTestId("bulk-count").textContent()).toBe("1 selected")
    expect(await statusOf(page, vendor.email)).toBe("Under Review")
    await page.context().close()
  })
})
