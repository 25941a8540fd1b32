import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { baseURL, launchBrowser, openSignedIn } from "./browser.ts"
import { openScreen, publicRoutes, resolvePath, roleEmails, routesFor, settle, visit } from "./screens.ts"

/**
 * Every route of the route table, for every demo role that may open it, at 375 px (a phone) and
 * 1440 px (a desktop): the page never scrolls sideways (wide tables scroll inside their own box),
 * every button and link of the screen lies within the window, a list's table is named after its page and says
 * when it scrolls sideways, no table cell breaks a word across lines, and at 375 px the sidebar is a drawer
 * behind 'Open menu' (layout.test.ts checks the drawer's links; tests/e2e/keyboard opens it by
 * keyboard). One signed-in page per role opens its screens at one width, then at the other.
 */
const WIDTHS = [375, 1440] as const
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

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
    // A list's table is named after its page, and says so when it scrolls sideways (a cut-off column gives no sign).
    for (const region of Array.from(document.querySelectorAll<HTMLElement>('main [data-testid="table-region"]'))) {
      const name = region.getAttribute("aria-label")
      if (!name || name === "Table") out.push("a table's scroll region has no name of its own")
      if (region.scrollWidth > region.clientWidth + 1) {
        const hint = document.getElementById(region.getAttribute("aria-describedby") ?? "")
        if (!hint || !hint.textContent?.includes("Scroll sideways for more columns")) out.push(`'${name}' scrolls sideways without saying so`)
      }
    }
    // A table cell wraps between words (or after a hyphen), never inside a short one ("Kavy|a Shar|ma" at
    // 375 px): a column may be narrow, but not narrower than its longest word. Long tokens (addresses, ids) and text set to break
    // anywhere on purpose (the audit log's monospaced ids) may break.
    for (const cell of Array.from(document.querySelectorAll("main td"))) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement && getComputedStyle(node.parentElement).wordBreak === "break-all") continue
        // A hyphen or a slash is a place to wrap: "re-|upload", "diabetes-|friendly" are fine.
        for (const word of (node.textContent ?? "").matchAll(/[^\s/-]+[/-]?/g)) {
          if (word[0].length > 20) continue
          const range = document.createRange()
          range.setStart(node, word.index)
          range.setEnd(node, word.index + word[0].length)
          const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)))
          if (lines.size > 1) out.push(`'${word[0]}' is broken across lines in a table cell`)
        }
      }
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
      if (!scrolls && (r.left < 0 || r.right > window.innerWidth + 1))
        out.push(`'${el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 30)}' lies outside the window`)
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

describe("responsive: every route for every role at 375 and 1440 px", () => {
  it("the sign-in screens at both widths", async () => {
    const problems: Problem[] = []
    for (const width of WIDTHS) {
      const context = await browser.newContext({ baseURL: baseURL(), viewport: { width, height: 800 } })
      const page = await context.newPage()
      for (const route of publicRoutes()) {
        await openScreen(page, route)
        const overflow = await page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth > window.innerWidth)
        if (overflow) problems.push({ where: `${width}px ${route.path}`, what: "page scrolls sideways" })
      }
      await context.close()
    }
    expect(report(problems)).toBe("")
  })

  for (const { role, email } of roleEmails) {
    it(`every screen ${role} opens, at 375 and at 1440 px`, { timeout: 180_000 }, async () => {
      const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: WIDTHS[0], height: 800 } })
      const page = await context.newPage()
      await openSignedIn(page, email)
      const screens = routesFor(role)
      expect(screens.length).toBeGreaterThan(0)
      // A route with a parameter is resolved once (from its list screen) and visited at both widths.
      const paths = new Map<string, string>()
      for (const route of screens) paths.set(route.path, await resolvePath(page, route))
      const problems: Problem[] = []
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 })
        for (const route of screens) {
          await visit(page, paths.get(route.path)!)
          await settle(page)
          await checkScreen(page, width, `${width}px ${role} ${route.path}`, problems)
        }
      }
      await context.close()
      expect(report(problems)).toBe("")
    })
  }
})
