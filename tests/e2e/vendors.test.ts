import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { lastMailTo, launchBrowser, loginAs, newPage } from "./browser.ts"
import { seededVendor } from "./seeded-vendors.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())


const count = (page: Page, label: string) => page.getByTestId(`count-${label}`).textContent()

async function search(page: Page, text: string) {
  await page.getByLabel("Search by name, email or number").fill(text)
  await page.getByRole("button", { name: "Search", exact: true }).click()
}

describe("vendor approval", () => {
  it("approves an Under Review vendor from the list: the row is busy, leaves the list, the vendor is emailed, the dashboard moves", async () => {
    const vendor = seededVendor(82)
    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    await expect.poll(() => count(page, "Under Review")).toMatch(/^\d+$/)
    const underReview = Number(await count(page, "Under Review"))
    const yogaTeachers = Number(await count(page, "YogaTeacher"))

    await page.getByRole("link", { name: /^Under Review \d/ }).click()
    await page.waitForURL((url) => url.pathname === "/under-review-vendors")
    await expect.poll(() => page.getByTestId("page-info").textContent()).toBe("Showing Page: 1 of 2")
    await search(page, vendor.email)
    const select = page.getByRole("button", { name: `Status of ${vendor.name}: Under Review` })
    await select.click()
    expect(await page.getByRole("menuitemradio").allTextContents()).toEqual(["Under Review", "Temp Approve", "Approved", "Reject"])
    await page.keyboard.press("Escape")

    // Hold the answer so the busy row can be seen.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route("**/api/v1/user/updateUser", async (route) => {
      await held
      await route.continue()
    })
    await select.click()
    await page.getByRole("menuitemradio", { name: "Approved" }).click()
    // Approve is final: it asks first, naming the vendor (issue 21). Cancel sends nothing.
    const confirm = page.getByRole("alertdialog")
    await expect.poll(() => confirm.textContent()).toContain(`Approve ${vendor.name}? Approval is final: it cannot be undone`)
    await confirm.getByRole("button", { name: "Cancel" }).click()
    await expect.poll(() => confirm.count()).toBe(0)
    expect(await page.getByRole("button", { name: `Status of ${vendor.name}: Under Review` }).isDisabled()).toBe(false)
    await select.click()
    await page.getByRole("menuitemradio", { name: "Approved" }).click()
    await confirm.getByRole("button", { name: "Approve" }).click()
    const busy = page.getByRole("button", { name: `Status of ${vendor.name}: Approved` })
    await expect.poll(() => busy.isDisabled()).toBe(true)
    release()
    await expect.poll(() => page.getByTestId("list-empty").textContent()).toBe("No users under review found.")
    expect(lastMailTo(vendor.email)).toContain("Your partner account has been approved.")

    await page.getByRole("link", { name: "Dashboard" }).click()
    await expect.poll(() => count(page, "Under Review")).toBe(String(underReview - 1))
    expect(await count(page, "YogaTeacher")).toBe(String(yogaTeachers + 1))
    await page.context().close()
  })

  it("the Temp Approve and Rejected lists offer Temp Approve, Approved and Reject", async () => {
    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    for (const [path, vendor] of [["/temp-approve-vendors", seededVendor(95)], ["/rejected-vendors", seededVendor(108)]] as const) {
      await page.goto(path)
      await search(page, vendor.email)
      await page.getByRole("button", { name: new RegExp(`^Status of ${vendor.name}:`) }).click()
      await expect.poll(() => page.getByRole("menuitemradio").allTextContents()).toEqual(["Temp Approve", "Approved", "Reject"])
      await page.keyboard.press("Escape")
    }
    await page.context().close()
  })

  it("Vendor Details offers exactly the three other statuses, and no menu once Approved", async () => {
    const vendor = seededVendor(94)
    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    await page.goto("/temp-approve-vendors")
    await search(page, vendor.email)
    await page.getByRole("link", { name: vendor.name }).click()
    await page.waitForURL((url) => url.pathname.startsWith("/vendor-details/"))
    await expect.poll(() => page.getByTestId("status-badge").first().textContent()).toBe("Temp Approve")
    for (const card of ["About", "Additional", "Account Details", "Brief Bio", "Service Description", "Proof of Certification"]) {
      expect(await page.getByRole("heading", { name: card, exact: true }).count(), card).toBe(1)
    }
    await page.getByRole("button", { name: "Change Status" }).click()
    await expect.poll(() => page.getByRole("menuitem").allTextContents()).toEqual(["Under Review", "Approved", "Reject"])
    await page.getByRole("menuitem", { name: "Approved" }).click()
    const confirm = page.getByRole("alertdialog")
    await expect.poll(() => confirm.textContent()).toContain(`Approve ${vendor.name}? Approval is final: it cannot be undone`)
    await confirm.getByRole("button", { name: "Approve" }).click()
    await expect.poll(() => page.getByTestId("status-badge").first().textContent()).toBe("Approved")
    expect(await page.getByRole("button", { name: "Change Status" }).count()).toBe(0)
    const history = page.getByTestId("status-history")
    await expect.poll(() => history.locator("tbody tr").last().textContent()).toMatch(/Asha AdminTemp ApproveApproved$/)
    await page.getByRole("tab", { name: "Sessions" }).click()
    await expect.poll(() => page.getByTestId("list-empty").textContent()).toBe("No sessions found.")
    expect(lastMailTo(vendor.email)).toContain("approved")
    await page.context().close()
  })
})

describe("people lists", () => {
  it("an empty list shows its exact empty text", async () => {
    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    for (const [path, text] of [
      ["/lawyer", "No Active Lawyer"],
      ["/imageconsultant", "No Active ImageConsultant"],
      ["/rejected-vendors", "No rejected users found."],
      ["/enquiries", "No enquiries found."],
    ] as const) {
      await page.goto(path)
      await search(page, "nobody-is-called-this")
      await expect.poll(() => page.getByTestId("list-empty").textContent(), { message: path }).toBe(text)
    }
    await page.context().close()
  })

  it("a role list pages with 'Showing Page: x of y' and links names to Vendor Details", async () => {
    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    await page.goto("/counsellor")
    await expect.poll(() => page.getByTestId("page-info").textContent()).toMatch(/^Showing Page: 1 of \d+$/)
    expect(await page.locator("thead th").allTextContents()).toEqual(["S.No", "Name", "Email", "Number", "Role", "Date | Time", "Status", "Organization"])
    await page.getByRole("button", { name: "Next" }).click()
    await expect.poll(() => page.getByTestId("page-info").textContent()).toMatch(/^Showing Page: 2 of \d+$/)
    expect(await page.locator("tbody tr").first().locator("td").first().textContent()).toBe("11")
    await page.locator("tbody a").first().click()
    await page.waitForURL((url) => url.pathname.startsWith("/vendor-details/"))
    await expect.poll(() => page.getByTestId("status-badge").first().textContent()).toBe("Approved")
    expect(await page.getByRole("button", { name: "Change Status" }).count()).toBe(0)
    await page.context().close()
  })
})

describe("enquiries", () => {
  it("a non-admin opening /enquiries is told it has no access, and stays signed in", async () => {
    const page = await newPage(browser)
    await loginAs(page, "lawyer@demo.test")
    await page.goto("/enquiries")
    await expect.poll(() => page.getByRole("heading", { name: "You don't have access to this page" }).count()).toBe(1)
    expect(new URL(page.url()).pathname).toBe("/enquiries")
    await page.context().close()
  })

  it("an enquiry sent through the public contact call appears in All Enquiries", async () => {
    const page = await newPage(browser)
    await page.goto("/login")
    const name = `Website Visitor ${Date.now()}`
    const status = await page.evaluate(
      async (body) => (await fetch("/api/v1/contact/create", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).status,
      { name, email: "visitor@example.org", number: "9876543210", city: "Kochi", state: "Kerala", message: "Do you offer evening yoga?" },
    )
    expect(status).toBe(200)
    await loginAs(page, "admin@demo.test")
    await page.getByTestId("sidebar").getByRole("link", { name: "Enquiries", exact: true }).click()
    await page.waitForURL((url) => url.pathname === "/enquiries")
    await expect.poll(() => page.locator("tbody tr").first().locator("td").nth(1).textContent()).toBe(name)
    expect(await page.locator("thead th").allTextContents()).toEqual(["S.No", "Name", "Email", "Number", "City", "State", "Date | Time"])
    await expect.poll(() => page.getByTestId("total-records").textContent()).toMatch(/^Total Records: \d+$/)
    await page.context().close()
  })
})
