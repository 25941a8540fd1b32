import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { baseURL, launchBrowser, loginAs, newPage } from "./browser.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe("auditors", () => {
  it("the Admin finds a password change in the audit trail and rebuilds the user as of now", async () => {
    // Produce an event: the user changes their password through the API.
    const login = await fetch(`${baseURL()}/api/v1/user/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "imageconsultant@demo.test", password: "Demo@12345" }) })
    const { data } = await login.json()
    const changed = await fetch(`${baseURL()}/api/v1/user/updateCurrentPassword`, {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: `Bearer ${data.accessToken}` },
      body: JSON.stringify({ oldPassword: "Demo@12345", newPassword: "Demo@12345" }),
    })
    expect(changed.status).toBe(200)

    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    await page.getByRole("button", { name: "User menu for Asha Admin" }).click()
    await page.getByRole("menuitem", { name: "Audit trail" }).click()
    await page.waitForURL((url) => url.pathname === "/audit")
    await page.getByLabel("Event type").fill("user.passwordChanged")
    await page.getByRole("button", { name: "Apply filters" }).click()
    await expect.poll(() => page.getByRole("cell", { name: "user.passwordChanged" }).count()).toBeGreaterThan(0)
    await expect.poll(() => page.getByRole("cell", { name: "Ira ImageConsultant" }).count()).toBeGreaterThan(0)

    await page.getByLabel("Entity type", { exact: true }).fill("user")
    await page.getByLabel("Entity id", { exact: true }).last().fill(data.user._id)
    await page.getByLabel("Date and time").fill("2099-01-01T00:00")
    await page.getByRole("button", { name: "Rebuild" }).click()
    await expect.poll(() => page.getByTestId("as-of-result").textContent()).toContain("user.passwordChanged")
    await page.context().close()
  })

  it("the Admin sees state diagrams drawn in the browser, loaded only on that page", async () => {
    const page = await newPage(browser)
    const scripts: string[] = []
    page.on("response", (r) => r.request().resourceType() === "script" && scripts.push(r.url()))
    await loginAs(page, "admin@demo.test")
    expect(scripts.some((s) => /mermaid/i.test(s))).toBe(false)
    await page.goto("/state-diagrams")
    await expect.poll(() => page.getByTestId("machine-diagram").locator("svg").count(), { timeout: 20_000 }).toBe(1)
    await page.getByRole("tab", { name: "Session lifetime" }).click()
    await expect.poll(() => page.getByTestId("machine-diagram").textContent(), { timeout: 20_000 }).toContain("signedIn")
    await page.context().close()
  })

  it("a non-admin opening the audit trail is logged out to /login", async () => {
    const page = await newPage(browser)
    await loginAs(page, "editor@demo.test")
    await page.goto("/audit")
    await page.waitForURL((url) => url.pathname === "/login")
    await page.context().close()
  })
})
