import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiToken, baseURL, lastFormMessage, launchBrowser, newPage, openSignedIn } from "./browser.ts"
import { pngUpload, unique } from "./content-helpers.ts"

/**
 * Issue 25: every record with a history has one an Admin can open where the record is shown: an editor's
 * row, each content card, a counselling enquiry's view and the Admin's own account (vendors, tickets,
 * blogs and sessions have theirs in their own screens' tests).
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const historyDialog = (page: Page, name: string) => page.getByRole("dialog", { name: `History of ${name}` })
const entries = (page: Page, name: string) => historyDialog(page, name).getByTestId("record-history").locator("li")

describe("History beside Edit and Delete", () => {
  it("an expert's card: the Admin reads who changed its designation, from what to what", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/experts")
    const name = unique("Dr. History")
    await page.getByRole("button", { name: "+ Add Expert" }).click()
    const form = page.getByRole("dialog")
    await form.getByLabel("Name").fill(name)
    await form.getByLabel("Designation").fill("Counsellor")
    await form.getByLabel("Image").setInputFiles(pngUpload("face.png", 3))
    await form.getByRole("button", { name: "Save" }).click()
    await expect.poll(() => lastFormMessage(page)).toBe("Expert added successfully!")
    await expect.poll(() => form.count(), { timeout: 4000 }).toBe(0)
    await page.getByRole("button", { name: `Edit ${name}` }).click()
    await expect.poll(() => form.getByLabel("Name").inputValue()).toBe(name)
    await form.getByLabel("Designation").fill("Senior Counsellor")
    await form.getByRole("button", { name: "Save" }).click()
    await expect.poll(() => lastFormMessage(page)).toBe("Expert updated successfully!")
    await expect.poll(() => form.count(), { timeout: 4000 }).toBe(0)

    await page.getByRole("button", { name: `History of ${name}` }).click()
    // Newest first: the change of designation, then its creation.
    await expect.poll(() => entries(page, name).first().textContent(), { timeout: 15_000 }).toMatch(/Designation:\s*Counsellor\s*→\s*Senior Counsellor/)
    expect(await entries(page, name).first().textContent()).toContain("Asha Admin (Admin)admin@demo.test")
    expect(await entries(page, name).last().textContent()).toContain(`Asha Admin created expert “${name}”`)
    await historyDialog(page, name).getByRole("button", { name: "Close" }).last().click()
    await expect.poll(() => historyDialog(page, name).count()).toBe(0)
    await page.context().close()
  })

  it("an Editor, who does not read the event log, sees no History on the cards", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "editor@demo.test", "/experts")
    await expect.poll(() => page.getByTestId("content-card").count()).toBeGreaterThan(0)
    expect(await page.getByRole("button", { name: /^History of / }).count()).toBe(0)
    await page.context().close()
  })

  it("an editor's row: the account's changes and a link to the account workflow", async () => {
    const token = await apiToken("admin@demo.test")
    const api = (path: string, method: string, body: unknown) =>
      fetch(`${baseURL()}/api/v1${path}`, {
        method,
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      })
    const email = `history.editor.${Date.now()}@example.com`
    const created = await api("/user/create", "POST", { name: "History Editor", email, number: "9876512345" })
    expect(created.status).toBe(200)
    const { data } = (await created.json()) as { data: { _id: string } }
    expect((await api(`/user/editors/${data._id}`, "PATCH", { number: "9000022222" })).status).toBe(200)

    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/editor")
    await page.getByRole("row").filter({ hasText: email }).getByRole("button", { name: "History of History Editor" }).click()
    await expect.poll(() => entries(page, "History Editor").first().textContent(), { timeout: 15_000 }).toMatch(/Number:\s*9876512345\s*→\s*9000022222/)
    await historyDialog(page, "History Editor").getByRole("link", { name: "Its workflow" }).click()
    await expect.poll(() => page.getByTestId("machine-view").getAttribute("data-machine")).toBe("account")
    await page.context().close()
  })
})

describe("History where a record is viewed", () => {
  it("a counselling enquiry's view folds its history, linked to the enquiry-access workflow at its state", async () => {
    const name = unique("History Client")
    const res = await fetch(`${baseURL()}/api/v1/enquiry/create`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name,
        email: `history.client.${Date.now()}@example.com`,
        number: "9876509876",
        age: 30,
        question1: "Other",
        otherQuestion1: "Work stress",
        question2: "No, this is my first time",
        otherQuestion2: null,
        dateTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      }),
    })
    expect(res.status).toBe(200)
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/counselling")
    await page.getByRole("button", { name: `View enquiry of ${name}` }).click()
    const view = page.getByRole("dialog", { name: "Counselling Enquiry" })
    await view.getByRole("button", { name: "Show history" }).click()
    await expect.poll(() => view.getByTestId("record-history").locator("li").count(), { timeout: 15_000 }).toBeGreaterThan(0)
    await view.getByRole("link", { name: "Its workflow, with its current state marked" }).click()
    await expect.poll(() => page.getByTestId("machine-view").getAttribute("data-machine")).toBe("enquiry-access")
    expect(new URL(page.url()).searchParams.get("state")).toBe("enquiryAccess.awaitingAccess")
    await page.context().close()
  })

  it("the Admin's own profile folds their account's history", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/profile")
    await page.getByRole("button", { name: "Show history" }).click()
    const history = page.getByTestId("record-history")
    await expect.poll(() => history.getAttribute("aria-busy"), { timeout: 15_000 }).toBe("false")
    expect(await history.getByRole("link", { name: "Its workflow" }).getAttribute("href")).toBe("/state-diagrams?machine=account")
    await page.context().close()
  })
})
