import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { baseURL, lastFormMessage, mailTo, launchBrowser, toastsSeen } from "../browser.ts"
import {
  activeInside,
  escapeThenOpen,
  eventually,
  expectClosedBackTo,
  keyboardLogin,
  keyboardPage,
  openDialogWith,
  press,
  tabTo,
  typeDate,
  typeInto,
  typeTime,
  viaSidebar,
} from "./keyboard-helpers.ts"

/**
 * counselling.test.ts (and the counselling session paths) with the keyboard alone: the enquiry's
 * View dialog and Send access confirmation, the client's first password, selecting and assigning
 * (checkbox with Space, radio with arrows), a session created with its date and time typed into the
 * date and time fields, seen by both sides, its Join link opened with Enter, edited and deleted.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const run = Date.now().toString(36)
const client = { name: `Kiran Keys ${run}`, email: `kiran.keys.${run}@example.org`, password: `Kiran@${run}` }
const topic = `Keyboard session ${run}`
const movedTopic = `Keyboard session moved ${run}`

const tomorrowInKolkata = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date(Date.now() + 24 * 60 * 60 * 1000))
/** `DD MMM YYYY | hh:mm A` of a Kolkata wall-clock time tomorrow, shown in another zone. */
function shownIn(timeZone: string, time: string): string {
  const instant = new Date(`${tomorrowInKolkata}T${time}:00+05:30`)
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone, day: "2-digit", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: true })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  )
  return `${parts.day} ${parts.month} ${parts.year} | ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`
}

const rowOf = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text })
const toast = (page: Page, text: string) => eventually(() => toastsSeen(page)).toContain(text)

async function zonedPage(timezoneId: string): Promise<Page> {
  const page = await keyboardPage(browser, { timezoneId })
  // No network in tests: the video room answers locally, so opening the link shows where it leads.
  await page
    .context()
    .route("https://meet.jit.si/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>Jitsi Meet</title>Room" }))
  return page
}

/** Arrow keys move through a radio group (and choose as they go) until the named radio is chosen. */
/** The question asked before booking outside the counsellor's free times: focus is in it, Book anyway by keyboard. */
async function bookAnyway(page: Page) {
  const ask = page.getByRole("alertdialog")
  await eventually(() => ask.textContent()).toContain("This time is not one of the counsellor's free times")
  await eventually(() => activeInside(page, '[role="alertdialog"]')).toBe(true)
  await press(page, ask.getByRole("button", { name: "Book anyway" }))
}

async function arrowToRadio(page: Page, name: RegExp) {
  const target = page.getByRole("radio", { name })
  for (let i = 0; i < 40; i++) {
    if (await target.isChecked()) return
    await page.keyboard.press("ArrowDown")
  }
  throw new Error(`the arrows never chose ${name}`)
}

describe("keyboard only: 1:1 counselling", () => {
  it(
    "View and Send access → the client's password → select and assign → create (date and time typed) → both see it → edit → delete",
    { timeout: 240_000 },
    async () => {
      const enquiry = await fetch(`${baseURL()}/api/v1/enquiry/create`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: client.name,
          email: client.email,
          number: "9876509876",
          age: 31,
          question1: "Other",
          otherQuestion1: "Typing all day",
          question2: "No, this is my first time",
          otherQuestion2: null,
          dateTime: new Date(`${tomorrowInKolkata}T18:00:00+05:30`).toISOString(),
        }),
      })
      expect(enquiry.status).toBe(200)

      // The Admin views the enquiry and sends access.
      const admin = await zonedPage("Asia/Kolkata")
      await keyboardLogin(admin, "admin@demo.test")
      await viaSidebar(admin, "1:1 Counselling", "/counselling")
      const view = admin.getByRole("button", { name: `View enquiry of ${client.name}` })
      await openDialogWith(admin, view)
      await eventually(() => admin.getByTestId("enquiry-details").textContent()).toContain("Typing all day")
      await admin.keyboard.press("Escape")
      await expectClosedBackTo(admin, view)
      const send = admin.getByRole("button", { name: `Send access to ${client.name}` })
      const confirm = await escapeThenOpen(admin, send)
      expect(await confirm.textContent()).toContain("Are you sure you want to send access to this user?")
      await press(admin, confirm.getByRole("button", { name: "Send", exact: true }))
      await toast(admin, "Access sent successfully.")
      await eventually(() => admin.getByRole("img", { name: `Access sent to ${client.name}` }).isVisible()).toBe(true)

      // The client sets a first password from the emailed link and signs in.
      const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(await mailTo(client.email, "/reset-password/"))![0]
      const clientPage = await zonedPage("Europe/Berlin")
      await clientPage.goto(new URL(link).pathname)
      await typeInto(clientPage, clientPage.getByLabel("New Password", { exact: true }), client.password)
      await typeInto(clientPage, clientPage.getByLabel("Confirm Password", { exact: true }), client.password)
      await clientPage.keyboard.press("Enter")
      await clientPage.waitForURL((url) => url.pathname === "/login", { timeout: 5000 })
      await keyboardLogin(clientPage, client.email, client.password)

      // The Admin selects the client with Space and assigns Chetan Counsellor with the arrows.
      await viaSidebar(admin, "Unassign Users", "/unassign-users")
      await press(admin, admin.getByRole("checkbox", { name: `Select ${client.name}` }), "Space")
      const assign = admin.getByRole("button", { name: "Assign To (1)" })
      const dialog = await escapeThenOpen(admin, assign)
      await press(admin, dialog.getByRole("button", { name: "Submit" }))
      await eventually(() => dialog.getByRole("alert").textContent()).toBe("Please select a counsellor to assign.")
      await tabTo(admin, dialog.getByRole("radio").first())
      await arrowToRadio(admin, /Chetan Counsellor/)
      await press(admin, dialog.getByRole("button", { name: "Submit" }))
      await toast(admin, "Counsellor assigned successfully.")
      await eventually(() => admin.getByRole("checkbox", { name: `Select ${client.name}` }).count()).toBe(0)

      // The Admin creates a session: date and time typed into their fields.
      await viaSidebar(admin, "Counselling Users", "/counselling-users")
      await eventually(() => rowOf(admin, client.name).textContent()).toContain("Chetan Counsellor (Counsellor)")
      await press(admin, admin.getByRole("link", { name: client.name }))
      await eventually(() => admin.getByTestId("counsellor-card").textContent()).toContain("Chetan Counsellor")
      const create = admin.getByRole("button", { name: "+ Create Session" })
      const form = await escapeThenOpen(admin, create)
      await press(admin, form.getByRole("button", { name: "Create Session" }))
      await eventually(() => form.getByText("Topic is required.").isVisible()).toBe(true)
      await typeDate(admin, form.getByLabel("Date"), tomorrowInKolkata)
      // The typed date is a real change: the counsellor's free times on it appear.
      const free = form.getByRole("region", { name: "Free slots" })
      await eventually(() => free.textContent()).toMatch(/^Free on /)
      await eventually(() => free.getAttribute("aria-busy")).toBe("false")
      await typeTime(admin, form.getByLabel("Time"), "06:00")
      await typeInto(admin, form.getByLabel("Topic"), topic)
      await typeInto(admin, form.getByLabel("Agenda"), "Plan the week by keyboard")
      await typeInto(admin, form.getByLabel("Duration (minutes)"), "45")
      await typeInto(admin, form.getByLabel("Note"), "First session")
      await press(admin, form.getByRole("button", { name: "Create Session" }))
      // 06:00 in Kolkata is not one of the counsellor's free times: the booking asks first, by keyboard too.
      await bookAnyway(admin)
      await eventually(() => lastFormMessage(admin)).toBe("Session created successfully!")
      await expectClosedBackTo(admin, create)
      const viewSession = admin.getByRole("button", { name: `View session ${topic}` })
      await openDialogWith(admin, viewSession)
      await eventually(() => admin.getByTestId("session-details").textContent()).toContain(shownIn("Asia/Kolkata", "06:00"))
      await admin.keyboard.press("Escape")
      await expectClosedBackTo(admin, viewSession)

      // The client opens the Join link with Enter (a new tab) and the details dialog.
      await viaSidebar(clientPage, "Upcoming Session", "/upcoming-session")
      await eventually(() => rowOf(clientPage, topic).textContent()).toContain(shownIn("Europe/Berlin", "06:00"))
      const join = clientPage.getByRole("link", { name: `Join ${topic}` })
      const joinHref = (await join.getAttribute("href"))!
      await tabTo(clientPage, join)
      const [room] = await Promise.all([clientPage.context().waitForEvent("page"), clientPage.keyboard.press("Enter")])
      await room.waitForLoadState()
      expect(room.url()).toBe(joinHref)
      await room.close()
      const clientView = clientPage.getByRole("button", { name: `View session ${topic}` })
      const details = await openDialogWith(clientPage, clientView)
      await eventually(() => details.getByRole("link", { name: "Join link" }).getAttribute("href")).toBe(joinHref)
      await clientPage.keyboard.press("Escape")
      await expectClosedBackTo(clientPage, clientView)

      // The Admin edits it from All Sessions: a new topic and time; focus comes back to the row's Edit.
      await viaSidebar(admin, "All Sessions", "/all-sessions")
      const edit = admin.getByRole("button", { name: `Edit session ${topic}` })
      const editForm = await openDialogWith(admin, edit)
      await eventually(() => editForm.getByLabel("Time").inputValue()).toBe("06:00")
      await typeInto(admin, editForm.getByLabel("Topic"), movedTopic)
      await typeTime(admin, editForm.getByLabel("Time"), "07:30")
      await eventually(() => editForm.getByRole("region", { name: "Free slots" }).getAttribute("aria-busy")).toBe("false")
      await press(admin, editForm.getByRole("button", { name: "Update Session" }))
      await bookAnyway(admin)
      await eventually(() => lastFormMessage(admin)).toBe("Session updated successfully!")
      await expectClosedBackTo(admin, admin.getByRole("button", { name: `Edit session ${movedTopic}` }))
      await clientPage.reload()
      await eventually(() => rowOf(clientPage, movedTopic).textContent()).toContain(shownIn("Europe/Berlin", "07:30"))

      // The counsellor sees it under Upcoming Session in their zone.
      const counsellor = await zonedPage("America/New_York")
      await keyboardLogin(counsellor, "counsellor@demo.test")
      await viaSidebar(counsellor, "Upcoming Session", "/upcoming-session")
      await eventually(() => rowOf(counsellor, movedTopic).textContent()).toContain(shownIn("America/New_York", "07:30"))

      // The Admin deletes it after confirming (Escape first: nothing is deleted).
      const remove = admin.getByRole("button", { name: `Delete session ${movedTopic}` })
      const sure = await escapeThenOpen(admin, remove)
      expect(await sure.textContent()).toContain("Are you sure you want to delete this session?")
      await press(admin, sure.getByRole("button", { name: "Delete", exact: true }))
      await toast(admin, "Session deleted successfully.")
      await eventually(() => admin.getByRole("button", { name: `View session ${movedTopic}` }).count()).toBe(0)
      await counsellor.reload()
      await eventually(() => counsellor.getByRole("heading", { name: "Upcoming Session" }).isVisible()).toBe(true)
      await eventually(() => rowOf(counsellor, movedTopic).count()).toBe(0)

      for (const page of [admin, clientPage, counsellor]) await page.context().close()
    },
  )
})
