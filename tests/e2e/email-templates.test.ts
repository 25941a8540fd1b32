import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiToken, baseURL, mailTo, launchBrowser, loginAs, newPage } from "./browser.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

async function closeNewTicket(raiser: string, admin: string): Promise<string> {
  const form = new FormData()
  form.set("ticketType", "General")
  form.set("query", `Template ${Date.now()}`)
  const raised = await fetch(`${baseURL()}/api/v1/userQuery/create`, { method: "POST", headers: { authorization: `Bearer ${raiser}` }, body: form })
  const queryId = ((await raised.json()) as { data: { queryId: string; ticketId: string } }).data
  const closed = await fetch(`${baseURL()}/api/v1/userQuery/update`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
    body: JSON.stringify({ queryId: queryId.queryId }),
  })
  expect(closed.status).toBe(200)
  return queryId.ticketId
}

describe("email templates (issue 23)", () => {
  it("an Admin rewords an email with its placeholders, previews it, and new mails use it until reset", async () => {
    // A ticket closed first, so the preview has a real record to fill the template with.
    const first = await closeNewTicket(await apiToken("lawyer@demo.test"), await apiToken("admin@demo.test"))
    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    await page.getByRole("button", { name: /^User menu for / }).click()
    await page.getByRole("menuitem", { name: "Email templates" }).click()
    await page.waitForURL((url) => url.pathname === "/email-templates")
    await page.getByRole("navigation", { name: "Emails" }).getByRole("button", { name: "Ticket closed" }).click()
    await expect.poll(() => page.getByRole("heading", { name: "Ticket closed", level: 2 }).count()).toBe(1)

    const subject = page.getByLabel("Subject")
    const body = page.getByLabel("Body")
    await subject.fill("Closed for good: {{ticketCode}}")
    await body.fill("Dear {{nmae}},\n\nSee {{ticketUrl}}\n")
    // Checked as typed, next to the field, before anything is sent.
    await expect.poll(() => page.getByText(/^\{\{nmae\}\} is not a placeholder of this email\. Use one of: \{\{name\}\}/).count()).toBe(1)
    await body.fill("Dear {{name}},\n\nSee {{ticketUrl}}\n")
    await page.getByRole("button", { name: "Preview" }).click()
    await expect.poll(() => page.getByTestId("preview-subject").textContent()).toBe(`Closed for good: ${first}`)
    expect(await page.getByTestId("preview-text").textContent()).toMatch(/^Dear .+,\n\nSee http:\/\/[^/]+\/ticket\/[\w-]+\n?$/)

    await page.getByRole("button", { name: "Save" }).click()
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Template saved. New emails use it from now on." }).count()).toBe(1)
    const code = await closeNewTicket(await apiToken("lawyer@demo.test"), await apiToken("admin@demo.test"))
    expect(await mailTo("lawyer@demo.test", `Closed for good: ${code}`)).toContain("Dear ")

    await page.getByRole("button", { name: "Reset to default" }).click()
    await page.getByRole("alertdialog").getByRole("button", { name: "Reset" }).click()
    await expect.poll(() => subject.inputValue()).toBe("Your ticket was closed: {{ticketCode}}")
    await page.context().close()
  })
})
