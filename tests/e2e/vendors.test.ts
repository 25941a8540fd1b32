import { readFileSync } from "node:fs"
import type { Browser, Page } from "playwright-core"
import { parseCsv } from "../server/csv-reader.ts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { columnTexts, launchBrowser, listsSettled, loginAs, mailTo, newPage, openSignedIn, signInTab, tokenOf } from "./browser.ts"
import { seededVendor } from "./seeded-vendors.ts"
import { escapeMenu } from "./keyboard/keyboard-helpers.ts"
import { nameOrderKey } from "../fixtures/name-order.ts"

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
    await escapeMenu(page)

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
    expect(await mailTo(vendor.email, "Your partner account has been approved.")).toContain("Your partner account has been approved.")

    await page.getByRole("link", { name: "Dashboard" }).click()
    await expect.poll(() => count(page, "Under Review")).toBe(String(underReview - 1))
    expect(await count(page, "YogaTeacher")).toBe(String(yogaTeachers + 1))
    await page.context().close()
  })

  it("the Temp Approve and Rejected lists offer Temp Approve, Approved and Reject", async () => {
    const page = await newPage(browser)
    await signInTab(page, "admin@demo.test")
    for (const [path, vendor] of [
      ["/temp-approve-vendors", seededVendor(95)],
      ["/rejected-vendors", seededVendor(108)],
    ] as const) {
      await page.goto(path)
      await search(page, vendor.email)
      await page.getByRole("button", { name: new RegExp(`^Status of ${vendor.name}:`) }).click()
      await expect.poll(() => page.getByRole("menuitemradio").allTextContents()).toEqual(["Temp Approve", "Approved", "Reject"])
      await escapeMenu(page)
    }
    await page.context().close()
  })

  it("Vendor Details offers exactly the three other statuses, and no menu once Approved", async () => {
    const vendor = seededVendor(94)
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/temp-approve-vendors")
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
    expect(await mailTo(vendor.email, "approved")).toContain("approved")
    await page.context().close()
  })
})

describe("people lists", () => {
  it("an empty list shows its exact empty text", async () => {
    const page = await newPage(browser)
    await signInTab(page, "admin@demo.test")
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
    await openSignedIn(page, "admin@demo.test", "/counsellor")
    await expect.poll(() => page.getByTestId("page-info").textContent()).toMatch(/^Showing Page: 1 of \d+$/)
    // Newest first until told otherwise: the arrow on Date | Time says so.
    expect(await page.locator("thead th").allTextContents()).toEqual(["S.No", "Name", "Email", "Number", "Role", "Date | Time ↓", "Status", "Organization"])
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

describe("a list's page size (issue 26)", () => {
  const pageInfo = (page: Page) => page.getByTestId("page-info").textContent()
  const rowsShown = (page: Page) => page.locator("tbody tr").count()

  it("shows 25 rows a page when chosen, in the URL and through Back, and remembers the choice", async () => {
    const page = await newPage(browser)
    await signInTab(page, "admin@demo.test")
    const token = await tokenOf(page)
    const total = await page.evaluate(async (bearer) => {
      const answer = await fetch("/api/v1/user/Counsellor?page=1&limit=1", { headers: { authorization: `Bearer ${bearer}` } })
      return ((await answer.json()) as { totalRecords: number }).totalRecords
    }, token)
    expect(total).toBeGreaterThan(10)
    await page.goto("/counsellor?page=2")
    await expect.poll(() => pageInfo(page)).toBe(`Showing Page: 2 of ${Math.ceil(total / 10)}`)
    await page.getByLabel("Rows per page").selectOption("25")
    // Another size starts again at page 1, so no row is skipped.
    await page.waitForURL((url) => url.searchParams.get("size") === "25" && !url.searchParams.has("page"))
    await expect.poll(() => pageInfo(page)).toBe(`Showing Page: 1 of ${Math.ceil(total / 25)}`)
    await expect.poll(() => rowsShown(page)).toBe(Math.min(25, total))
    expect(await page.locator("tbody tr").last().locator("td").first().textContent()).toBe(String(Math.min(25, total)))
    await page.goBack()
    await expect.poll(() => pageInfo(page)).toBe(`Showing Page: 2 of ${Math.ceil(total / 10)}`)
    expect(await page.getByLabel("Rows per page").inputValue()).toBe("10")
    await page.goForward()
    await expect.poll(() => pageInfo(page)).toBe(`Showing Page: 1 of ${Math.ceil(total / 25)}`)

    // Opened again without a size in the address, the list keeps this person's choice.
    await page.goto("/")
    await page.goto("/counsellor")
    await expect.poll(() => rowsShown(page)).toBe(Math.min(25, total))
    expect(await page.getByLabel("Rows per page").inputValue()).toBe("25")

    await page.context().close()
  })
})

describe("a list's columns (issue 26)", () => {
  /** The headers as the Columns menu names them (a sorted column's arrow is for the eye only). */
  const headers = async (page: Page) => (await page.locator("thead th").allTextContents()).map((h) => h.replace(/ [↑↓]$/, ""))

  it("hides and shows columns from the Columns menu, in the URL and remembered, never the last one", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/enquiries")
    await expect.poll(() => headers(page)).toContain("Email")
    const all = await headers(page)
    await page.getByRole("button", { name: "Columns" }).click()
    await page.getByRole("menuitemcheckbox", { name: "Email" }).click()
    await page.getByRole("menuitemcheckbox", { name: "Number" }).click()
    await page.keyboard.press("Escape")
    await expect.poll(() => headers(page)).toEqual(all.filter((h) => h !== "Email" && h !== "Number"))
    await page.waitForURL((url) => url.searchParams.getAll("hide").join() === "Email,Number")
    // The column's cells go with its header.
    expect(await page.locator("tbody tr").first().locator("td").count()).toBe(all.length - 2)
    expect(await page.getByRole("button", { name: "Columns (2 hidden)" }).count()).toBe(1)

    await page.reload()
    await expect.poll(() => headers(page)).toEqual(all.filter((h) => h !== "Email" && h !== "Number"))
    await page.goto("/")
    await page.goto("/enquiries")
    await expect.poll(() => headers(page)).toEqual(all.filter((h) => h !== "Email" && h !== "Number"))

    // Every column but one hidden: the last stays, its box cannot be cleared.
    await page.getByRole("button", { name: "Columns (2 hidden)" }).click()
    for (const header of all.slice(1)) {
      const item = page.getByRole("menuitemcheckbox", { name: header })
      if ((await item.getAttribute("aria-checked")) === "true") await item.click()
    }
    await expect.poll(() => headers(page)).toEqual([all[0]])
    expect(await page.getByRole("menuitemcheckbox", { name: all[0] }).getAttribute("aria-disabled")).toBe("true")
    for (const header of all.slice(1)) await page.getByRole("menuitemcheckbox", { name: header }).click()
    await page.keyboard.press("Escape")
    await expect.poll(() => headers(page)).toEqual(all)
    await page.waitForURL((url) => !url.searchParams.has("hide"))
    await page.context().close()
  })
})

describe("saved views (issue 26)", () => {
  it("saves a list as it is under a name, opens it again from the Views menu, refuses a name used twice and deletes it after a yes", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/counsellor?sort=name&size=25&hide=Email")
    await expect.poll(() => page.locator("tbody tr").count()).toBeGreaterThan(10)
    await page.getByRole("button", { name: "Views" }).click()
    await expect.poll(() => page.getByText("No saved views yet.", { exact: false }).count()).toBe(1)
    await page.getByLabel("Name this view").fill("A to Z, 25")
    await page.getByRole("button", { name: "Save view" }).click()
    await expect.poll(() => page.getByTestId("saved-views").getByRole("button", { name: "A to Z, 25", exact: true }).count()).toBe(1)
    // The same name again (letter case ignored) is refused next to the field.
    await page.getByLabel("Name this view").fill("a to z, 25")
    await page.getByRole("button", { name: "Save view" }).click()
    await expect.poll(() => page.getByText("You already have a view with this name on this list.").count()).toBe(1)
    await page.keyboard.press("Escape")

    // Another order and size, then the view brings back the saved one.
    await page.getByRole("button", { name: "Date | Time: sort by date added, newest first" }).click()
    await page.waitForURL((url) => url.searchParams.get("sort") === "-createdAt")
    await page.getByLabel("Rows per page").selectOption("10")
    await page.waitForURL((url) => !url.searchParams.has("size"))
    await page.getByRole("button", { name: "Views" }).click()
    await page.getByTestId("saved-views").getByRole("button", { name: "A to Z, 25", exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get("sort") === "name" && url.searchParams.get("size") === "25" && url.searchParams.get("hide") === "Email")
    await expect.poll(() => page.getByRole("columnheader", { name: /^Name/ }).getAttribute("aria-sort")).toBe("ascending")
    await expect.poll(() => page.locator("tbody tr").count()).toBeGreaterThan(10)
    expect(await page.locator("thead th").allTextContents()).not.toContain("Email")

    // Deleting asks first.
    await page.getByRole("button", { name: "Views" }).click()
    await page.getByRole("button", { name: "Delete view A to Z, 25" }).click()
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click()
    await expect.poll(() => page.getByText("No saved views yet.", { exact: false }).count()).toBe(1)
    await page.context().close()
  })
})

describe("sorting a people list (issue 26)", () => {
  const shownNames = async (page: Page) => (await columnTexts(page, /^Name/)).map(nameOrderKey)
  const inOrder = (names: string[], way: "ascending" | "descending") =>
    names.every((n, i) => i === 0 || (way === "ascending" ? names[i - 1]! <= n : names[i - 1]! >= n))
  const sortOf = (page: Page, header: RegExp) => page.getByRole("columnheader", { name: header }).getAttribute("aria-sort")

  it("sorts a role's list by name either way from its header, on every page, in the URL and the CSV, and back to newest first", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/counsellor")
    await expect.poll(() => page.getByTestId("page-info").textContent()).toMatch(/^Showing Page: 1 of \d+$/)
    expect(await sortOf(page, /^Date \| Time/)).toBe("descending")
    expect(await sortOf(page, /^Name/)).toBeNull()

    await page.getByRole("button", { name: "Name: sort by name, A to Z" }).click()
    await page.waitForURL((url) => url.searchParams.get("sort") === "name")
    await expect.poll(async () => (await sortOf(page, /^Name/)) === "ascending" && inOrder(await shownNames(page), "ascending")).toBe(true)
    expect(await sortOf(page, /^Date \| Time/)).toBeNull()
    const lastOfPage1 = (await shownNames(page)).at(-1)!
    await page.getByRole("button", { name: "Next" }).click()
    await expect.poll(() => page.getByTestId("page-info").textContent()).toMatch(/^Showing Page: 2 of \d+$/)
    await expect.poll(async () => (await shownNames(page))[0]! >= lastOfPage1 && inOrder(await shownNames(page), "ascending")).toBe(true)

    await page.getByRole("button", { name: "Name: sort by name, Z to A" }).click()
    await page.waitForURL((url) => url.searchParams.get("sort") === "-name" && !url.searchParams.has("page"))
    await expect.poll(async () => (await sortOf(page, /^Name/)) === "descending" && inOrder(await shownNames(page), "descending")).toBe(true)
    // Export CSV follows the order on screen.
    const download = page.waitForEvent("download")
    await page.getByRole("button", { name: "Export CSV" }).click()
    const exported = parseCsv(readFileSync((await (await download).path())!, "utf8"))
      .slice(1)
      .map((r) => nameOrderKey(r[0]!))
    expect(exported.length).toBeGreaterThan(10)
    expect(inOrder(exported, "descending")).toBe(true)

    // The order is in the address: a reload keeps it; Date | Time goes back to newest first.
    await page.reload()
    await expect.poll(() => sortOf(page, /^Name/)).toBe("descending")
    await page.getByRole("button", { name: "Date | Time: sort by date added, newest first" }).click()
    await page.waitForURL((url) => url.searchParams.get("sort") === "-createdAt")
    await expect.poll(() => sortOf(page, /^Date \| Time/)).toBe("descending")
    await page.getByRole("button", { name: "Date | Time: sort by date added, oldest first" }).click()
    await page.waitForURL((url) => url.searchParams.get("sort") === "createdAt")
    await expect.poll(() => sortOf(page, /^Date \| Time/)).toBe("ascending")
    await page.context().close()
  })

  it("narrows a review list to one vendor role from its Role filter, in the URL and the CSV, and back to every role", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/temp-approve-vendors")
    const roles = async () => new Set(await columnTexts(page, /^Role$/))
    await expect.poll(async () => (await roles()).size).toBeGreaterThan(1)
    await page.getByLabel("Role").selectOption("Counsellor")
    await page.waitForURL((url) => url.searchParams.get("role") === "Counsellor")
    await expect.poll(async () => [...(await roles())]).toEqual(["Counsellor"])
    const download = page.waitForEvent("download")
    await page.getByRole("button", { name: "Export CSV" }).click()
    const exported = parseCsv(readFileSync((await (await download).path())!, "utf8")).slice(1)
    expect(exported.length).toBeGreaterThan(0)
    expect(new Set(exported.map((r) => r[3]))).toEqual(new Set(["Counsellor"]))
    // A reload keeps the filter; back returns to every role.
    await page.reload()
    await expect.poll(() => page.getByLabel("Role").inputValue()).toBe("Counsellor")
    await expect.poll(async () => [...(await roles())]).toEqual(["Counsellor"])
    await page.goBack()
    await page.waitForURL((url) => !url.searchParams.has("role"))
    await expect.poll(() => page.getByLabel("Role").inputValue()).toBe("")
    await expect.poll(async () => (await roles()).size).toBeGreaterThan(1)
    await page.context().close()
  })

  it("sorts a review list by name while its status menus stay in their rows", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/temp-approve-vendors?sort=-name")
    await expect.poll(async () => (await sortOf(page, /^Name/)) === "descending" && (await shownNames(page)).length > 1).toBe(true)
    expect(inOrder(await shownNames(page), "descending")).toBe(true)
    await page.getByRole("button", { name: "Name: sort by name, A to Z" }).click()
    await page.waitForURL((url) => url.searchParams.get("sort") === "name")
    await expect.poll(async () => inOrder(await shownNames(page), "ascending") && (await sortOf(page, /^Name/)) === "ascending").toBe(true)
    await page.context().close()
  })
})

describe("enquiries", () => {
  it("a non-admin opening /enquiries is sent to /login (spec section 2), signed out in this browser", async () => {
    const page = await newPage(browser)
    await loginAs(page, "lawyer@demo.test")
    await page.goto("/enquiries")
    await page.waitForURL((u) => u.pathname === "/login")
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0)
    await page.context().close()
  })

  it("an enquiry sent through the public contact call appears in All Enquiries", async () => {
    const page = await newPage(browser)
    await page.goto("/login")
    const name = `Website Visitor ${Date.now()}`
    const status = await page.evaluate(
      async (body) =>
        (await fetch("/api/v1/contact/create", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).status,
      { name, email: "visitor@example.org", number: "9876543210", city: "Kochi", state: "Kerala", message: "Do you offer evening yoga?" },
    )
    expect(status).toBe(200)
    await loginAs(page, "admin@demo.test")
    await page.getByTestId("sidebar").getByRole("link", { name: "Enquiries", exact: true }).click()
    await page.waitForURL((url) => url.pathname === "/enquiries")
    await expect.poll(() => page.locator("tbody tr").first().locator("td").nth(1).textContent()).toBe(name)
    // Newest first until told otherwise: the arrow on Date | Time says so.
    expect(await page.locator("thead th").allTextContents()).toEqual(["S.No", "Name", "Email", "Number", "City", "State", "Date | Time ↓"])
    await expect.poll(() => page.getByTestId("total-records").textContent()).toMatch(/^Total Records: \d+$/)
    await page.context().close()
  })

  it("sorts All Enquiries by name either way and by date, in the URL, through Back and in the CSV", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/enquiries")
    const names = async () => (await page.locator("tbody tr td:nth-child(2)").allTextContents()).map(nameOrderKey)
    const sorted = (list: string[], way: 1 | -1) => list.every((n, i) => i === 0 || (way === 1 ? list[i - 1]! <= n : list[i - 1]! >= n))
    await expect.poll(async () => (await names()).length).toBeGreaterThan(1)
    await page.getByRole("button", { name: "Name: sort by name, A to Z" }).click()
    await page.waitForURL((url) => url.searchParams.get("sort") === "name")
    await expect
      .poll(async () => sorted(await names(), 1) && (await page.getByRole("columnheader", { name: /^Name/ }).getAttribute("aria-sort")) === "ascending")
      .toBe(true)
    const download = page.waitForEvent("download")
    await page.getByRole("button", { name: "Export CSV" }).click()
    const csv = readFileSync((await (await download).path())!, "utf8")
    const csvNames = parseCsv(csv)
      .slice(1)
      .map((row) => nameOrderKey(row[0]!))
    expect(sorted(csvNames, 1)).toBe(true)
    await page.getByRole("button", { name: "Name: sort by name, Z to A" }).click()
    await page.waitForURL((url) => url.searchParams.get("sort") === "-name")
    await expect.poll(async () => sorted(await names(), -1)).toBe(true)
    await page.goBack()
    await page.waitForURL((url) => url.searchParams.get("sort") === "name")
    await expect.poll(async () => sorted(await names(), 1)).toBe(true)
    await page.getByRole("button", { name: "Date | Time: sort by date sent, newest first" }).click()
    await page.waitForURL((url) => url.searchParams.get("sort") === "-createdAt")
    await expect.poll(() => page.getByRole("columnheader", { name: /^Date \| Time/ }).getAttribute("aria-sort")).toBe("descending")
    await page.context().close()
  })
})

describe("bank account numbers", () => {
  it("shows only the last 4 digits; an Admin reveals the whole number with a reason, which the access log shows", async () => {
    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    const token = await tokenOf(page)
    const lawyer = await page.evaluate(async (bearer) => {
      const answer = await fetch("/api/v1/user/Lawyer?search=lawyer%40demo.test", { headers: { authorization: `Bearer ${bearer}` } })
      return ((await answer.json()) as { data: Array<{ _id: string }> }).data[0]!._id
    }, token)
    await page.goto(`/vendor-details/${lawyer}`)
    const account = page.getByRole("heading", { name: "Account Details", exact: true }).locator("xpath=ancestor::*[contains(@class,'card__root')][1]")
    await expect.poll(() => account.textContent()).toMatch(/Account Number••••\d{4}Reveal$/)
    const lastFour = /••••(\d{4})/.exec((await account.textContent()) ?? "")![1]!

    await account.getByRole("button", { name: "Reveal" }).click()
    const dialog = page.getByRole("dialog")
    await expect.poll(() => dialog.getByRole("heading").first().textContent()).toMatch(/^Reveal .+'s account number$/)
    await dialog.getByRole("button", { name: "Reveal" }).click()
    // A reason is required, next to its field, and nothing is sent without one.
    await expect.poll(() => dialog.getByText("Reason is required").count()).toBe(1)
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("TEXTAREA")
    const reason = "Payout bounced; confirming the number with the bank"
    await dialog.getByLabel("Reason").fill(reason)
    await dialog.getByRole("button", { name: "Reveal" }).click()
    await expect.poll(() => dialog.getByTestId("form-detail").textContent()).toMatch(new RegExp(`^Account number: \\d{5,14}${lastFour}$`))
    expect(await dialog.textContent()).toContain("Account number revealed. This was recorded in the access log.")
    await dialog.getByRole("button", { name: "Cancel" }).click()
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0)
    expect(await account.textContent()).toMatch(/••••\d{4}/)

    await page.goto("/access-log")
    await listsSettled(page)
    await expect.poll(() => page.locator("main tbody tr").first().textContent()).toContain(reason)
    const row = await page.locator("main tbody tr").first().textContent()
    expect(row).toContain("Account number revealed")
    expect(row).toContain("account of lawyer@demo.test")
    await page.context().close()
  })
})
