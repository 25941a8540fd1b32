import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { decodeQuotedPrintable } from "../server/harness.ts"
import { dataDir, launchBrowser, loginAs, newPage, openSignedIn } from "./browser.ts"

/** The mails in the server's outbox to `to` with `subject`. */
function mailsTo(to: string, subject: string): string[] {
  const dir = join(dataDir(), "outbox")
  let names: string[] = []
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(`-${to}.eml`))
  } catch {
    return []
  }
  return names.map((name) => decodeQuotedPrintable(readFileSync(join(dir, name), "utf8"))).filter((mail) => mail.includes(`Subject: ${subject}`))
}

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe("undelivered emails (issue 23)", () => {
  it("the Admin finds a mail that failed on every attempt from the user menu and sends it again after a confirmation naming the recipient", async () => {
    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    await page.getByRole("button", { name: "User menu for Asha Admin" }).click()
    await page.getByRole("menuitem", { name: "Undelivered emails" }).click()
    await page.waitForURL((url) => url.pathname === "/undelivered-emails")
    await expect.poll(() => page.getByRole("heading", { name: "Undelivered emails", level: 1 }).count()).toBe(1)
    const row = page.getByRole("row").filter({ hasText: "user@demo.test" })
    await expect.poll(() => row.textContent()).toContain("550 5.1.1 The recipient's mailbox is unavailable")
    expect(await row.textContent()).toContain("8 attempts")
    const before = mailsTo("user@demo.test", "Your password was changed").length

    await row.getByRole("button", { name: "Send again to user@demo.test" }).click()
    const dialog = page.getByRole("alertdialog")
    await expect.poll(() => dialog.textContent()).toContain('Send "Your password was changed" to user@demo.test again?')
    // Cancel changes nothing.
    await dialog.getByRole("button", { name: "Cancel" }).click()
    await expect.poll(() => page.getByRole("alertdialog").count()).toBe(0)
    await row.getByRole("button", { name: "Send again to user@demo.test" }).click()
    await page.getByRole("alertdialog").getByRole("button", { name: "Send again" }).click()
    await expect.poll(() => page.getByText("The email was queued again.").count()).toBeGreaterThan(0)
    // Sent: it leaves the list, and the mail is in the outbox.
    await expect.poll(() => page.getByRole("row").filter({ hasText: "user@demo.test" }).count()).toBe(0)
    const after = mailsTo("user@demo.test", "Your password was changed")
    expect(after).toHaveLength(before + 1)
    expect(after.at(-1)).toContain("The password of your Console account was changed")
    await page.context().close()
  })

  it("is the Admin's alone: another role is told it has no access", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, "editor@demo.test", "/undelivered-emails")
    await expect.poll(() => page.getByText("You don't have access to this page").count()).toBeGreaterThan(0)
    await page.context().close()
  })
})
