import { readFileSync } from "node:fs"
import ExcelJS from "exceljs"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { parseCsv } from "../server/csv-reader.ts"
import { solidPng } from "../fixtures/images.ts"
import { launchBrowser, listsSettled, newPage, openSignedIn, signInTab } from "./browser.ts"
import { postFormFrom } from "./machine-paths.ts"

/**
 * Buttons that wait for the server say so (spinner, aria-busy, disabled against a second press),
 * and the Admin's 'Export CSV' downloads the whole list with its search; the page and search
 * live in the URL (reload and back keep them).
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** Holds every call to `pattern` until the returned function is called. */
async function hold(page: Page, pattern: string): Promise<() => void> {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(pattern, async (route) => {
    await held
    await route.continue()
  })
  return release
}

describe("busy buttons", () => {
  it("Login is busy and disabled while the server answers", async () => {
    const page = await newPage(browser)
    await page.goto("/login")
    await page.getByLabel("Email").fill("lawyer@demo.test")
    await page.getByLabel("Password", { exact: true }).fill("Demo@12345")
    const release = await hold(page, "**/api/v1/user/login")
    // Enter in the password field submits (the first submit button of the form is Login).
    const login = page.locator('form button[type="submit"]')
    await page.getByLabel("Password", { exact: true }).press("Enter")
    await expect.poll(() => login.getAttribute("aria-busy")).toBe("true")
    expect(await login.isDisabled()).toBe(true)
    release()
    await page.waitForURL((url) => url.pathname === "/")
    await page.context().close()
  })
})

describe("Admin lists", () => {
  it("Export CSV is busy while it works, then downloads every page of the list with its search", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/user")
    await expect.poll(() => page.getByTestId("page-info").textContent()).toMatch(/^Showing Page: 1 of [2-9]/)
    const exportButton = page.getByRole("button", { name: "Export CSV" })
    const release = await hold(page, "**/api/v1/export/**")
    await exportButton.click()
    await expect.poll(() => exportButton.getAttribute("aria-busy")).toBe("true")
    expect(await exportButton.isDisabled()).toBe(true)
    const download = page.waitForEvent("download")
    release()
    const file = await (await download).path()
    const lines = readFileSync(file, "utf8").trim().split("\r\n")
    expect(lines[0]).toBe("Name,Email,Number,Role,Date | Time,Status,Organization")
    expect(lines.length - 1).toBeGreaterThan(10)
    await page.unroute("**/api/v1/export/**")

    await page.getByLabel("Search by name, email or number").fill("uma")
    await page.getByRole("button", { name: "Search", exact: true }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe("uma")
    const filtered = page.waitForEvent("download")
    await exportButton.click()
    const rows = readFileSync(await (await filtered).path(), "utf8")
      .trim()
      .split("\r\n")
      .slice(1)
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(row.toLowerCase()).toContain("uma")

    // Export Excel: the same rows, as a workbook a spreadsheet program opens.
    const workbook = page.waitForEvent("download")
    await page.getByRole("button", { name: "Export Excel" }).click()
    const saved = await workbook
    expect(saved.suggestedFilename()).toMatch(/^user-\d{4}-\d{2}-\d{2}\.xlsx$/)
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(await saved.path())
    const sheet = book.worksheets[0]!
    expect(sheet.getRow(1).values).toEqual([undefined, "Name", "Email", "Number", "Role", "Date | Time", "Status", "Organization"])
    expect(sheet.rowCount - 1).toBe(rows.length)
    sheet.eachRow((row, n) => {
      if (n > 1) expect(row.values!.toString().toLowerCase()).toContain("uma")
    })
    await page.context().close()
  })

  it("keeps the page and search in the URL: next pushes, reload keeps, back returns", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/user")
    const info = page.getByTestId("page-info")
    await expect.poll(() => info.textContent()).toMatch(/^Showing Page: 1 of/)
    await page.getByRole("button", { name: "Next" }).click()
    await expect.poll(() => info.textContent()).toMatch(/^Showing Page: 2 of/)
    expect(new URL(page.url()).search).toBe("?page=2")
    await listsSettled(page)
    const firstOfPage2 = await page.getByRole("row").nth(1).textContent()
    await page.reload()
    await expect.poll(() => info.textContent()).toMatch(/^Showing Page: 2 of/)
    await listsSettled(page)
    expect(await page.getByRole("row").nth(1).textContent()).toBe(firstOfPage2)
    await page.goBack()
    await expect.poll(() => info.textContent()).toMatch(/^Showing Page: 1 of/)
    await page.goForward()
    await expect.poll(() => info.textContent()).toMatch(/^Showing Page: 2 of/)
    // A search replaces the entry (back leaves the search, not each keystroke) and starts at page 1.
    await page.getByLabel("Search by name, email or number").fill("zz-nobody")
    await page.getByRole("button", { name: "Search", exact: true }).click()
    await expect.poll(() => new URL(page.url()).search).toBe("?search=zz-nobody")
    await page.reload()
    await expect.poll(() => page.getByTestId("list-empty").textContent()).toBe("No Active Users")
    expect(await page.getByLabel("Search by name, email or number").inputValue()).toBe("zz-nobody")
    await page.goBack()
    await expect.poll(() => info.textContent()).toMatch(/^Showing Page: 1 of/)
    await page.context().close()
  })
})

describe("content cards", () => {
  // Each card screen's export: its header, and which column holds the card's image address.
  const screens = [
    { path: "/gallery", header: ["Image", "Added"], image: 0 },
    { path: "/testimonials", header: ["Name", "Testimonial", "Avatar", "Added"], image: 2 },
    { path: "/experts", header: ["Name", "Designation", "Avatar", "Added"], image: 2 },
    { path: "/press-release-and-recognition", header: ["Type", "Link", "Thumbnail", "Added"], image: 2 },
  ]

  it("the Admin's Export CSV of a card screen downloads one row per card, in the screen's order", async () => {
    const page = await newPage(browser)
    await signInTab(page, "admin@demo.test")
    for (const { path, header, image } of screens) {
      await page.goto(path)
      const cards = page.getByTestId("content-card")
      await expect.poll(() => cards.count(), { message: path }).toBeGreaterThan(0)
      const shown = await cards.locator("img").evaluateAll((imgs) => imgs.map((i) => new URL((i as HTMLImageElement).src).pathname))
      const download = page.waitForEvent("download")
      await page.getByRole("button", { name: "Export CSV" }).click()
      const [first, ...rows] = parseCsv(readFileSync(await (await download).path(), "utf8"))
      expect(first, path).toEqual(header)
      expect(
        rows.map((r) => new URL(r[image]!).pathname),
        path,
      ).toEqual(shown)
    }
    await page.context().close()
  })

  it("the Editor, who manages the cards, has no Export CSV", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "editor@demo.test", "/experts")
    await expect.poll(() => page.getByTestId("content-card").count()).toBeGreaterThan(0)
    expect(await page.getByRole("button", { name: "Export CSV" }).count()).toBe(0)
    await page.context().close()
  })
})

describe("the list header (issue 21)", () => {
  const LISTS = [
    "/lawyer",
    "/user",
    "/under-review-vendors",
    "/rejected-vendors",
    "/enquiries",
    "/counselling",
    "/unassign-users",
    "/counselling-users",
    "/all-sessions",
    "/editor",
    "/my-tickets",
    "/blogs",
    "/testimonials",
    "/experts",
    "/gallery",
    "/press-release-and-recognition",
  ]

  // One signed-in page for the tour; each list is a test of its own, so a slow screen is named and never eats the others' time.
  let page: Page
  beforeAll(async () => {
    page = await newPage(browser)
    await page.setViewportSize({ width: 1366, height: 900 })
    await signInTab(page, "admin@demo.test")
  })
  afterAll(() => page?.context().close())

  it.each(LISTS)("puts Export CSV in the same place on %s: first of the tools at the top right, before the screen's own action", async (path) => {
    await page.goto(path)
    const tools = page.getByTestId("list-tools")
    await expect.poll(() => tools.getByRole("button", { name: "Export CSV" }).count(), { timeout: 10_000 }).toBe(1)
    expect(await tools.evaluate((el) => el.firstElementChild?.textContent?.trim())).toBe("Export CSV")
    const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!
    const exportBox = (await tools.getByRole("button", { name: "Export CSV" }).boundingBox())!
    const toolsBox = (await tools.boundingBox())!
    const main = (await page.locator("main").boundingBox())!
    // On the heading's line, and the tools end at the right edge of the content.
    expect(Math.abs(exportBox.y - heading.y)).toBeLessThan(12)
    expect(main.x + main.width - (toolsBox.x + toolsBox.width)).toBeLessThan(60)
  })
})

describe("the review lists at a laptop's width (issue 21)", () => {
  it("Under Review, Temp. Approve and Rejected fit 1366 px without scrolling sideways, even with a very long name and organization", async () => {
    // A vendor of this test's own, newest in Under Review: long words and a long unbroken one.
    const stamp = Date.now()
    const fields: Record<string, string> = {
      role: "Lawyer",
      name: `Venkataraghavan Subramaniamswamy Ramakrishnanathan ${"Q".repeat(40)}`,
      email: `laptop-width-${stamp}@example.org`,
      number: "9812345678",
      password: "Partner@123",
      confirmPassword: "Partner@123",
      address: "1 Court Road",
      city: "Pune",
      pinCode: "411001",
      state: "Maharashtra",
      language: "English",
      experience: "3 years",
      preferredContactMethod: "Email",
      organizationName: `The Extraordinarily Long-Named Legal Services Partnership of Western India ${"W".repeat(30)}`,
      qualifications: "LL.B.",
      briefBio: "Made by the laptop-width test.",
      serviceDescription: "Contracts.",
      registrationNumber: "BAR-1",
      certificationName: "Advocate",
      issuingAuthority: "Bar Council",
      certificationNumber: "C-1",
      expirationDate: "2030-01-01",
      accountHolderName: "Laptop Width",
      bankName: "HDFC Bank",
      ifscCode: "HDFC0001234",
      accountNumber: "50100123456789",
    }
    const form = new FormData()
    for (const [k, v] of Object.entries(fields)) form.append(k, v)
    form.append("certificationImg", new Blob([new Uint8Array(solidPng())], { type: "image/png" }), "cert.png")
    const signup = await postFormFrom(`127.0.${(stamp % 200) + 20}.250`, "/user/partnerSignup", form)
    expect(signup.status).toBe(200)
    const page = await newPage(browser)
    await page.setViewportSize({ width: 1366, height: 900 })
    await signInTab(page, "admin@demo.test")
    for (const path of ["/under-review-vendors", "/temp-approve-vendors", "/rejected-vendors"]) {
      await page.goto(path)
      const region = page.getByRole("region").filter({ has: page.getByRole("table") })
      await expect.poll(() => page.getByRole("table").getByRole("row").count(), { timeout: 10_000 }).toBeGreaterThan(1)
      if (path === "/under-review-vendors") await expect.poll(() => page.getByRole("link", { name: /^Venkataraghavan/ }).count()).toBe(1)
      const overflow = await region.evaluate((el) => el.scrollWidth - el.clientWidth)
      expect(overflow, path).toBeLessThanOrEqual(0)
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), path).toBeLessThanOrEqual(0)
    }
    await page.context().close()
  })
})
