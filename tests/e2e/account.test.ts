import type { Browser, Page } from "playwright-core"
import dayjs from "dayjs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoPerson } from "../../server/db/seeds/demo-names.ts"
import { solidPng } from "../fixtures/images.ts"
import { baseURL, launchBrowser, loginAs, mailTo, newPage, openSignedIn, signInTab } from "./browser.ts"
import { escapeMenu } from "./keyboard/keyboard-helpers.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** Signs in through the API (for checks the screens do not show) and answers the token and user id. */
async function apiLogin(email: string, password = "Demo@12345"): Promise<{ token: string; id: string }> {
  const res = await fetch(`${baseURL()}/api/v1/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  })
  const body = (await res.json()) as { data: { accessToken: string; user: { _id: string } } }
  return { token: body.data.accessToken, id: body.data.user._id }
}
const apiGet = (path: string, token: string) => fetch(`${baseURL()}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } })

const columnHeaders = (page: Page) => page.getByRole("columnheader").allTextContents()
/** A field by its whole label; required fields' labels end with the (aria-hidden) '*'. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\*?$`))

/** Fills the whole partner form with valid answers; `overrides` replaces some by label. */
async function fillPartnerForm(page: Page, email: string, overrides: Record<string, string> = {}) {
  await field(page, "Role").selectOption("Nutritionist")
  const answers: Record<string, string> = {
    "Full Name": "Gauri Deshpande",
    Email: email,
    "Phone Number": "9822001122",
    Address: "4 Lake View",
    City: "Pune",
    "Pin Code": "411001",
    State: "Maharashtra",
    Languages: "English, Marathi",
    Experience: "8 years",
    "Organization / Business Name": "Gauri Nutrition",
    "Registration Number": "IDA-4410",
    "Certification Name": "Registered Dietitian",
    "Issuing Authority": "Indian Dietetic Association",
    "Certification Number": "RD-99812",
    "Expiration Date": "2029-06-30",
    "Account Holder Name": "Gauri Deshpande",
    "Bank Name": "Axis Bank",
    "IFSC Code": "UTIB0000123",
    "Account Number": "918010012345678",
    Password: "Partner@123",
    "Confirm Password": "Partner@123",
    ...overrides,
  }
  for (const [label, value] of Object.entries(answers)) await field(page, label).fill(value)
  await field(page, "Preferred Contact Method").selectOption("Phone")
  await field(page, "Certification Image").setInputFiles({ name: "certificate.png", mimeType: "image/png", buffer: solidPng(40, 30) })
}

describe("partner sign-up", () => {
  it("'Sign up here' opens this server's partner page in a new tab; the partner applies, is emailed, and sees Under Review", async () => {
    const page = await newPage(browser)
    await page.goto("/login")
    const link = page.getByRole("link", { name: "Sign up here" })
    await expect.poll(() => link.getAttribute("href")).toBe(`${baseURL()}/partner-signup`)
    expect(await link.getAttribute("target")).toBe("_blank")
    const [form] = await Promise.all([page.context().waitForEvent("page"), link.click()])
    await form.waitForURL((url) => url.pathname === "/partner-signup")
    await form.getByRole("heading", { name: "Become a Partner" }).waitFor()

    const email = `e2e.partner.${Date.now()}@example.org`
    await fillPartnerForm(form, email)
    await form.getByRole("button", { name: "Submit Application" }).click()
    await expect.poll(() => form.getByTestId("form-message").textContent()).toMatch(/under review/)
    expect(await mailTo(email, "Your application is now Under Review")).toContain("Your application is now Under Review")

    // Under Review vendors can sign in and see their own profile, certificate included.
    await loginAs(page, email, "Partner@123")
    await page.goto("/profile")
    await page.getByRole("heading", { name: "Gauri Deshpande" }).waitFor()
    expect(await page.getByTestId("status-badge").textContent()).toBe("Under Review")
    expect(await page.getByTestId("profile-role").textContent()).toBe("Nutritionist")
    const certificate = page.getByRole("img", { name: "Certification proof of Gauri Deshpande" })
    await expect
      .poll(() => certificate.evaluate((img: HTMLImageElement) => `${img.complete} ${img.naturalWidth} ${img.src}`), { timeout: 5000 })
      .toMatch(/^true 40 blob:/)

    // The Admin finds the new account, Under Review, and may see the certificate.
    const admin = await apiLogin("admin@demo.test")
    const found = (await (await apiGet(`/search?q=${encodeURIComponent("Gauri Desh")}`, admin.token)).json()) as {
      data: Array<{ id: string; subtitle: string }>
    }
    expect(found.data).toHaveLength(1)
    expect(found.data[0]!.subtitle).toContain(email)
    const partner = await apiLogin(email, "Partner@123")
    const profile = (await (await apiGet("/user/getProfile", partner.token)).json()) as { data: { status: string } }
    expect(profile.data.status).toBe("Under Review")
    expect((await apiGet(`/user/certificationImage/${found.data[0]!.id}`, admin.token)).headers.get("content-type")).toBe("image/png")
    await page.context().close()

    // On the Admin's screen: newest first, the partner leads the Under Review list.
    const adminPage = await newPage(browser)
    await openSignedIn(adminPage, "admin@demo.test", "/under-review-vendors")
    await expect.poll(() => adminPage.locator("tbody tr").first().textContent(), { timeout: 10_000 }).toContain(email)
    await adminPage.context().close()
  })

  it("keeps every input: each field is checked with the contract's rule before the call, next to the field, which gets the focus", async () => {
    const page = await newPage(browser)
    await page.goto("/partner-signup")
    await fillPartnerForm(page, `refused.${Date.now()}@example.org`, { "Pin Code": "4110", "Confirm Password": "Partner@999" })
    await page.getByRole("button", { name: "Submit Application" }).click()
    await expect.poll(() => page.getByTestId("field-error-pinCode").textContent()).toBe("Pin Code must be a 6-digit pin code.")
    expect(await page.getByTestId("field-error-confirmPassword").textContent()).toBe("Passwords do not match!")
    // The first field that fails, in the form's order, has the focus.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("pinCode")
    // Fixing a field clears its error at once.
    await field(page, "Confirm Password").fill("Partner@123")
    await expect.poll(() => page.getByTestId("field-error-confirmPassword").count()).toBe(0)
    expect(await field(page, "Full Name").inputValue()).toBe("Gauri Deshpande")
    expect(await field(page, "Pin Code").inputValue()).toBe("4110")
    await page.context().close()
  })
})

describe("My Listing", () => {
  // A seeded approved Nutritionist no other test signs in as.
  const vendor = demoPerson(57)
  const email = `${vendor.emailLocal}@example.com`

  it("a vendor marks availability, it is loaded back after a reload, and the Admin's call returns it", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, email, "/my-listing")
    const date = dayjs().add(3, "day")
    const dateButton = page.getByRole("button", { name: date.format("ddd, DD MMM") })
    await dateButton.waitFor()
    expect(await page.getByRole("group", { name: "Dates" }).getByRole("button").count()).toBe(7)
    expect(await page.getByRole("checkbox").count()).toBe(26) // 24 slots, "Make as default for all dates" and "Repeat these hours every …"
    await dateButton.click()
    await expect.poll(() => dateButton.getAttribute("aria-pressed")).toBe("true")
    const first = page.getByRole("checkbox", { name: "08:00 AM - 08:30 AM" })
    const last = page.getByRole("checkbox", { name: "07:30 PM - 08:00 PM" })
    // Start from a known state: whatever the seed set, untick everything on this date.
    for (const box of await page
      .getByRole("group", { name: /Available slots/ })
      .getByRole("checkbox")
      .all()) {
      if (await box.isChecked()) await box.locator("xpath=..").click()
    }
    await first.locator("xpath=..").click()
    await last.locator("xpath=..").click()
    await page.getByRole("button", { name: "Submit" }).click()
    await expect.poll(() => page.getByTestId("form-message").textContent()).toBe("Availability saved successfully!")
    // The success message goes after 2 s.
    await expect.poll(() => page.getByTestId("form-message").count(), { timeout: 5000 }).toBe(0)

    await page.reload()
    await dateButton.click()
    await expect.poll(() => first.isChecked()).toBe(true)
    expect(await last.isChecked()).toBe(true)
    expect(await page.getByRole("checkbox", { name: "12:00 PM - 12:30 PM" }).isChecked()).toBe(false)

    const { id } = await apiLogin(email)
    const admin = await apiLogin("admin@demo.test")
    const answer = (await (await apiGet(`/availability/${id}?date=${date.format("YYYY-MM-DD")}`, admin.token)).json()) as {
      data: { slots: string[]; isDefault: boolean }
    }
    expect(answer.data).toMatchObject({ slots: ["08:00", "19:30"], isDefault: false })
    await page.context().close()

    // The Admin books this vendor for a client and sees the marked slots in the Create Session form.
    const unassigned = (await (await apiGet("/user/unassignUser?page=1&limit=1", admin.token)).json()) as { data: { data: Array<{ _id: string }> } }
    const clientId = unassigned.data.data[0]!._id
    const assigned = await fetch(`${baseURL()}/api/v1/user/assignOrUpdateCounsellor/${clientId}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ counsellorId: id }),
    })
    expect(assigned.status).toBe(200)
    const adminPage = await newPage(browser)
    await openSignedIn(adminPage, "admin@demo.test", `/counselling/${clientId}`)
    await adminPage.getByRole("button", { name: "+ Create Session" }).click()
    const form = adminPage.getByRole("dialog", { name: "Create Session" })
    await form.getByLabel(/^Date/).fill(date.format("YYYY-MM-DD"))
    // The vendor's hours are in the zone their first save named (this browser's), shown in the Admin's (the same here).
    const free = form.getByRole("region", { name: "Free slots" })
    await expect.poll(() => free.getByRole("button").allTextContents()).toEqual(["08:00", "19:30"])
    await free.getByRole("button", { name: "19:30" }).click()
    expect(await form.getByLabel(/^Time/).inputValue()).toBe("19:30")
    await form.getByLabel("Topic").fill("Free time booking")
    await form.getByLabel("Agenda").fill("Booked on a free time")
    await form.getByLabel(/^Duration/).fill("30")
    // A time outside the free ones asks first; Cancel keeps the form as it is.
    await form.getByLabel(/^Time/).fill("12:00")
    await form.getByRole("button", { name: "Create Session" }).click()
    const ask = adminPage.getByRole("alertdialog")
    await expect.poll(() => ask.textContent()).toContain("This time is not one of the counsellor's free times")
    await ask.getByRole("button", { name: "Cancel" }).click()
    await free.getByRole("button", { name: "08:00" }).click()
    await form.getByRole("button", { name: "Create Session" }).click()
    await expect
      .poll(() =>
        form
          .getByTestId("form-message")
          .textContent()
          .catch(() => "closed"),
      )
      .toMatch(/^(Session created successfully!|closed)$/)
    // Booked: the slot is no longer free for that client and counsellor.
    const answerAfter = (await (
      await apiGet(
        `/availability/${id}/free?from=${encodeURIComponent(date.startOf("day").format())}&to=${encodeURIComponent(date.add(1, "day").startOf("day").format())}`,
        admin.token,
      )
    ).json()) as { data: { slots: Array<{ start: string }> } }
    expect(answerAfter.data.slots.map((x) => dayjs(x.start).format("HH:mm"))).toEqual(["19:30"])
    await adminPage.context().close()
  })
})

describe("static pages show their exact texts", () => {
  let page: Page
  beforeAll(async () => {
    page = await newPage(browser)
    await signInTab(page, "user@demo.test")
  })
  afterAll(() => page.context().close())

  it.each([
    ["/transaction-history", "Transaction History", ["Session ID", "Status", "Earnings", "Transaction ID"]],
    ["/upcoming-counselling", "Upcoming Counselling", ["Name", "Email", "Mobile", "Status", "Feedback"]],
    ["/wallet-history", "Wallet History", ["S.No", "Category", "Date", "Amount", "Description"]],
  ])("%s: its columns and 'No data Found', with no call", async (path, heading, columns) => {
    const calls: string[] = []
    // The header's bell reads its count on every page (and later opens the live stream), and the shell reads the
    // person's time zone once per sign-in: the page's own calls are the rest.
    const bells = ["/api/v1/notifications/unread", "/api/v1/live", "/api/v1/user/time-zone"]
    const record = (r: { url(): string }) => r.url().includes("/api/") && !bells.includes(new URL(r.url()).pathname) && calls.push(r.url())
    page.on("request", record)
    await page.goto(path)
    await page.getByRole("heading", { name: heading, exact: true, level: 1 }).waitFor()
    expect(await columnHeaders(page)).toEqual(columns)
    expect(await page.getByTestId("list-empty").textContent()).toBe("No data Found")
    page.off("request", record)
    expect(calls).toEqual([])
  })

  it("Wallet History: Total Balance and Monthly Expenses in rupees", async () => {
    await page.goto("/wallet-history")
    const cards = page.getByTestId("wallet-card")
    await cards.first().waitFor()
    expect(await cards.allTextContents()).toEqual(["Total Balance₹12,500.00", "Monthly Expenses₹3,250.00"])
  })

  it("My Plans: the three cards of the spec's table, and Choose Plan does nothing", async () => {
    await page.goto("/my-plan")
    const cards = page.getByTestId("plan-card")
    await cards.first().waitFor()
    const texts = (await cards.allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim())
    expect(texts).toEqual([
      "Starter $45 USD/month 5 Installs 100,000 Visits 30 GB Disk ✗ SSL/CDN (not included) ✗ Support (not included) ✗ Weekly Reports (not included) Choose Plan",
      "Pro $75 USD/month 20 Installs 250,000 Visits 50 GB Disk ✓ SSL/CDN (included) ✓ Support (included) ✗ Weekly Reports (not included) Choose Plan",
      "Business $125 USD/month 50 Installs 400,000 Visits 100 GB Disk ✓ SSL/CDN (included) ✓ Support (included) ✓ Weekly Reports (included) Choose Plan",
    ])
    await page.getByRole("button", { name: "Choose Plan" }).first().click()
    expect(new URL(page.url()).pathname).toBe("/my-plan")
  })
})

describe("Profile", () => {
  it("shows every field, the role and 'Approved' badges, N/A where empty, and the 170 px default avatar", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "lawyer@demo.test", "/profile")
    await page.getByRole("heading", { name: "Leela Lawyer" }).waitFor()
    expect(await page.getByTestId("status-badge").textContent()).toBe("Approved")
    expect(await page.getByTestId("profile-role").textContent()).toBe("Lawyer")
    const avatar = page.getByTestId("profile-avatar")
    expect(await avatar.getAttribute("alt")).toBe("Default avatar")
    expect(await avatar.evaluate((img) => [img.getBoundingClientRect().width, img.getBoundingClientRect().height])).toEqual([170, 170])
    const text = await page.locator("main").innerText()
    for (const label of [
      "Address",
      "City",
      "Pin Code",
      "State",
      "Language",
      "Business Name",
      "Registration Number",
      "Qualifications",
      "Certification Name",
      "Issuing Authority",
      "Certification Number",
      "Expiration Date",
      "Experience",
      "Account Holder",
      "Bank",
      "IFSC",
      "Account Number",
      "Preferred Contact Method",
      "Availability",
      "Brief Bio",
      "Service Description",
      "Certification Proof",
    ]) {
      expect(text, label).toContain(label)
    }
    expect(text).toContain("Bar Council of India")
    await page.context().close()
  })
})

describe("header search", () => {
  it("the Admin finds a demo vendor as they type and opens their details with the keyboard", async () => {
    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    const { id } = await apiLogin("lawyer@demo.test")
    const box = page.getByRole("combobox", { name: "Search" })
    await box.pressSequentially("Leela", { delay: 40 })
    const option = page.getByRole("option", { name: /^Leela Lawyer/ })
    await option.waitFor()
    await box.press("ArrowDown")
    await expect.poll(() => option.getAttribute("aria-selected")).toBe("true")
    await box.press("Enter")
    await page.waitForURL((url) => url.pathname === `/vendor-details/${id}`)
    expect(await box.inputValue()).toBe("")
    await page.context().close()
  })

  it("a click opens a result too, and an unknown name says 'No results found.'", async () => {
    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    const box = page.getByRole("combobox", { name: "Search" })
    await box.fill("zzqx")
    await expect.poll(() => page.getByRole("status").filter({ hasText: "No results found." }).count()).toBe(1)
    await box.fill("uma user")
    await page.getByRole("option", { name: /^Uma User/ }).click()
    await page.waitForURL((url) => url.pathname.startsWith("/vendor-details/"))
    await page.context().close()
  })
})

describe("every page a role may use is reachable without typing its address (issue 21)", () => {
  const menuItems = async (page: Page) => {
    await page.getByRole("button", { name: /^User menu for / }).click()
    const items = await page.getByRole("menuitem").allTextContents()
    await escapeMenu(page)
    return items
  }

  it.each([
    ["lawyer@demo.test", ["My Listing", "Upcoming Counselling", "My Plans", "Wallet History", "Transaction History"]],
    ["user@demo.test", ["Upcoming Counselling", "My Plans", "Wallet History", "Transaction History"]],
  ])("%s opens its own pages from the user menu", async (email, pages) => {
    const page = await newPage(browser)
    await loginAs(page, email)
    const items = await menuItems(page)
    expect(items.filter((item) => pages.includes(item) || item === "My Listing")).toEqual(pages)
    for (const title of pages) {
      await page.getByRole("button", { name: /^User menu for / }).click()
      await page.getByRole("menuitem", { name: title, exact: true }).click()
      await page.getByRole("heading", { name: title, exact: true, level: 1 }).waitFor()
    }
    await page.context().close()
  })

  it("the Admin's and the Editor's menus lead to none of them", async () => {
    for (const email of ["admin@demo.test", "editor@demo.test"]) {
      const page = await newPage(browser)
      await loginAs(page, email)
      const items = await menuItems(page)
      expect(items.filter((item) => ["My Listing", "Upcoming Counselling", "My Plans", "Wallet History", "Transaction History"].includes(item))).toEqual([])
      await page.context().close()
    }
  })
})
