import type { Browser, Request } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { TICKET_FAILED } from "../../src/machines/tickets/raise-ticket.machine.ts"
import { lastFormMessage, launchBrowser, loginAs, newPage } from "./browser.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const BANNER = "We can't reach the server right now; we will retry"
const OUTAGE = {
  status: 503,
  contentType: "application/json",
  headers: { "retry-after": "5" },
  body: JSON.stringify({ success: false, message: "The service can't reach its database right now. Please try again in a few seconds." }),
}

/** Issue 33 in the browser: while the server cannot answer, the console says so, retries, and loses nothing typed. */
describe("when the server cannot be reached", () => {
  it("shows the banner while a list is retried, and loads the list once the server answers", async () => {
    const page = await newPage(browser)
    await loginAs(page, "admin@demo.test")
    let refused = 0
    await page.route("**/api/v1/userQuery/get**", async (route) => {
      if (refused < 2) {
        refused++
        return route.fulfill(OUTAGE)
      }
      return route.continue()
    })
    await page.goto("/my-tickets")
    await expect.poll(() => page.getByTestId("connection-banner").textContent()).toBe(BANNER)
    await expect.poll(() => page.getByRole("columnheader", { name: "Raised By" }).count(), { timeout: 10_000 }).toBe(1)
    await expect.poll(() => page.getByTestId("connection-banner").count()).toBe(0)
    expect(refused).toBe(2)
    await page.close()
  })

  it("keeps a ticket's typed text through a 503, retries it with the same Idempotency-Key, and raises it once", async () => {
    const page = await newPage(browser)
    await loginAs(page, "lawyer@demo.test")
    const query = `Retried through an outage (e2e ${Date.now()})`
    const keys: Array<string | undefined> = []
    let refused = 0
    await page.route("**/api/v1/userQuery/create", async (route, request: Request) => {
      keys.push(request.headers()["idempotency-key"])
      if (refused < 1) {
        refused++
        return route.fulfill(OUTAGE)
      }
      return route.continue()
    })
    await page.getByRole("button", { name: "+ Raise Ticket" }).click()
    await page.getByLabel("Ticket Type").selectOption("Technical")
    await page.getByLabel("Query").fill(query)
    await page.getByRole("button", { name: "Submit" }).click()
    await expect.poll(() => lastFormMessage(page), { timeout: 10_000 }).toBe("Ticket submitted successfully!")
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[1]).toBe(keys[0])

    await page.goto("/my-tickets")
    await expect.poll(() => page.getByRole("row").filter({ hasText: query }).count()).toBe(1)
    await page.close()
  })

  it("shows the failure after the last retry without losing the typed text", async () => {
    const page = await newPage(browser)
    await loginAs(page, "lawyer@demo.test")
    // Writes are retried for about 24 s; the page's clock, installed before it loads, runs them at once.
    await page.clock.install()
    await page.reload()
    await page.route("**/api/v1/userQuery/create", (route) => route.abort("connectionrefused"))
    await page.getByRole("button", { name: "+ Raise Ticket" }).click()
    await page.getByLabel("Ticket Type").selectOption("General")
    await page.getByLabel("Query").fill("Typed before the network went away")
    await page.getByRole("button", { name: "Submit" }).click()
    await expect.poll(() => page.getByTestId("connection-banner").textContent()).toBe(BANNER)
    // Each retry's wait is set only once the attempt before it has failed: move the clock on until the last has.
    await expect
      .poll(async () => {
        await page.clock.runFor(8_000)
        return page.getByTestId("form-message").count()
      })
      .toBe(1)
    expect(await page.getByTestId("form-message").textContent()).toBe(TICKET_FAILED)
    expect(await page.getByTestId("form-message").getAttribute("role")).toBe("alert")
    expect(await page.getByLabel("Query").inputValue()).toBe("Typed before the network went away")
    await page.close()
  })
})
