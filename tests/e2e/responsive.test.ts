import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Role } from "../../src/api/contract/common.ts"
import { routes } from "../../src/ui/app/routes.ts"
import { baseURL, launchBrowser, loginAs } from "./browser.ts"
import { publicRoutes, resolvePath, roleEmails, routesFor, settle } from "./screens.ts"

/**
 * Every route of the route table at 375 px (a phone) and 1440 px (a desktop): the page never scrolls
 * sideways (wide tables scroll inside their own box), every button and link of the screen lies
 * within the window, and at 375 px the sidebar is a drawer behind 'Open menu' (layout.test.ts
 * checks the drawer's links; keyboard.test.ts opens it by keyboard).
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** Each signed-in route once, with the first demo role that may open it. */
function visits(): Array<{ role: Role; email: string; paths: string[] }> {
  const left = new Set(routes.filter((r) => r.access !== "public").map((r) => r.path))
  const plan: Array<{ role: Role; email: string; paths: string[] }> = []
  for (const { role, email } of roleEmails) {
    const paths = routesFor(role).map((r) => r.path).filter((p) => left.has(p))
    for (const p of paths) left.delete(p)
    if (paths.length > 0) plan.push({ role, email, paths })
  }
  if (left.size > 0) throw new Error(`no demo role opens ${[...left].join(", ")}`)
  return plan
}

interface Problem {
  where: string
  what: string
}

async function checkScreen(page: Page, width: number, where: string, problems: Problem[]) {
  const found = await page.evaluate(() => {
    const out: string[] = []
    const doc = document.scrollingElement ?? document.documentElement
    if (doc.scrollWidth > window.innerWidth) out.push(`page scrolls sideways (${doc.scrollWidth} > ${window.innerWidth})`)
    // A table wider than the window must sit in a box that scrolls sideways.
    for (const table of Array.from(document.querySelectorAll("main table"))) {
      if (table.getBoundingClientRect().width <= window.innerWidth) continue
      let box = table.parentElement
      while (box && box !== document.body && !/(auto|scroll)/.test(getComputedStyle(box).overflowX)) box = box.parentElement
      if (!box || box === document.body) out.push("a wide table does not scroll in its own box")
    }
    // Actions outside scrolling tables must be within the window.
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("main button, main a[href], header button"))) {
      const r = el.getBoundingClientRect()
      if (r.width === 0 || r.height === 0) continue
      let box = el.parentElement
      let scrolls = false
      while (box && box !== document.body) {
        if (/(auto|scroll)/.test(getComputedStyle(box).overflowX)) scrolls = true
        box = box.parentElement
      }
      if (!scrolls && (r.left < 0 || r.right > window.innerWidth + 1)) out.push(`'${el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 30)}' lies outside the window`)
    }
    return out
  })
  for (const what of found) problems.push({ where, what })
  if (width < 768) {
    const sidebarShown = await page.getByRole("navigation", { name: "Main" }).isVisible()
    const menuShown = await page.getByRole("button", { name: "Open menu" }).isVisible()
    if (sidebarShown || !menuShown) problems.push({ where, what: "the sidebar is not a drawer behind 'Open menu'" })
  }
}

const report = (problems: Problem[]) => problems.map((p) => `${p.where}: ${p.what}`).join("\n")

describe("responsive: every route at 375 and 1440 px", () => {
  for (const width of [375, 1440]) {
    it(`the sign-in screens at ${width} px`, async () => {
      const context = await browser.newContext({ baseURL: baseURL(), viewport: { width, height: 800 } })
      const page = await context.newPage()
      const problems: Problem[] = []
      for (const route of publicRoutes()) {
        await page.goto(await resolvePath(page, route))
        await settle(page)
        const overflow = await page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth > window.innerWidth)
        if (overflow) problems.push({ where: route.path, what: "page scrolls sideways" })
      }
      await context.close()
      expect(report(problems)).toBe("")
    })

    for (const { role, email, paths } of visits()) {
      it(`${role}'s screens at ${width} px`, { timeout: 300_000 }, async () => {
        const context = await browser.newContext({ baseURL: baseURL(), viewport: { width, height: 800 } })
        const page = await context.newPage()
        await loginAs(page, email)
        const problems: Problem[] = []
        for (const path of paths) {
          const route = routes.find((r) => r.path === path)!
          await page.goto(await resolvePath(page, route))
          await settle(page)
          await checkScreen(page, width, `${width}px ${role} ${path}`, problems)
        }
        await context.close()
        expect(report(problems)).toBe("")
      })
    }
  }
})
