import dayjs from "dayjs"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoPerson } from "../../server/db/seeds/demo-names.ts"
import { apiToken, baseURL, launchBrowser, newPage, openSignedIn } from "./browser.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const SCREEN = { timeout: 10_000 }
// A seeded approved vendor no other test signs in as.
const vendor = demoPerson(58)
const email = `${vendor.emailLocal}@example.com`

describe("a vendor's time zone and weekly hours", () => {
  it("kept in the vendor's zone (the profile), repeated every weekday, and offered to the Admin as the right moments", async () => {
    const page = await newPage(browser)
    await openSignedIn(page, email, "/profile")
    const card = page.getByTestId("time-zone")
    const select = card.getByRole("combobox", { name: "Time zone" })
    await expect.poll(() => select.isEnabled(), SCREEN).toBe(true)
    // A zone without daylight saving and with one name in every time zone database (Chromium's lists Kolkata as Calcutta).
    await select.selectOption("Asia/Tokyo")
    await card.getByRole("button", { name: "Save time zone" }).click()
    await expect.poll(() => card.getByTestId("time-zone-message").textContent(), SCREEN).toBe("Your time zone is now Asia/Tokyo.")

    await page.goto("/my-listing")
    const date = dayjs().add(3, "day")
    const weekday = date.format("dddd")
    await page.getByRole("button", { name: date.format("ddd, DD MMM") }).click()
    for (const box of await page
      .getByRole("group", { name: /Available slots/ })
      .getByRole("checkbox")
      .all()) {
      if (await box.isChecked()) await box.locator("xpath=..").click()
    }
    await page.getByRole("checkbox", { name: "09:00 AM - 09:30 AM" }).locator("xpath=..").click()
    await page.getByRole("checkbox", { name: "09:30 AM - 10:00 AM" }).locator("xpath=..").click()
    await page
      .getByRole("checkbox", { name: `Repeat these hours every ${weekday}` })
      .locator("xpath=..")
      .click()
    await page.getByRole("button", { name: "Submit" }).click()
    await expect.poll(() => page.getByTestId("form-message").textContent(), SCREEN).toBe("Availability saved successfully!")
    await expect.poll(() => page.getByTestId("weekly-hours").textContent(), SCREEN).toContain(`Every ${weekday} now: 09:00 AM - 09:30 AM, 09:30 AM - 10:00 AM.`)
    expect(await page.getByTestId("weekly-hours").textContent()).toContain("Your hours are kept in Asia/Tokyo")

    // A week later (the same weekday, no slots of its own): 09:00 and 09:30 in Tokyo are 00:00 and 00:30 UTC.
    const later = date.add(7, "day").format("YYYY-MM-DD")
    const admin = await apiToken("admin@demo.test")
    const id = (
      (await (
        await fetch(`${baseURL()}/api/v1/user/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: "Demo@12345" }),
        })
      ).json()) as { data: { user: { _id: string } } }
    ).data.user._id
    const free = (await (
      await fetch(`${baseURL()}/api/v1/availability/${id}/free?from=${later}T00:00:00Z&to=${later}T23:59:00Z`, {
        headers: { authorization: `Bearer ${admin}` },
      })
    ).json()) as {
      data: { timeZone: string; slots: Array<{ start: string }> }
    }
    expect(free.data.timeZone).toBe("Asia/Tokyo")
    expect(free.data.slots.map((s) => s.start)).toEqual([`${later}T00:00:00.000Z`, `${later}T00:30:00.000Z`])
  })
})
