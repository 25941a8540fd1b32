import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { baseURL, launchBrowser, loginAs, newPage } from "./browser.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe("auditors", () => {
  it("the Admin finds a password change in the audit trail and rebuilds the user as of now", async () => {
    // Produce an event: the user changes their password through the API.
    const login = await fetch(`${baseURL()}/api/v1/user/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "imageconsultant@demo.test", password: "Demo@12345" }) })
    const { data } = await login.json()
    // There and back: a new password must differ, and the other files sign in with the demo one.
    const change = (token: string, oldPassword: string, newPassword: string) =>
      fetch(`${baseURL()}/api/v1/user/updateCurrentPassword`, {
        method: "PATCH",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ oldPassword, newPassword }),
      })
    const changed = await change(data.accessToken, "Demo@12345", "Audit@12345")
    expect(changed.status).toBe(200)
    const renewed = ((await changed.json()) as { data: { accessToken: string } }).data.accessToken
    expect((await change(renewed, "Audit@12345", "Demo@12345")).status).toBe(200)

    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    await page.getByRole("button", { name: "User menu for Asha Admin" }).click()
    await page.getByRole("menuitem", { name: "Audit trail" }).click()
    await page.waitForURL((url) => url.pathname === "/audit")
    await page.getByLabel("Event type").fill("user.passwordChanged")
    await page.getByRole("button", { name: "Apply filters" }).click()
    await expect.poll(() => page.getByRole("cell", { name: "user.passwordChanged" }).count()).toBeGreaterThan(0)
    await expect.poll(() => page.getByRole("cell", { name: "Ira ImageConsultant" }).count()).toBeGreaterThan(0)

    await page.getByLabel("Entity type", { exact: true }).fill("user")
    await page.getByLabel("Entity id", { exact: true }).last().fill(data.user._id)
    await page.getByLabel("Date and time").fill("2099-01-01T00:00")
    await page.getByRole("button", { name: "Rebuild" }).click()
    await expect.poll(() => page.getByTestId("as-of-result").textContent()).toContain("user.passwordChanged")
    await page.context().close()
  })

  it("the audit trail keeps its filters and page in the address: reload keeps them, Back restores the filters before", async () => {
    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    await page.goto("/audit")
    const entity = page.getByLabel("Entity", { exact: true })
    const pageInfo = page.getByTestId("page-info")
    const query = () => new URL(page.url()).searchParams
    // Every row's Entity cell ('<type> <id>') names the filtered type.
    const entityTypesShown = async () => new Set((await page.locator("tbody tr td:nth-child(3)").allTextContents()).map((t) => t.split(" ")[0]))

    await entity.fill("user")
    await page.getByLabel("From").fill("2000-01-01T00:00")
    await page.getByRole("button", { name: "Apply filters" }).click()
    await expect.poll(() => query().get("entityType")).toBe("user")
    expect(query().get("from")).toBe(new Date(2000, 0, 1).toISOString())
    await expect.poll(entityTypesShown).toEqual(new Set(["user"]))
    await page.getByRole("button", { name: "Next" }).click()
    await expect.poll(() => query().get("page")).toBe("2")
    await expect.poll(() => pageInfo.textContent()).toMatch(/^Showing Page: 2 of \d+$/)
    const secondPage = await page.locator("tbody tr").allTextContents()

    await page.reload()
    await expect.poll(() => pageInfo.textContent()).toMatch(/^Showing Page: 2 of \d+$/)
    expect(await entity.inputValue()).toBe("user")
    expect(await page.getByLabel("From").inputValue()).toBe("2000-01-01T00:00")
    await expect.poll(() => page.locator("tbody tr").allTextContents()).toEqual(secondPage)

    await entity.fill("ticket")
    await page.getByRole("button", { name: "Apply filters" }).click()
    await expect.poll(entityTypesShown).toEqual(new Set(["ticket"]))
    expect(query().get("page")).toBeNull()

    await page.goBack()
    await expect.poll(() => entity.inputValue()).toBe("user")
    await expect.poll(() => page.locator("tbody tr").allTextContents()).toEqual(secondPage)
    expect(await pageInfo.textContent()).toMatch(/^Showing Page: 2 of \d+$/)
    await page.goBack()
    await expect.poll(() => pageInfo.textContent()).toMatch(/^Showing Page: 1 of \d+$/)
    expect(await entity.inputValue()).toBe("user")
    await page.context().close()
  })

  it("the Admin sees state diagrams drawn in the browser, loaded only on that page", async () => {
    const page = await newPage(browser)
    const scripts: string[] = []
    page.on("response", (r) => r.request().resourceType() === "script" && scripts.push(r.url()))
    await loginAs(page, "admin@demo.test")
    expect(scripts.some((s) => /mermaid/i.test(s))).toBe(false)
    await page.goto("/state-diagrams")
    await expect.poll(() => page.getByTestId("machine-diagram").locator("svg").count(), { timeout: 20_000 }).toBe(1)
    await page.getByRole("tab", { name: "Session lifetime" }).click()
    await expect.poll(() => page.getByTestId("machine-diagram").textContent(), { timeout: 20_000 }).toContain("signedIn")
    await page.context().close()
  })

  it("a non-admin opening the audit trail is told it has no access, and stays signed in", async () => {
    const page = await newPage(browser)
    await loginAs(page, "editor@demo.test")
    await page.goto("/audit")
    await expect.poll(() => page.getByRole("heading", { name: "You don't have access to this page" }).count()).toBe(1)
    expect(new URL(page.url()).pathname).toBe("/audit")
    await page.getByRole("link", { name: "Go to the dashboard" }).click()
    await page.waitForURL((url) => url.pathname === "/")
    await expect.poll(() => page.getByText(/^Welcome, /).count()).toBe(1)
    await page.context().close()
  })
})

describe("current state on its diagram", () => {
  it("Vendor Details and Ticket Details show the entity's state highlighted on its machine's diagram", async () => {
    const login = await fetch(`${baseURL()}/api/v1/user/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "admin@demo.test", password: "Demo@12345" }) })
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken
    const get = async (path: string) => (await fetch(`${baseURL()}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } })).json()
    const rejected = (await get("/user/allUsers/reject?page=1&limit=1")) as { data: Array<{ _id: string }> }
    const tickets = (await get("/userQuery/get?page=1&limit=50")) as { data: Array<{ _id: string; status: boolean; userRating: number | null }> }
    const rated = tickets.data.find((t) => t.status && t.userRating !== null)!

    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    await page.goto(`/vendor-details/${rejected.data[0]!._id}`)
    await page.getByRole("button", { name: "Show status diagram" }).click()
    const vendorDiagram = page.getByTestId("current-state-diagram")
    expect(await vendorDiagram.getAttribute("data-current-state")).toBe("vendorStatus.rejected")
    await expect.poll(() => vendorDiagram.locator("svg .current").count(), { timeout: 20_000 }).toBeGreaterThan(0)

    await page.goto(`/ticket/${rated._id}`)
    await page.getByRole("button", { name: "Show status diagram" }).click()
    const ticketDiagram = page.getByTestId("current-state-diagram")
    expect(await ticketDiagram.getAttribute("data-current-state")).toBe("ticket.feedbackGiven")
    await expect.poll(() => ticketDiagram.locator("svg .current").count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await page.context().close()
  })
})
