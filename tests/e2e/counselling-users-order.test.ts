import { readFileSync } from "node:fs"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { parseCsv } from "../server/csv-reader.ts"
import { apiToken, columnTexts, launchBrowser, listsSettled, newPage, openSignedIn } from "./browser.ts"
import { apiGet } from "./machine-paths.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** Page 1's names as the server orders them for the list's call. */
async function serverNames(path: string, sort: string): Promise<string[]> {
  const answer = await apiGet<{ data: { data: { name: string }[] } }>(`${path}?page=1&limit=10&sort=${sort}`, await apiToken("admin@demo.test"))
  return answer.data.data.map((row) => row.name)
}

const shownNames = (page: Page) => columnTexts(page, /^Name/)

describe("the clients lists' order (issue 26)", () => {
  it("UnAssign Users and Counselling Users sort by Name and Date | Time from their headers, in the URL and the CSV", async () => {
    const page = await newPage(browser)
    for (const [screen, call, csv] of [
      ["/unassign-users", "/user/unassignUser", "unassign-users"],
      ["/counselling-users", "/user/assignUser", "counselling-users"],
    ] as const) {
      await openSignedIn(page, "admin@demo.test", screen)
      await listsSettled(page)
      await page.getByRole("button", { name: "Name: sort by name, A to Z" }).click()
      await page.waitForURL((url) => url.searchParams.get("sort") === "name")
      await expect.poll(() => shownNames(page)).toEqual(await serverNames(call, "name"))
      expect(await page.getByRole("columnheader", { name: /^Name/ }).getAttribute("aria-sort")).toBe("ascending")
      await page.getByRole("button", { name: "Name: sort by name, Z to A" }).click()
      await page.waitForURL((url) => url.searchParams.get("sort") === "-name")
      await expect.poll(() => shownNames(page)).toEqual(await serverNames(call, "-name"))

      // The export holds the list in the order on screen.
      const download = page.waitForEvent("download")
      await page.getByRole("button", { name: "Export CSV" }).click()
      const rows = parseCsv(readFileSync((await (await download).path())!, "utf8"))
      expect(
        rows.slice(1, 11).map((r) => r[0]),
        csv,
      ).toEqual(await serverNames(call, "-name"))

      await page.getByRole("button", { name: "Date | Time: sort by date joined, newest first" }).click()
      await page.waitForURL((url) => url.searchParams.get("sort") === "-createdAt")
      await expect.poll(() => shownNames(page)).toEqual(await serverNames(call, "-createdAt"))
      await page.getByRole("button", { name: "Date | Time: sort by date joined, oldest first" }).click()
      await page.waitForURL((url) => url.searchParams.get("sort") === "createdAt")
      await expect.poll(() => shownNames(page)).toEqual(await serverNames(call, "createdAt"))
      // Reloaded, the order stays.
      await page.reload()
      await expect.poll(() => shownNames(page)).toEqual(await serverNames(call, "createdAt"))
    }
    await page.context().close()
  })

  it("Counselling Users shows one counsellor's clients from a row's Counsellor, in the URL and the CSV, and everyone's again", async () => {
    const token = await apiToken("admin@demo.test")
    type Client = { name: string; counsellor: { _id: string; name: string; role: string } | null }
    const clientsOf = async (counsellorId?: string) =>
      apiGet<{ data: { data: Client[] }; totalRecords: number }>(
        `/user/assignUser?page=1&limit=10${counsellorId ? `&counsellorId=${counsellorId}` : ""}`,
        token,
      )
    const everyone = await clientsOf()
    const counsellor = everyone.data.data.find((c) => c.counsellor)!.counsellor!
    const theirs = await clientsOf(counsellor._id)
    expect(theirs.totalRecords).toBeLessThan(everyone.totalRecords)

    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/counselling-users")
    await listsSettled(page)
    await page
      .getByRole("button", { name: `Show only the clients of ${counsellor.name}` })
      .first()
      .click()
    await page.waitForURL((url) => url.searchParams.get("counsellor") === counsellor._id)
    await expect.poll(() => shownNames(page)).toEqual(theirs.data.data.map((c) => c.name))
    const filter = page.getByTestId("counsellor-filter")
    expect(await filter.textContent()).toContain(`Clients of ${counsellor.name} (${counsellor.role})`)
    expect(await page.getByTestId("total-records").textContent()).toBe(`Total Records: ${theirs.totalRecords}`)

    // The export holds only their clients.
    const download = page.waitForEvent("download")
    await page.getByRole("button", { name: "Export CSV" }).click()
    const rows = parseCsv(readFileSync((await (await download).path())!, "utf8")).slice(1)
    expect(rows).toHaveLength(theirs.totalRecords)
    expect(new Set(rows.map((r) => r[3]))).toEqual(new Set([`${counsellor.name} (${counsellor.role})`]))

    // A reload keeps them; the button brings every counsellor's clients back.
    await page.reload()
    await expect.poll(() => shownNames(page)).toEqual(theirs.data.data.map((c) => c.name))
    await filter.getByRole("button", { name: "Show every counsellor's clients" }).click()
    await page.waitForURL((url) => !url.searchParams.has("counsellor"))
    await expect.poll(() => shownNames(page)).toEqual(everyone.data.data.map((c) => c.name))
    expect(await filter.count()).toBe(0)
    await page.context().close()
  })

  it("Counselling Users' Counsellor filter finds a counsellor by name among the assignable people and shows only their clients", async () => {
    const token = await apiToken("admin@demo.test")
    type Client = { name: string; counsellor: { _id: string; name: string; role: string } | null }
    const answer = await apiGet<{ data: { data: Client[] } }>("/user/assignUser?page=1&limit=10", token)
    const counsellor = answer.data.data.find((c) => c.counsellor)!.counsellor!
    const theirs = await apiGet<{ data: { data: Client[] }; totalRecords: number }>(`/user/assignUser?page=1&limit=10&counsellorId=${counsellor._id}`, token)
    // Their email tells them apart from a namesake in the choices.
    const assignable = await apiGet<{ data: { _id: string; email: string }[] }>(`/user/getActiveUser/user?search=${encodeURIComponent(counsellor.name)}`, token)
    const email = assignable.data.find((p) => p._id === counsellor._id)!.email

    const page = await newPage(browser)
    await openSignedIn(page, "admin@demo.test", "/counselling-users")
    await listsSettled(page)
    const search = page.getByRole("searchbox", { name: "Counsellor" })
    await search.fill("no counsellor is called this")
    await expect.poll(() => page.getByText("Nothing found.", { exact: true }).count()).toBe(1)
    await search.fill(counsellor.name)
    const found = page.getByRole("list", { name: "Counsellor: records found" })
    const choice = found.getByRole("button").filter({ hasText: email })
    expect(await choice.textContent()).toContain(`${counsellor.name} (${counsellor.role})`)
    await choice.click()
    await page.waitForURL((url) => url.searchParams.get("counsellor") === counsellor._id)
    await expect.poll(() => shownNames(page)).toEqual(theirs.data.data.map((c) => c.name))
    expect(await page.getByTestId("counsellor-filter").textContent()).toContain(`Clients of ${counsellor.name} (${counsellor.role})`)
    expect(await page.getByTestId("total-records").textContent()).toBe(`Total Records: ${theirs.totalRecords}`)
    // Back to everyone, the picker is empty again.
    await page.getByRole("button", { name: "Show every counsellor's clients" }).click()
    await page.waitForURL((url) => !url.searchParams.has("counsellor"))
    expect(await page.getByRole("searchbox", { name: "Counsellor" }).inputValue()).toBe("")
    await page.context().close()
  })
})
