import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser } from "../browser.ts"
import { keyboardLogin, keyboardPage } from "./keyboard-helpers.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** WCAG contrast ratio of two CSS colours as the browser computed them (rgb/rgba). */
function contrast(a: string, b: string): number {
  const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number)
  const luminance = (color: string) => {
    const [r, g, bl] = channels(color).map((v) => {
      const c = v / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

describe("keyboard: past the navigation, and a focus ring that shows (issue 26)", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    it(`the first Tab offers 'Skip to main content', which puts focus on the screen itself; focus rings stand out at 3:1 (${colorScheme})`, async () => {
      const page = await keyboardPage(browser, { colorScheme })
      await keyboardLogin(page, "admin@demo.test")
      await page.goto("/enquiries")
      await page.getByRole("heading", { name: "All Enquiries", level: 1 }).waitFor()
      await page.keyboard.press("Tab")
      const skip = page.getByRole("link", { name: "Skip to main content" })
      expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true)
      const box = await skip.boundingBox()
      expect(box && box.y >= 0 && box.height > 0).toBe(true)
      await page.keyboard.press("Enter")
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main")
      // The next Tab lands inside the screen, not back in the sidebar or header.
      await page.keyboard.press("Tab")
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true)

      // The ring of the focused control against what is behind it (WCAG 1.4.11: 3:1).
      const ring = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement
        const style = getComputedStyle(el)
        let node: HTMLElement | null = el.parentElement
        let behind = "rgb(255, 255, 255)"
        while (node) {
          const bg = getComputedStyle(node).backgroundColor
          if (bg && !bg.startsWith("rgba(0, 0, 0, 0)") && bg !== "transparent") {
            behind = bg
            break
          }
          node = node.parentElement
        }
        return { outline: style.outlineColor, outlineStyle: style.outlineStyle, behind }
      })
      expect(ring.outlineStyle).not.toBe("none")
      expect(contrast(ring.outline, ring.behind), `${ring.outline} on ${ring.behind}`).toBeGreaterThanOrEqual(3)
      await page.context().close()
    })
  }
})
