import { readFileSync } from "node:fs"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { lastFormMessage, columnTexts, mailTo, launchBrowser, signInTab } from "../browser.ts"
import {
  escapeThenOpen,
  eventually,
  expectClosedBackTo,
  highlight,
  isFocused,
  keyboardLogin,
  keyboardPage,
  openDialogWith,
  openMenu,
  press,
  tabTo,
  typeInto,
  viaSidebar,
} from "./keyboard-helpers.ts"
import { seededVendor } from "../seeded-vendors.ts"

/**
 * vendors.test.ts, editors.test.ts, busy-and-export.test.ts and the header search of account.test.ts
 * with the keyboard alone: status menus, Vendor Details' menu and tabs, searches, paging, Export
 * CSV, the editors' dialogs.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** Moves the search's highlight down until it is on `option` (other kinds of result may come first). */
async function arrowDownTo(page: Page, option: ReturnType<Page["getByRole"]>) {
  for (let step = 0; step < 40 && (await option.getAttribute("aria-selected")) !== "true"; step++) await page.keyboard.press("ArrowDown")
  expect(await option.getAttribute("aria-selected")).toBe("true")
}

/**
 * Types into the list's search box, sends it with Enter and waits for the answer. Until it lands the
 * previous page's rows stay on screen (dimmed, aria-busy); a menu opened on one of them is replaced
 * with its row when the answer arrives, and focus falls to the page.
 */
async function search(page: Page, text: string) {
  await typeInto(page, page.getByLabel("Search by name, email or number"), text)
  await page.keyboard.press("Enter")
  await eventually(() => new URL(page.url()).searchParams.get("search")).toBe(text)
  await eventually(() => page.locator('main [aria-busy="true"]').count()).toBe(0)
}

/** Reads the open menu's items. */
const menuItems = (page: Page) => page.locator('[role="menu"][data-state="open"] [role^="menuitem"]').allTextContents()

/** The Admin's tab, signed in with the keyboard at the dashboard, for flows that start there. */
async function adminPage(): Promise<Page> {
  const page = await keyboardPage(browser)
  await keyboardLogin(page, "admin@demo.test")
  return page
}

/** The Admin's tab signed in without a screen, for flows that open their screen by its address. */
async function adminTab(): Promise<Page> {
  const page = await keyboardPage(browser)
  await signInTab(page, "admin@demo.test")
  return page
}

describe("keyboard only: people", () => {
  it("the Admin changes a vendor's status from the list with the menu: arrows only move, Enter chooses", async () => {
    const vendor = seededVendor(81)
    const page = await adminPage()
    await press(page, page.getByRole("link", { name: /^Under Review \d/ }))
    await page.waitForURL((url) => url.pathname === "/under-review-vendors")
    await search(page, vendor.email)
    const trigger = page.getByRole("button", { name: `Status of ${vendor.name}: Under Review` })
    await openMenu(page, trigger)
    expect(await menuItems(page)).toEqual(["Under Review", "Temp Approve", "Approved", "Reject"])
    // Moving through the options changes nothing until one is chosen; Escape gives focus back.
    await page.keyboard.press("ArrowDown")
    await page.keyboard.press("ArrowDown")
    await page.keyboard.press("Escape")
    await eventually(() => isFocused(trigger)).toBe(true)
    await page.keyboard.press("Enter")
    await highlight(page, "Temp Approve")
    await page.keyboard.press("Enter")
    await eventually(() => page.getByTestId("list-empty").textContent()).toBe("No users under review found.")
    await page.context().close()
  })

  it("the Temp Approve and Rejected lists' menus offer Temp Approve, Approved and Reject", async () => {
    const page = await adminTab()
    for (const [path, vendor] of [
      ["/temp-approve-vendors", seededVendor(92)],
      ["/rejected-vendors", seededVendor(107)],
    ] as const) {
      await page.goto(path)
      await search(page, vendor.email)
      const trigger = page.getByRole("button", { name: new RegExp(`^Status of ${vendor.name}:`) })
      await openMenu(page, trigger)
      expect(await menuItems(page)).toEqual(["Temp Approve", "Approved", "Reject"])
      await page.keyboard.press("Escape")
      await eventually(() => isFocused(trigger)).toBe(true)
    }
    await page.context().close()
  })

  it("Vendor Details: Enter on the name, the status menu, the Sessions tab by arrow, the status diagram", async () => {
    const vendor = seededVendor(93)
    const page = await adminTab()
    await page.goto("/temp-approve-vendors")
    await search(page, vendor.email)
    await press(page, page.getByRole("link", { name: vendor.name }))
    await page.waitForURL((url) => url.pathname.startsWith("/vendor-details/"))
    const change = page.getByRole("button", { name: "Change Status" })
    await openMenu(page, change)
    expect(await menuItems(page)).toEqual(["Under Review", "Approved", "Reject"])
    await highlight(page, "Reject")
    await page.keyboard.press("Enter")
    // Reject asks first (issue 21): its dialog takes the keyboard.
    const confirm = page.getByRole("alertdialog")
    await eventually(() => confirm.textContent()).toContain(`Reject ${vendor.name}?`)
    await press(page, confirm.getByRole("button", { name: "Reject" }))
    await eventually(() => page.getByTestId("status-badge").first().textContent()).toBe("Reject")
    await eventually(() => page.getByTestId("status-history").locator("tbody tr").last().textContent()).toMatch(/Asha AdminTemp ApproveReject$/)

    await press(page, page.getByRole("tab", { name: "Details" }), "ArrowRight")
    await eventually(() => page.getByRole("tab", { name: "Sessions" }).getAttribute("aria-selected")).toBe("true")
    await eventually(() => page.getByTestId("list-empty").textContent()).toBe("No sessions found.")

    await press(page, page.getByRole("button", { name: "Show status diagram" }))
    const diagram = page.getByTestId("current-state-diagram")
    expect(await diagram.getAttribute("data-current-state")).toBe("vendorStatus.rejected")
    await eventually(() => diagram.locator("svg .current").count()).toBeGreaterThan(0)
    await page.context().close()
  })

  it("lists: a search with no match shows the empty text, Next pages, Enter on a name opens Vendor Details, Enquiries from the sidebar", async () => {
    const page = await adminTab()
    await page.goto("/rejected-vendors")
    await search(page, "nobody-is-called-this")
    await eventually(() => page.getByTestId("list-empty").textContent()).toBe("No rejected users found.")

    await page.goto("/counsellor")
    await eventually(() => page.getByTestId("page-info").textContent()).toMatch(/^Showing Page: 1 of \d+$/)
    await press(page, page.getByRole("button", { name: "Next" }))
    await eventually(() => page.getByTestId("page-info").textContent()).toMatch(/^Showing Page: 2 of \d+$/)
    expect(new URL(page.url()).search).toBe("?page=2")
    // Focus stays on Next after the page changes, so Shift+Tab goes back up the table.
    expect(await isFocused(page.getByRole("button", { name: "Next" }))).toBe(true)
    await tabTo(page, page.locator("tbody a").first(), true)
    await page.keyboard.press("Enter")
    await page.waitForURL((url) => url.pathname.startsWith("/vendor-details/"))
    await eventually(() => page.getByTestId("status-badge").first().textContent()).toBe("Approved")

    await viaSidebar(page, "Enquiries", "/enquiries")
    await eventually(() => page.getByTestId("total-records").textContent()).toMatch(/^Total Records: \d+$/)
    await page.context().close()
  })

  it("Export CSV with Enter downloads the searched list", async () => {
    const page = await adminTab()
    await page.goto("/user")
    await search(page, "uma")
    await eventually(() => new URL(page.url()).searchParams.get("search")).toBe("uma")
    const download = page.waitForEvent("download")
    const exportButton = page.getByRole("button", { name: "Export CSV" })
    await press(page, exportButton)
    const lines = readFileSync(await (await download).path(), "utf8")
      .trim()
      .split("\r\n")
    // Busy while it works, but never disabled: focus stays on the button.
    await eventually(() => exportButton.getAttribute("aria-busy")).toBe("false")
    expect(await isFocused(exportButton)).toBe(true)
    expect(lines[0]).toBe("Name,Email,Number,Role,Date | Time,Status,Organization")
    expect(lines.length).toBeGreaterThan(1)
    for (const row of lines.slice(1)) expect(row.toLowerCase()).toContain("uma")
    await page.context().close()
  })

  it("the header search: type, ArrowDown, Enter opens the person; an unknown name says so", async () => {
    const page = await adminPage()
    const box = page.getByRole("combobox", { name: "Search" })
    await typeInto(page, box, "zzqx")
    await eventually(() => page.getByRole("status").filter({ hasText: "No results found." }).count()).toBe(1)
    await page.keyboard.press("Escape")
    await typeInto(page, box, "Leela")
    const option = page.getByRole("option").filter({ hasText: "Person ·" }).filter({ hasText: "Leela Lawyer" })
    await option.waitFor()
    await page.keyboard.press("ArrowDown")
    await eventually(() => option.getAttribute("aria-selected")).toBe("true")
    await page.keyboard.press("Enter")
    await page.waitForURL((url) => url.pathname.startsWith("/vendor-details/"))
    await page.getByRole("heading", { name: "Leela Lawyer" }).waitFor()
    await page.context().close()
  })

  it("Ctrl K reaches the header search from anywhere: the Admin opens an enquiry by its sender's email and a blog by its URL", async () => {
    const page = await adminPage()
    await viaSidebar(page, "Enquiries", "/enquiries")
    const firstRow = page.getByRole("row").nth(1)
    await firstRow.waitFor()
    const email = /[\w.+-]+@[\w.-]+/.exec(await firstRow.innerText())![0]
    const box = page.getByRole("combobox", { name: "Search" })
    await page.keyboard.press("Control+k")
    expect(await isFocused(box)).toBe(true)
    await page.keyboard.type(email)
    const enquiry = page.getByRole("option").filter({ hasText: `Enquiry · ${email}` })
    await enquiry.waitFor()
    await arrowDownTo(page, enquiry)
    await page.keyboard.press("Enter")
    await eventually(() => new URL(page.url()).searchParams.get("search")).toBe(email)
    await eventually(() => page.getByRole("row").filter({ hasText: email }).count()).toBe(1)

    await viaSidebar(page, "Blogs", "/blogs")
    // The list cuts a long URL short ("morning-yoga-fo..."): what it shows is enough to search for.
    await eventually(async () => (await columnTexts(page, /^URL$/)).length).toBeGreaterThan(0)
    const slug = (await columnTexts(page, /^URL$/))[0]!
      .trim()
      .replace(/^\//, "")
      .replace(/\.\.\.$/, "")
    await page.keyboard.press("Control+k")
    expect(await isFocused(box)).toBe(true)
    await page.keyboard.type(slug)
    const blog = page
      .getByRole("option")
      .filter({ hasText: `Blog · /${slug}` })
      .first()
    await blog.waitFor()
    await arrowDownTo(page, blog)
    await page.keyboard.press("Enter")
    await page.waitForURL((url) => url.pathname.startsWith("/blog/"))
    await page.getByRole("heading", { name: "Update Blog" }).waitFor()
    await page.context().close()
  })

  it("editors: add (Escape first, then Space), the invited editor sets a password, edit, delete after confirming", async () => {
    const run = Date.now().toString(36)
    const name = `Keyboard Editor ${run}`
    const email = `keyboard.editor.${run}@example.com`
    const page = await adminPage()
    await viaSidebar(page, "Editor", "/editor")
    const add = page.getByRole("button", { name: "+ Add Editor" })
    const dialog = await escapeThenOpen(page, add, "Space")
    await typeInto(page, dialog.getByLabel("Name"), name)
    await typeInto(page, dialog.getByLabel("Email"), "not-an-email")
    await typeInto(page, dialog.getByLabel("Number"), "9876511111")
    await page.keyboard.press("Enter")
    await eventually(() => dialog.getByText("Please enter a valid email address.").count()).toBe(1)
    await typeInto(page, dialog.getByLabel("Email"), email)
    await press(page, dialog.getByRole("button", { name: "Save" }))
    await eventually(() => lastFormMessage(page)).toBe("Editor added successfully! An email to set the password has been sent.")
    await expectClosedBackTo(page, add)
    const row = page.getByRole("row").filter({ hasText: email })
    await eventually(() => row.count()).toBe(1)

    const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(await mailTo(email, "/reset-password/"))![0]
    const invited = await keyboardPage(browser)
    await invited.goto(new URL(link).pathname)
    await typeInto(invited, invited.getByLabel("New Password", { exact: true }), "Editor@2026")
    await typeInto(invited, invited.getByLabel("Confirm Password", { exact: true }), "Editor@2026")
    await invited.keyboard.press("Enter")
    await invited.waitForURL((u) => u.pathname === "/login", { timeout: 5000 })
    await keyboardLogin(invited, email, "Editor@2026")
    await invited.context().close()

    const edit = page.getByRole("button", { name: `Edit ${name}` })
    const form = await openDialogWith(page, edit)
    await eventually(() => form.getByLabel("Email").inputValue()).toBe(email)
    await typeInto(page, form.getByLabel("Number"), "9000022222")
    await page.keyboard.press("Enter")
    await eventually(() => lastFormMessage(page)).toBe("Editor updated successfully!")
    await expectClosedBackTo(page, edit)
    await eventually(() => row.textContent()).toContain("9000022222")

    const remove = page.getByRole("button", { name: `Delete ${name}` })
    const confirm = await escapeThenOpen(page, remove)
    expect(await confirm.textContent()).toContain("Are you sure you want to delete this editor?")
    await press(page, confirm.getByRole("button", { name: "Yes" }))
    await eventually(() => page.getByRole("row").filter({ hasText: email }).count()).toBe(0)
    await page.context().close()
  })
})
