import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { pngImage } from "../../server/ticket-fixtures.ts"
import { lastFormMessage, launchBrowser } from "../browser.ts"
import {
  chooseFile,
  escapeThenOpen,
  eventually,
  expectClosedBackTo,
  isFocused,
  keyboardLogin,
  keyboardPage,
  openDialogs,
  openDialogWith,
  press,
  tabTo,
  typeInto,
  viaSidebar,
} from "./keyboard-helpers.ts"

/**
 * tickets.test.ts with the keyboard alone: the Raise Ticket dialog (its checks, an image chosen
 * through the file chooser), the chat both ways, the close confirmation and the feedback stars.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const rowOf = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text })
/** One poll (5 s) plus the time the answer takes to travel and render. */
const ONE_POLL = { timeout: 8000, interval: 250 }

/** Writes in the chat's Message box and sends with Ctrl+Enter; focus stays in the box. */
async function sendMessage(page: Page, text: string) {
  const box = page.getByLabel("Message")
  await typeInto(page, box, text)
  await page.keyboard.press("ControlOrMeta+Enter")
  await eventually(() => box.inputValue()).toBe("")
  expect(await isFocused(box)).toBe(true)
}

describe("keyboard only: a support ticket", () => {
  it("a vendor raises a ticket with an image from the dashboard; both sides write; the Admin closes it; the vendor rates it", async () => {
    const query = `Keyboard ticket ${Date.now()}`
    const vendor = await keyboardPage(browser)
    await keyboardLogin(vendor, "nutritionist@demo.test")
    const raise = vendor.getByRole("button", { name: "+ Raise Ticket" })
    const form = await escapeThenOpen(vendor, raise)
    await chooseFile(vendor, form.getByLabel("Image (optional)"), { name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") })
    await eventually(() => form.getByText("Only .png, .jpg and .jpeg files are allowed.").count()).toBe(1)
    await press(vendor, form.getByRole("button", { name: "Submit" }))
    await eventually(() => form.getByText("Please select a ticket type.").count()).toBe(1)
    // A native select: typing the option's first letters chooses it.
    await tabTo(vendor, form.getByLabel("Ticket Type"))
    await vendor.keyboard.type("Technical")
    expect(await form.getByLabel("Ticket Type").inputValue()).toBe("Technical")
    await typeInto(vendor, form.getByLabel("Query"), query)
    await chooseFile(vendor, form.getByLabel("Image (optional)"), { name: "payout.png", mimeType: "image/png", buffer: pngImage(24, 16, [200, 60, 60]) })
    await press(vendor, form.getByRole("button", { name: "Submit" }))
    await eventually(() => lastFormMessage(vendor)).toBe("Ticket submitted successfully!")
    await expectClosedBackTo(vendor, raise)

    const admin = await keyboardPage(browser)
    await keyboardLogin(admin, "admin@demo.test")
    await viaSidebar(admin, "My Tickets", "/my-tickets")
    await press(admin, rowOf(admin, query).getByRole("link", { name: /^View TKT-/ }))
    await admin.waitForURL((url) => url.pathname.startsWith("/ticket/"))
    await eventually(() => admin.getByRole("img", { name: /^Attachment of TKT-/ }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(
      24,
    )
    await sendMessage(admin, "Answered from the keyboard.")
    await eventually(() => admin.getByTestId("answer").count()).toBe(1)

    await viaSidebar(vendor, "My Tickets", "/my-tickets")
    await press(vendor, rowOf(vendor, query).getByRole("link", { name: /^Respond to TKT-/ }))
    await vendor.waitForURL((url) => url.pathname.startsWith("/ticket/"))
    await eventually(() => vendor.getByTestId("answer").textContent()).toContain("Answered from the keyboard.")
    // Send by Enter on the button: focus stays on it (it is busy, not disabled, while sending).
    await typeInto(vendor, vendor.getByLabel("Message"), "A follow-up, typed.")
    const send = vendor.getByRole("button", { name: "Send" })
    await press(vendor, send)
    await eventually(() => vendor.getByTestId("question").count()).toBe(1)
    expect(await isFocused(send)).toBe(true)
    await eventually(() => admin.getByTestId("question").textContent(), ONE_POLL).toContain("A follow-up, typed.")

    const close = admin.getByRole("button", { name: "Close Ticket" })
    const confirm = await escapeThenOpen(admin, close)
    expect(await confirm.textContent()).toContain("Are you sure you want to close this ticket?")
    await press(admin, confirm.getByRole("button", { name: "Close Ticket" }))
    await eventually(() => admin.getByTestId("closed-button").isDisabled()).toBe(true)
    await press(admin, admin.getByRole("button", { name: "Show status diagram" }))
    await eventually(() => admin.getByTestId("current-state-diagram").getAttribute("data-current-state")).toBe("ticket.closed")

    await eventually(() => vendor.getByTestId("closed-button").count(), ONE_POLL).toBe(1)
    await press(vendor, vendor.getByRole("link", { name: "← My Tickets" }))
    await vendor.waitForURL((url) => url.pathname === "/my-tickets")
    const feedback = rowOf(vendor, query).getByRole("button", { name: /^Feedback for TKT-/ })
    const dialog = await escapeThenOpen(vendor, feedback)
    await press(vendor, dialog.getByRole("button", { name: "Submit" }))
    await eventually(() => dialog.getByText("Please select a rating.").count()).toBe(1)
    await press(vendor, dialog.getByRole("button", { name: "4 stars" }), "Space")
    expect(await dialog.getByRole("button", { name: "4 stars" }).getAttribute("aria-pressed")).toBe("true")
    await typeInto(vendor, dialog.getByLabel("Remark"), "Keyboard feedback.")
    await press(vendor, dialog.getByRole("button", { name: "Submit" }))
    await eventually(() => rowOf(vendor, query).getByLabel("4 out of 5 stars").count()).toBe(1)
    await eventually(() => openDialogs(vendor).count()).toBe(0)

    await admin.goto("/my-tickets")
    await eventually(() => rowOf(admin, query).textContent()).toContain("Keyboard feedback.")
    await vendor.context().close()
    await admin.context().close()
  })

  it("the User raises a ticket from My Tickets; Escape on a half-filled form closes it and focus returns", async () => {
    const page = await keyboardPage(browser)
    await keyboardLogin(page, "user@demo.test")
    await viaSidebar(page, "My Tickets", "/my-tickets")
    const raise = page.getByRole("button", { name: "+ Raise Ticket" })
    const form = await openDialogWith(page, raise)
    await typeInto(page, form.getByLabel("Query"), "Half a question")
    await page.keyboard.press("Escape")
    await expectClosedBackTo(page, raise)
    const again = await openDialogWith(page, raise, "Space")
    const query = `Keyboard question ${Date.now()}`
    await tabTo(page, again.getByLabel("Ticket Type"))
    await page.keyboard.type("General")
    await typeInto(page, again.getByLabel("Query"), query)
    await press(page, again.getByRole("button", { name: "Submit" }))
    await expectClosedBackTo(page, raise)
    await eventually(() => rowOf(page, query).count()).toBe(1)
    await page.context().close()
  })
})
