import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiToken, lastFormMessage, launchBrowser, loginAs, mailTo, newPage, openSignedIn } from "./browser.ts"
import { apiGet } from "./machine-paths.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe("editors (Admin)", () => {
  it("adds an editor who sets a password from the email; edits and deletes them", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/editor")
    await expect.poll(() => page.getByRole("columnheader").allTextContents()).toEqual(["#", "Name", "Email", "Number", "User Role", "Actions"])
    const email = `e2e.editor.${Date.now()}@example.com`
    const dialog = page.getByRole("dialog")
    await page.getByRole("button", { name: "+ Add Editor" }).click()
    await dialog.getByLabel("Name").fill("Browser Editor")
    await dialog.getByLabel("Email").fill("not-an-email")
    await dialog.getByLabel("Number").fill("12345678901")
    // The control takes the contract's limit as its maxLength: an eleventh digit cannot go in.
    expect(await dialog.getByLabel("Number").getAttribute("maxlength")).toBe("10")
    expect(await dialog.getByLabel("Number").inputValue()).toBe("1234567890")
    await dialog.getByRole("button", { name: "Save" }).click()
    await expect.poll(() => dialog.getByText("Please enter a valid email address.").count()).toBe(1)
    // Issue 21: a phone number is digits (a leading + at most), a name two characters or more.
    await dialog.getByLabel("Name").fill(" B ")
    await dialog.getByLabel("Number").fill("98-7654")
    await dialog.getByRole("button", { name: "Save" }).click()
    await expect.poll(() => dialog.getByText("Number must be digits, with an optional leading +.").count()).toBe(1)
    await expect.poll(() => dialog.getByText("Name must be at least 2 characters.").count()).toBe(1)
    await dialog.getByLabel("Name").fill("Browser Editor")
    await dialog.getByLabel("Email").fill(email)
    await dialog.getByLabel("Number").fill("9876500000")
    expect(await dialog.getByLabel("User Role").inputValue()).toBe("Editor")
    await dialog.getByRole("button", { name: "Save" }).click()
    await expect.poll(() => lastFormMessage(page)).toBe("Editor added successfully! An email to set the password has been sent.")
    const row = page.getByRole("row").filter({ hasText: email })
    await expect.poll(() => row.textContent()).toContain("Browser Editor")

    const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(await mailTo(email, "/reset-password/"))![0]
    const invited = await newPage(browser)
    await invited.goto(new URL(link).pathname)
    await invited.getByLabel("New Password", { exact: true }).fill("Editor@2026")
    await invited.getByLabel("Confirm Password", { exact: true }).fill("Editor@2026")
    await invited.getByRole("button", { name: "Reset Password" }).click()
    await invited.waitForURL((u) => u.pathname === "/login", { timeout: 5000 })
    await loginAs(invited, email, "Editor@2026")
    await expect.poll(() => invited.getByTestId("sidebar").getByRole("link").allTextContents()).toContain("Blogs")
    await invited.context().close()

    await page.getByRole("button", { name: "Edit Browser Editor" }).click()
    await expect.poll(() => dialog.getByLabel("Email").inputValue()).toBe(email)
    await dialog.getByLabel("Number").fill("9000011111")
    await dialog.getByRole("button", { name: "Save" }).click()
    await expect.poll(() => lastFormMessage(page)).toBe("Editor updated successfully!")
    await expect.poll(() => row.textContent()).toContain("9000011111")

    await page.getByRole("button", { name: "Delete Browser Editor" }).click()
    await expect.poll(() => page.getByText("Are you sure you want to delete this editor?").count()).toBe(1)
    await page.getByRole("button", { name: "Yes" }).click()
    await expect.poll(() => page.getByRole("row").filter({ hasText: email }).count()).toBe(0)
    await page.context().close()
  })

  it("an Editor opening /editor is told it has no access, and stays signed in", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "editor@demo.test", "/editor")
    await expect.poll(() => page.getByRole("heading", { name: "You don't have access to this page" }).count()).toBe(1)
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBeGreaterThan(0)
    await page.context().close()
  })
})

describe("the Editor list's order (issue 26)", () => {
  it("the Name header sorts the editors A to Z and back, in the URL, as the server orders them", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/editor")
    const token = await apiToken("admin@demo.test")
    const serverNames = async (sort: string) =>
      (await apiGet<{ data: { name: string }[] }>(`/user/Editor?page=1&limit=100${sort ? `&sort=${sort}` : ""}`, token)).data.map((e) => e.name)
    const shownNames = () => page.locator("tbody tr td:nth-child(2)").allTextContents()
    await expect.poll(shownNames).toEqual(await serverNames(""))

    await page.getByRole("button", { name: "Name: sort by name, A to Z" }).click()
    await page.waitForURL((url) => url.searchParams.get("sort") === "name")
    await expect.poll(shownNames).toEqual(await serverNames("name"))
    expect(await page.getByRole("columnheader", { name: /Name/ }).first().getAttribute("aria-sort")).toBe("ascending")
    await page.reload()
    await expect.poll(shownNames).toEqual(await serverNames("name"))
    await page.getByRole("button", { name: "Name: sort by name, Z to A" }).click()
    await page.waitForURL((url) => url.searchParams.get("sort") === "-name")
    await expect.poll(shownNames).toEqual(await serverNames("-name"))
    await page.goBack()
    await page.waitForURL((url) => url.searchParams.get("sort") === "name")
    await expect.poll(shownNames).toEqual(await serverNames("name"))
    await page.context().close()
  })
})
