import dayjs from "dayjs"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoUserId, launchBrowser, newPage, openSignedIn } from "./browser.ts"
import { demoPerson } from "../../server/db/seeds/demo-names.ts"
import { solidPng } from "../fixtures/images.ts"
import { listsSettled } from "./browser.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** Approved demo Lawyers this file alone edits (people.seed.ts: 10–21 are approved Lawyers; 11 has a seeded change). */
const vendorOf = (index: number) => {
  const p = demoPerson(index)
  return { name: p.name, email: `${p.emailLocal}@example.com` }
}

describe("a vendor's own profile, reviewed by an Admin (issue 26)", () => {
  it("saves what needs no review at once, puts bank details under review, and the Admin's approval makes them live", async () => {
    const vendor = vendorOf(20)
    const id = await demoUserId(vendor.email)
    const page = await newPage(browser)
    await openSignedIn(page, vendor.email, "/profile")
    await page.getByRole("link", { name: "Edit Profile" }).click()
    await page.getByRole("heading", { name: "Edit Profile", level: 1 }).waitFor()
    await page.getByTestId("review-note").waitFor()
    await page.getByLabel("City", { exact: true }).fill("Nashik")
    await page.getByLabel("Bank Name", { exact: true }).fill("Axis Bank")
    await page.getByLabel("Account Number", { exact: true }).fill("912345670001")
    await page.getByRole("button", { name: "Save Profile" }).click()
    await page.getByText("Your profile was updated. 2 changes wait for an Admin's review; the approved values stay until then.").waitFor()
    // Two seconds later the form goes back to the profile, which shows the new city and the change waiting.
    await page.waitForURL("**/profile")
    const card = page.getByTestId("profile-change")
    await card.getByRole("heading", { name: "Changes under review" }).waitFor()
    expect(await card.locator("tbody tr").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-field")))).toEqual(["bankName", "accountNumber"])
    expect(await card.locator('tr[data-field="accountNumber"] ins').textContent()).toBe("••••0001")
    await page.getByText("Nashik", { exact: true }).waitFor()
    await page.context().close()

    // The Lawyers list marks the vendor; their name leads to the change.
    const admin = await newPage(browser)
    await openSignedIn(admin, "admin@demo.test", `/lawyer?search=${encodeURIComponent(vendor.email)}`)
    const listed = admin.getByRole("row").filter({ hasText: vendor.email })
    await listed.getByTestId("changes-under-review").waitFor()
    expect(await listed.getByTestId("changes-under-review").textContent()).toBe("Changes under review")
    await listed.getByRole("link").first().click()
    await admin.waitForURL(`**/vendor-details/${id}`)
    const review = admin.getByTestId("profile-change")
    await review.getByRole("heading", { name: "Changes under review" }).waitFor()
    expect(await review.locator('tr[data-field="bankName"] ins').textContent()).toBe("Axis Bank")
    await review.getByRole("button", { name: "Approve changes" }).click()
    const dialog = admin.getByRole("alertdialog")
    await dialog.getByText("Approve these changes?", { exact: false }).waitFor()
    await dialog.getByRole("button", { name: "Approve", exact: true }).click()
    // The page reloads the vendor: the bank is the new one and nothing waits any more.
    await admin.getByText("Axis Bank", { exact: true }).waitFor()
    await expect.poll(() => admin.getByTestId("profile-change").count()).toBe(0)
    // Decided: the list no longer marks them.
    await admin.goto(`/lawyer?search=${encodeURIComponent(vendor.email)}`)
    await admin.getByRole("row").filter({ hasText: vendor.email }).waitFor()
    expect(await admin.getByTestId("changes-under-review").count()).toBe(0)
    await admin.context().close()
  })

  it("keeps the approved values when the Admin rejects, and the vendor reads why", async () => {
    const vendor = vendorOf(19)
    const id = await demoUserId(vendor.email)
    const page = await newPage(browser)
    await openSignedIn(page, vendor.email, "/profile/edit")
    await page.getByLabel("Certification Number", { exact: true }).fill("CERT-2026-77")
    await page.getByRole("button", { name: "Save Profile" }).click()
    await page.waitForURL("**/profile")
    await page.getByTestId("profile-change").waitFor()

    const admin = await newPage(browser)
    await openSignedIn(admin, "admin@demo.test", `/vendor-details/${id}`)
    const review = admin.getByTestId("profile-change")
    await review.getByRole("button", { name: "Reject changes" }).click()
    const dialog = admin.getByRole("dialog")
    // A reason is required: the vendor is mailed it.
    await dialog.getByRole("button", { name: "Reject", exact: true }).click()
    await dialog.getByText("Reason is required", { exact: false }).waitFor()
    await dialog.getByLabel("Reason", { exact: true }).fill("The number does not match the certificate image.")
    await dialog.getByRole("button", { name: "Reject", exact: true }).click()
    await expect.poll(() => admin.getByTestId("profile-change").count()).toBe(0)
    expect(await admin.getByText("CERT-2026-77").count()).toBe(0)
    await admin.context().close()

    await page.reload()
    const card = page.getByTestId("profile-change")
    await card.getByRole("heading", { name: "Your last changes were not approved" }).waitFor()
    expect(await card.getByTestId("change-reason").textContent()).toBe("Reason: The number does not match the certificate image.")
    await page.context().close()
  })
})

describe("a vendor's onboarding checklist (issue 26)", () => {
  it("shows a vendor what is missing, follows their uploads, and the Under Review list shows how far they are", async () => {
    // Demo person 72 is Under Review (people.seed.ts): no pictures, no hours, the rest filled.
    const vendor = vendorOf(72)
    const admin = await newPage(browser)
    await openSignedIn(admin, "admin@demo.test", `/under-review-vendors?search=${encodeURIComponent(vendor.email)}`)
    await listsSettled(admin)
    const progress = () => admin.getByTestId("onboarding-cell").first().locator("p").textContent()
    expect(await progress()).toBe("Onboarding 1 of 4")

    const page = await newPage(browser)
    await openSignedIn(page, vendor.email, "/")
    const card = page.getByTestId("onboarding")
    await card.getByTestId("onboarding-progress").getByText("1 of 4 done").waitFor()
    expect(await card.locator("[data-step]").evaluateAll((steps) => steps.map((s) => [s.getAttribute("data-step"), s.getAttribute("data-status")]))).toEqual([
      ["profile", "todo"],
      ["documents", "todo"],
      ["bank", "done"],
      ["availability", "todo"],
    ])
    await card.locator('[data-step="documents"]').getByText("Still needed: Certification Image").waitFor()
    await card.getByRole("link", { name: "Add documents" }).click()
    await page.getByRole("heading", { name: "Edit Profile", level: 1 }).waitFor()
    const png = { mimeType: "image/png", buffer: solidPng(16, 16) }
    await page.getByLabel("Profile Picture").setInputFiles({ name: "me.png", ...png })
    await page.getByLabel("Certification Image").setInputFiles({ name: "certificate.png", ...png })
    await page.getByRole("button", { name: "Save Profile" }).click()
    // Nothing of an Under Review vendor waits for a review: everything is saved at once.
    await page.getByText("Your profile was updated.", { exact: true }).waitFor()
    await page.waitForURL("**/profile")
    await page.getByTestId("profile-avatar").and(page.locator('img[src^="/uploads/"]')).waitFor()
    await page.goto("/")
    await card.getByTestId("onboarding-progress").getByText("3 of 4 done").waitFor()
    expect(await card.locator('[data-step="availability"]').getAttribute("data-status")).toBe("todo")
    await admin.reload()
    await listsSettled(admin)
    await expect.poll(progress).toBe("Onboarding 3 of 4")

    // The last step: hours on My Listing, from the checklist's own link.
    await card.getByRole("link", { name: "Set availability" }).click()
    await page.getByRole("heading", { name: "My Listing", level: 1 }).waitFor()
    await page.getByRole("button", { name: dayjs().add(3, "day").format("ddd, DD MMM") }).click()
    await page.getByRole("checkbox", { name: "10:00 AM - 10:30 AM" }).locator("xpath=..").click()
    await page.getByRole("button", { name: "Submit" }).click()
    await expect.poll(() => page.getByTestId("form-message").textContent()).toBe("Availability saved successfully!")
    await page.goto("/")
    await card.getByTestId("onboarding-progress").getByText("4 of 4 done").waitFor()
    await card.getByText("Your profile has everything it needs.").waitFor()
    await page.context().close()

    await admin.reload()
    await listsSettled(admin)
    await expect.poll(progress).toBe("Onboarding 4 of 4")
    await admin.context().close()
  })
})
