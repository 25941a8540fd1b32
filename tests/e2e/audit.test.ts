import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiToken, baseURL, launchBrowser, listsSettled, loginAs, newPage, openSignedIn } from "./browser.ts"
import { seededVendor } from "./seeded-vendors.ts"

/** The event types of the rows shown (each row names its type in words and keeps the type itself in data-type). */
const typesShown = (page: Page) => page.getByTestId("event-type").evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset["type"] ?? ""))

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe("auditors", () => {
  it("the Admin finds a password change in the audit trail and rebuilds the user as of now", async () => {
    // Produce an event: the user changes their password through the API.
    const login = await fetch(`${baseURL()}/api/v1/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "imageconsultant@demo.test", password: "Demo@12345" }),
    })
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
    // Picked from the types the log holds, not typed (issue 25).
    await page.getByLabel("Event type").selectOption("user.passwordChanged")
    await page.getByRole("button", { name: "Apply filters" }).click()
    await expect.poll(() => typesShown(page)).toContain("user.passwordChanged")
    await listsSettled(page)
    expect(new Set(await typesShown(page))).toEqual(new Set(["user.passwordChanged"]))
    // Each kind of event is named in words, as the filter names it.
    expect(new Set(await page.getByTestId("event-type").allTextContents())).toEqual(new Set(["Person: password changed"]))
    // Said in words, by whom (name, role, e-mail), with the ids only on demand.
    const row = page.getByRole("row").filter({ hasText: "Ira ImageConsultant changed their password" }).first()
    await expect.poll(() => row.count()).toBe(1)
    expect(await row.textContent()).toContain("Ira ImageConsultant (ImageConsultant)imageconsultant@demo.test")
    expect(await row.getByText(data.user._id).first().isVisible()).toBe(false)
    await row.getByText("Show ids").click()
    await expect.poll(() => row.getByText(`person ${data.user._id}`).isVisible()).toBe(true)

    await page.getByLabel("Entity type", { exact: true }).selectOption("user")
    await page.getByLabel("Entity id", { exact: true }).last().fill(data.user._id)
    await page.getByLabel("Date and time").fill("2099-01-01T00:00")
    await page.getByRole("button", { name: "Rebuild" }).click()
    await expect.poll(() => page.getByTestId("as-of-result").textContent()).toContain("Person: password changed")
    await page.context().close()
  })

  it("says a To before From beside the fields and applies nothing until the range makes sense", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/audit")
    const apply = page.getByRole("button", { name: "Apply filters" })
    await page.getByLabel("From").fill("2026-01-02T00:00")
    await page.getByLabel("To", { exact: true }).fill("2026-01-01T00:00")
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "To must be on or after From." }).count()).toBe(1)
    expect(await page.getByLabel("To", { exact: true }).getAttribute("aria-invalid")).toBe("true")
    expect(await apply.isDisabled()).toBe(true)
    await page.getByLabel("To", { exact: true }).press("Enter")
    expect(new URL(page.url()).searchParams.get("to")).toBeNull()
    await page.getByLabel("To", { exact: true }).fill("2026-01-02T00:00")
    await expect.poll(() => page.getByText("To must be on or after From.").count()).toBe(0)
    await apply.click()
    await expect.poll(() => new URL(page.url()).searchParams.get("to")).toBe(new Date(2026, 0, 2).toISOString())
    await page.context().close()
  })

  it("the audit trail keeps its filters and page in the address: reload keeps them, Back restores the filters before", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/audit")
    const entity = page.getByLabel("Entity", { exact: true })
    const pageInfo = page.getByTestId("page-info")
    const query = () => new URL(page.url()).searchParams
    // Every row's event type ('<entity type>.<what happened>') names the filtered kind of record.
    const entityTypesShown = async () => new Set((await typesShown(page)).map((t) => t.split(".")[0]))

    await entity.selectOption("user")
    await page.getByLabel("From").fill("2000-01-01T00:00")
    await page.getByRole("button", { name: "Apply filters" }).click()
    await expect.poll(() => query().get("entityType")).toBe("user")
    expect(query().get("from")).toBe(new Date(2000, 0, 1).toISOString())
    await expect.poll(entityTypesShown).toEqual(new Set(["user"]))
    await page.getByRole("button", { name: "Next" }).click()
    await expect.poll(() => query().get("page")).toBe("2")
    await expect.poll(() => pageInfo.textContent()).toMatch(/^Showing Page: 2 of \d+$/)
    // The page number shows at once; the rows are page 2's once the table is no longer busy.
    await listsSettled(page)
    const secondPage = await page.locator("tbody tr").allTextContents()

    await page.reload()
    await expect.poll(() => pageInfo.textContent()).toMatch(/^Showing Page: 2 of \d+$/)
    expect(await entity.inputValue()).toBe("user")
    expect(await page.getByLabel("From").inputValue()).toBe("2000-01-01T00:00")
    await expect.poll(() => page.locator("tbody tr").allTextContents()).toEqual(secondPage)

    await entity.selectOption("ticket")
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

  it("the Admin picks who did it and which ticket by searching, never typing an id, and a shared link shows them by name", async () => {
    const token = await apiToken("admin@demo.test")
    const api = async (path: string) => (await fetch(`${baseURL()}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } })).json()
    const ticket = (await api("/userQuery/get?page=1&limit=1")).data[0] as { _id: string; ticketId: string }
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/audit")
    await listsSettled(page)
    await page.getByLabel("Done by").fill("admin@demo")
    await page
      .getByRole("list", { name: "Done by: records found" })
      .getByRole("button", { name: /Asha Admin/ })
      .click()
    await expect.poll(() => page.getByTestId("picked-record").first().textContent()).toContain("Asha Admin")
    await page.getByLabel("Entity", { exact: true }).selectOption({ label: "Ticket" })
    await page.getByLabel("Record", { exact: true }).fill(ticket.ticketId.toLowerCase())
    await page
      .getByRole("list", { name: "Record: records found" })
      .getByRole("button", { name: new RegExp(ticket.ticketId) })
      .click()
    await page.getByRole("button", { name: "Apply filters" }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get("entityId")).toBe(ticket._id)
    const adminId = new URL(page.url()).searchParams.get("actorId")
    expect(adminId).toBeTruthy()
    await listsSettled(page)
    const rows = await api(`/audit/events?entityType=ticket&entityId=${ticket._id}&actorId=${adminId}`)
    expect(await page.getByText(`${rows.totalRecords} events`).count()).toBe(1)
    // A reload (a shared link) names both again, looked up by their ids.
    await page.reload()
    await expect
      .poll(() => page.getByTestId("picked-record").allTextContents())
      .toEqual([expect.stringContaining("Asha Admin"), expect.stringContaining(ticket.ticketId)])
    await page.getByRole("button", { name: "Clear done by: Asha Admin" }).click()
    await expect.poll(() => page.getByLabel("Done by").count()).toBe(1)
    // As of: the record picked the same way, then a moment.
    await page.getByLabel("Entity type").selectOption({ label: "Person" })
    await page.getByLabel("Which record", { exact: true }).fill("admin@demo")
    await page
      .getByRole("list", { name: "Which record: records found" })
      .getByRole("button", { name: /Asha Admin/ })
      .click()
    await page.getByLabel("Date and time").fill("2099-01-01T00:00")
    await page.getByRole("button", { name: "Rebuild" }).click()
    await expect.poll(() => page.getByTestId("as-of-result").textContent()).toContain("NameAsha Admin")
    await page.context().close()
  })

  it("the Admin picks a blog by a word of its title, the search box saying what to type", async () => {
    const token = await apiToken("admin@demo.test")
    const blogs = await (await fetch(`${baseURL()}/api/v1/blog/get?page=1&limit=1`, { headers: { authorization: `Bearer ${token}` } })).json()
    const blog = blogs.data[0] as { _id: string; title: string }
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/audit")
    await listsSettled(page)
    await page.getByLabel("Entity", { exact: true }).selectOption({ label: "Blog" })
    const record = page.getByLabel("Record", { exact: true })
    expect(await record.getAttribute("placeholder")).toBe("Search blogs by title")
    await record.fill(blog.title.split(" ").at(-1)!.toLowerCase())
    await page.getByRole("list", { name: "Record: records found" }).getByRole("button", { name: blog.title }).first().click()
    await page.getByRole("button", { name: "Apply filters" }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get("entityId")).toBe(blog._id)
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
    // The domain workflows come first, apart from the console's own machines.
    const workflows = await page.getByLabel("Workflow", { exact: true }).locator("option").allTextContents()
    expect(workflows).toEqual([
      "Support ticket",
      "Counselling session",
      "Vendor approval status",
      "Blog publication",
      "Scheduled publish",
      "Enquiry access",
      "Counsellor assignment",
      "Account and password",
    ])
    await page.getByLabel("Workflow", { exact: true }).selectOption({ label: "Vendor approval status" })
    await expect.poll(() => new URL(page.url()).search).toBe("?machine=vendor-status")
    await expect.poll(() => page.getByTestId("machine-diagram").textContent(), { timeout: 20_000 }).toContain("approved")
    // Each transition with its event, guard and who may fire it.
    const approveRow = page.getByTestId("transitions").getByRole("row").filter({ hasText: "underReview" }).filter({ hasText: "approved" })
    expect(await approveRow.allInnerTexts()).toEqual([
      expect.stringMatching(/underReview\s+status\.change\s+isTarget\s+approved\s+Admin \(PATCH \/user\/updateUser\)/),
    ])
    const download = page.waitForEvent("download")
    await page.getByRole("link", { name: "Download SVG" }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe("vendor-status.svg")
    await page.getByRole("tab", { name: /Console machines/ }).click()
    await page.getByLabel("Machine", { exact: true }).selectOption({ label: "Session lifetime" })
    await expect.poll(() => page.getByTestId("machine-diagram").textContent(), { timeout: 20_000 }).toContain("signedIn")
    await page.context().close()
  })

  it("a non-admin opening the audit trail is told it has no access, and stays signed in", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "editor@demo.test", "/audit")
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
    const login = await fetch(`${baseURL()}/api/v1/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@demo.test", password: "Demo@12345" }),
    })
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken
    const get = async (path: string) => (await fetch(`${baseURL()}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } })).json()
    const rejected = (await get("/user/allUsers/reject?page=1&limit=1")) as { data: Array<{ _id: string }> }
    const tickets = (await get("/userQuery/get?page=1&limit=50")) as { data: Array<{ _id: string; status: boolean; userRating: number | null }> }
    const rated = tickets.data.find((t) => t.status && t.userRating !== null)!

    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", `/vendor-details/${rejected.data[0]!._id}`)
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

describe("the access log", () => {
  it("the Admin sees a vendor's refused call and a failed sign-in in the access log, filtered by kind", async () => {
    const vendor = await apiToken("nutritionist@demo.test")
    const refused = await fetch(`${baseURL()}/api/v1/audit/events`, { headers: { authorization: `Bearer ${vendor}` } })
    expect(refused.status).toBe(403)
    const failed = await fetch(`${baseURL()}/api/v1/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "nobody-here@example.com", password: "Wrong@12345" }),
    })
    expect(failed.status).toBe(401)

    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    await page.getByRole("button", { name: "User menu for Asha Admin" }).click()
    await page.getByRole("menuitem", { name: "Access log" }).click()
    await page.waitForURL((url) => url.pathname === "/access-log")
    await expect.poll(() => page.getByRole("heading", { name: "Access log", level: 1 }).count()).toBe(1)
    await page.getByLabel("Show").selectOption("refused")
    await page.waitForURL((url) => url.searchParams.get("search") === "refused")
    const row = page.getByRole("row").filter({ hasText: "GET /api/v1/audit/events" }).filter({ hasText: "nutritionist@demo.test" })
    await expect.poll(() => row.count()).toBeGreaterThan(0)
    // Every kind's rows stay on screen, dimmed, until the refused ones arrive.
    await listsSettled(page)
    expect(await row.first().textContent()).toContain("403")
    expect(await page.getByRole("row").filter({ hasText: "nobody-here@example.com" }).count()).toBe(0)

    await page.getByLabel("Show").selectOption("signInFailed")
    await expect.poll(() => page.getByRole("row").filter({ hasText: "nobody-here@example.com" }).count()).toBeGreaterThan(0)
    // The filter is in the address: a reload keeps it.
    await page.reload()
    await expect.poll(() => page.getByLabel("Show").inputValue()).toBe("signInFailed")
    await page.context().close()
  })
})

describe("a record's History", () => {
  it("Vendor Details has a History tab: who moved the vendor, from which status to which, and when", async () => {
    const vendor = seededVendor(100)
    const token = await apiToken("admin@demo.test")
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${baseURL()}/api/v1${path}`, { ...init, headers: { "content-type": "application/json", authorization: `Bearer ${token}` } })
    const found = (await (await api(`/user/allUsers/reject?search=${encodeURIComponent(vendor.email)}`)).json()) as { data: Array<{ _id: string }> }
    const id = found.data[0]!._id
    expect((await api("/user/updateUser", { method: "PATCH", body: JSON.stringify({ userId: id, status: "Temp Approve" }) })).status).toBe(200)

    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", `/vendor-details/${id}`)
    await page.getByRole("tab", { name: "History" }).click()
    const history = page.getByTestId("record-history")
    await expect
      .poll(() => history.locator("li").first().textContent(), { timeout: 15_000 })
      .toContain(`Asha Admin changed ${vendor.name} from Reject to Temp Approve`)
    const newest = (await history.locator("li").first().textContent()) ?? ""
    expect(newest).toContain("Asha Admin (Admin)admin@demo.test")
    // Where the change came from: the address of the call (this test's, on the loopback).
    expect(await history.locator("li").first().getByTestId("event-source").textContent()).toMatch(/^from (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/)
    expect(newest).toMatch(/Status:\s*Reject\s*→\s*Temp Approve/)
    // As it stood at a moment, picked beside its history: no id to type.
    await history.getByLabel("As of", { exact: true }).fill("2099-01-01T00:00")
    await history.getByRole("button", { name: "Show as it was then" }).click()
    await expect.poll(() => history.getByTestId("as-of-result").textContent()).toContain("StatusTemp Approve")
    expect(await history.getByTestId("as-of-result").textContent()).toContain(`Name${vendor.name}`)
    // Its workflow, the vendor's status marked on it.
    await history.getByRole("link", { name: "Its workflow, with its current state marked" }).click()
    await expect.poll(() => page.getByTestId("machine-view").getAttribute("data-machine")).toBe("vendor-status")
    expect(new URL(page.url()).searchParams.get("state")).toBe("vendorStatus.tempApprove")
    await expect.poll(() => page.getByText("Marked: the record's current state, tempApprove.").count()).toBe(1)
    await expect.poll(() => page.getByTestId("machine-diagram").locator(".current").count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await page.context().close()
  })
})
