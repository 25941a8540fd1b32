import type { Browser, Locator, Page } from "playwright-core"
import dayjs from "dayjs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoPerson } from "../../../server/db/seeds/demo-names.ts"
import { codeAt, stepAt } from "../../../server/services/auth/totp.ts"
import { solidPng } from "../../fixtures/images.ts"
import { baseURL, launchBrowser } from "../browser.ts"
import { chooseFile, eventually, isFocused, keyboardLogin, keyboardPage, PASSWORD, press, tabTo, typeDate, typeInto, userMenu } from "./keyboard-helpers.ts"

/**
 * account.test.ts and two-factor.test.ts with the keyboard alone: the partner sign-up form (selects,
 * a date field and the certificate through the file chooser), My Listing's date buttons and slot
 * checkboxes, Profile and My Plans from the keyboard, and two-factor enrolment and sign-in.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** A field by its whole label; required fields' labels end with the (aria-hidden) '*'. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\*?$`))

/** Picks an option of a closed native select by typing its first letters. */
async function pick(page: Page, select: Locator, text: string) {
  await tabTo(page, select)
  await page.keyboard.type(text)
  await eventually(() => select.inputValue()).toBe(text)
}

async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${baseURL()}/api/v1${path}`, {
    method: init.method ?? "GET",
    headers: { ...(init.body ? { "content-type": "application/json" } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  })
  return { status: res.status, body: (await res.json()) as { message: string; data: Record<string, unknown> } }
}

/** Signs in through the API with one recovery code and turns two-factor off with another (and the Admin requirement). */
async function turnOffWithRecoveryCodes(email: string, codes: string[], requirementOff = false) {
  const challenge = (await api("/user/login", { method: "POST", body: { email, password: PASSWORD } })).body.data.challengeToken as string
  const signedIn = await api("/user/login/two-factor", { method: "POST", body: { challengeToken: challenge, code: codes[0] } })
  expect(signedIn.status, signedIn.body.message).toBe(200)
  const token = signedIn.body.data.accessToken as string
  if (requirementOff) expect((await api("/settings/security", { method: "PUT", token, body: { requireAdminTwoFactor: false } })).status).toBe(200)
  const off = await api("/user/two-factor/disable", { method: "POST", token, body: { password: PASSWORD, code: codes[1] } })
  expect(off.status, off.body.message).toBe(200)
}

/** When the screens failed part-way: enrol through the API (an enrolment-only session may), for the clean-up. */
async function enrolThroughApi(email: string): Promise<string[]> {
  const token = (await api("/user/login", { method: "POST", body: { email, password: PASSWORD } })).body.data.accessToken as string
  const secret = (await api("/user/two-factor/setup", { method: "POST", token })).body.data.secret as string
  return (await api("/user/two-factor/enable", { method: "POST", token, body: { code: codeAt(secret, stepAt(Date.now())) } })).body.data
    .recoveryCodes as string[]
}

/**
 * On the two-factor screen: Enter on 'Set up two-factor', the code typed into the field that took
 * focus, Enter; the codes then hold focus. Answers the secret, the step used and the recovery codes.
 */
async function enrolByKeyboard(page: Page): Promise<{ secret: string; step: number; codes: string[] }> {
  await press(page, page.getByRole("button", { name: "Set up two-factor" }))
  await eventually(() => isFocused(page.getByLabel("2. Enter the 6-digit code the app shows"))).toBe(true)
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim()
  const step = stepAt(Date.now())
  await page.keyboard.type(codeAt(secret, step))
  await page.keyboard.press("Enter")
  await eventually(() => page.getByTestId("recovery-codes").getByRole("listitem").count()).toBe(10)
  await eventually(() => isFocused(page.getByText(/^Recovery codes:/))).toBe(true)
  const codes = (await page.getByTestId("recovery-codes").getByRole("listitem").allTextContents()).map((c) => c.trim())
  return { secret, step, codes }
}

describe("keyboard only: accounts", () => {
  it("'Sign up here' opens with Enter; the partner fills the whole form by keyboard and applies", async () => {
    const page = await keyboardPage(browser)
    await page.goto("/login")
    await tabTo(page, page.getByRole("link", { name: "Sign up here" }))
    const [form] = await Promise.all([page.context().waitForEvent("page"), page.keyboard.press("Enter")])
    await form.waitForURL((url) => url.pathname === "/partner-signup")
    await form.getByRole("heading", { name: "Become a Partner" }).waitFor()

    const email = `keyboard.partner.${Date.now()}@example.org`
    await pick(form, field(form, "Role"), "Nutritionist")
    const answers: Array<[string, string]> = [
      ["Full Name", "Gita Keys"],
      ["Email", email],
      ["Phone Number", "9822003344"],
      ["Address", "9 Key Street"],
      ["City", "Pune"],
      ["Pin Code", "411001"],
      ["State", "Maharashtra"],
      ["Languages", "English"],
      ["Experience", "5 years"],
      ["Organization / Business Name", "Keys Nutrition"],
      ["Registration Number", "IDA-5510"],
      ["Certification Name", "Registered Dietitian"],
      ["Issuing Authority", "Indian Dietetic Association"],
      ["Certification Number", "RD-55101"],
    ]
    for (const [label, value] of answers) await typeInto(form, field(form, label), value)
    await typeDate(form, field(form, "Expiration Date"), "2030-03-31")
    await pick(form, field(form, "Preferred Contact Method"), "Phone")
    for (const [label, value] of [
      ["Account Holder Name", "Gita Keys"],
      ["Bank Name", "Axis Bank"],
      ["IFSC Code", "UTIB0000456"],
      ["Account Number", "918010099887766"],
      ["Password", "Partner@123"],
      ["Confirm Password", "Partner@999"],
    ] as const) {
      await typeInto(form, field(form, label), value)
    }
    await chooseFile(form, field(form, "Certification Image"), { name: "certificate.png", mimeType: "image/png", buffer: solidPng(40, 30) })
    await press(form, form.getByRole("button", { name: "Submit Application" }))
    await eventually(() => form.getByTestId("field-error-confirmPassword").textContent()).toBe("Passwords do not match!")
    await typeInto(form, field(form, "Confirm Password"), "Partner@123")
    await form.keyboard.press("Enter")
    await eventually(() => form.getByTestId("form-message").textContent()).toMatch(/under review/)
    await page.context().close()
  })

  it("My Listing: Enter picks a date, Space ticks slots, Enter submits; the slots come back after a reload", async () => {
    // A seeded approved Nutritionist no other test signs in as.
    const vendor = demoPerson(56)
    const page = await keyboardPage(browser)
    await keyboardLogin(page, `${vendor.emailLocal}@example.com`)
    await page.goto("/my-listing")
    const dateButton = page.getByRole("button", { name: dayjs().add(4, "day").format("ddd, DD MMM") })
    await press(page, dateButton)
    await eventually(() => dateButton.getAttribute("aria-pressed")).toBe("true")
    const slots = page.getByRole("group", { name: /Available slots/ }).getByRole("checkbox")
    for (const box of await slots.all()) {
      if (await box.isChecked()) await press(page, box, "Space")
    }
    const first = page.getByRole("checkbox", { name: "08:00 AM - 08:30 AM" })
    const noon = page.getByRole("checkbox", { name: "12:00 PM - 12:30 PM" })
    await press(page, first, "Space")
    await press(page, noon, "Space")
    const submit = page.getByRole("button", { name: "Submit" })
    await press(page, submit)
    await eventually(() => page.getByTestId("form-message").textContent()).toBe("Availability saved successfully!")
    expect(await isFocused(submit)).toBe(true)

    await page.reload()
    await press(page, dateButton)
    await eventually(() => first.isChecked()).toBe(true)
    expect(await noon.isChecked()).toBe(true)
    expect(await page.getByRole("checkbox", { name: "07:30 PM - 08:00 PM" }).isChecked()).toBe(false)
    await page.context().close()
  })

  it("Profile from the user menu; My Plans' Choose Plan answers Enter and stays put", async () => {
    const page = await keyboardPage(browser)
    await keyboardLogin(page, "lawyer@demo.test")
    await userMenu(page, "Profile")
    await page.waitForURL((url) => url.pathname === "/profile")
    await page.getByRole("heading", { name: "Leela Lawyer" }).waitFor()
    await page.goto("/my-plan")
    await press(page, page.getByRole("button", { name: "Choose Plan" }).first())
    expect(new URL(page.url()).pathname).toBe("/my-plan")
    await page.context().close()
  })

  it("two-factor: enrol from the user menu, sign out, sign in with the code (a wrong one refused first)", async () => {
    // A seeded approved Lawyer no other test signs in as.
    const person = demoPerson(20)
    const email = `${person.emailLocal}@example.com`
    const page = await keyboardPage(browser)
    await keyboardLogin(page, email)
    await userMenu(page, "Two-factor sign-in")
    await page.waitForURL((url) => url.pathname === "/two-factor")
    const { secret, step, codes } = await enrolByKeyboard(page)
    try {
      // The form gave way to the codes: focus is on them, and the next Tab is the button after them.
      await page.keyboard.press("Tab")
      expect(await isFocused(page.getByRole("button", { name: "I have saved them" }))).toBe(true)
      await page.keyboard.press("Enter")
      const state = page.getByTestId("two-factor-state")
      await eventually(() => state.textContent()).toBe("Two-factor sign-in is on. Recovery codes left: 10.")
      await eventually(() => isFocused(state)).toBe(true)
      await userMenu(page, "Logout")
      await page.waitForURL((url) => url.pathname === "/login")

      await typeInto(page, page.getByLabel("Email"), email)
      await typeInto(page, page.getByLabel("Password", { exact: true }), PASSWORD)
      await page.keyboard.press("Enter")
      const code = page.getByLabel("Authentication code")
      await eventually(() => isFocused(code)).toBe(true)
      await page.keyboard.type("000000")
      await page.keyboard.press("Enter")
      await eventually(() => page.getByTestId("form-message").textContent()).toMatch(/^Invalid code/)
      await typeInto(page, code, codeAt(secret, step + 1))
      await page.keyboard.press("Enter")
      await page.waitForURL((url) => url.pathname === "/")
    } finally {
      await page.context().close()
      await turnOffWithRecoveryCodes(email, codes)
    }
  })

  it("the Admin requires two-factor with Space on the switch; signed in again, the Admin is kept on the set-up screen, enrols and signs in with a code", async () => {
    const page = await keyboardPage(browser)
    let codes: string[] = []
    try {
      await keyboardLogin(page, "admin@demo.test")
      await userMenu(page, "Two-factor sign-in")
      await page.waitForURL((url) => url.pathname === "/two-factor")
      const require = page.getByRole("checkbox", { name: "Require two-factor for Admin accounts" })
      await eventually(() => require.isEnabled()).toBe(true)
      await press(page, require, "Space")
      await eventually(() => page.getByTestId("form-message").last().textContent()).toBe("Two-factor sign-in is now required for Admin accounts.")
      // Saved with focus still on the switch.
      expect(await isFocused(require)).toBe(true)
      await userMenu(page, "Logout")
      await page.waitForURL((url) => url.pathname === "/login")

      await typeInto(page, page.getByLabel("Email"), "admin@demo.test")
      await typeInto(page, page.getByLabel("Password", { exact: true }), PASSWORD)
      await page.keyboard.press("Enter")
      await page.waitForURL((url) => url.pathname === "/two-factor")
      await eventually(() => page.getByText("Two-factor sign-in is required for Admin accounts. Set it up to continue.").count()).toBe(1)
      const enrolled = await enrolByKeyboard(page)
      codes = enrolled.codes
      await press(page, page.getByRole("button", { name: "I have saved them: sign in again" }))
      await page.waitForURL((url) => url.pathname === "/login")
      await typeInto(page, page.getByLabel("Email"), "admin@demo.test")
      await typeInto(page, page.getByLabel("Password", { exact: true }), PASSWORD)
      await page.keyboard.press("Enter")
      await eventually(() => isFocused(page.getByLabel("Authentication code"))).toBe(true)
      await page.keyboard.type(codeAt(enrolled.secret, enrolled.step + 1))
      await page.keyboard.press("Enter")
      await page.waitForURL((url) => url.pathname === "/")
    } finally {
      await page.context().close()
      // Other files sign the Admin in with a password alone: lift the requirement and turn two-factor off.
      await turnOffWithRecoveryCodes("admin@demo.test", codes.length > 0 ? codes : await enrolThroughApi("admin@demo.test"), true)
    }
  })
})
