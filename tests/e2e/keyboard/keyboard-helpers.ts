import type { Browser, Locator, Page } from "playwright-core"
import { expect } from "vitest"
import { baseURL } from "../browser.ts"
import { pngUpload } from "../content-helpers.ts"

/**
 * What the keyboard-only suites (tests/e2e/keyboard/*.test.ts) share. They drive the console with
 * Tab, Shift+Tab, Enter, Space, Escape, arrows and typing; never a click. `page.goto` stands for
 * typing an address; data a flow needs but does not show is arranged through the API.
 */
export const PASSWORD = "Demo@12345"
const MAX_TABS = 150

/** A page of its own browser context; en-US so date and time fields take MM/DD/YYYY and hh:mm AM/PM. */
export async function keyboardPage(
  browser: Browser,
  options: { width?: number; height?: number; timezoneId?: string; colorScheme?: "light" | "dark" } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: "en-US",
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
  })
  // Playwright turns file-chooser interception on when a listener is added, without waiting for the
  // browser: a Space pressed straight after could open the real (invisible) chooser instead. A
  // listener from the start keeps interception on for every page of the context.
  context.on("page", (page) => page.on("filechooser", () => {}))
  return context.newPage()
}

export const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))

/**
 * The focused element shows it: an outline or a ring (box-shadow) on itself; for a visually hidden
 * native input (Chakra's checkbox, radio, switch) on the control drawn beside it; for the blog
 * editor's writing area an outline on the box around it (focus-within).
 */
export async function expectVisibleFocus(page: Page) {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return { tag: "body", visible: false }
    const drawn = (node: Element, ringToo: boolean) => {
      const style = getComputedStyle(node)
      return (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || (ringToo && style.boxShadow !== "none")
    }
    const control = el.matches("input[type=checkbox], input[type=radio]")
      ? el.parentElement?.querySelector('[data-part="control"], [data-part="item-control"]')
      : null
    const around = el.isContentEditable ? [el.parentElement, el.parentElement?.parentElement].filter((n): n is HTMLElement => Boolean(n)) : []
    const visible = drawn(el, true) || (control ? drawn(control, true) : false) || around.some((n) => drawn(n, false))
    return { tag: `${el.tagName} ${el.getAttribute("aria-label") ?? el.textContent?.slice(0, 30) ?? ""}`, visible }
  })
  expect(ring.visible, `no visible focus indicator on ${ring.tag}`).toBe(true)
}

/**
 * Presses Tab (or Shift+Tab) until the target has focus; fails when it is never reached. The target is found
 * once and held between presses: finding a role locator again computes the accessible name of every candidate
 * on the page, which made a walk of twenty Tabs cost a second, and several seconds on a loaded machine. An
 * element a render replaced is found again.
 */
export async function tabTo(page: Page, target: Locator, back = false) {
  await target.waitFor({ state: "visible" })
  let element = await target.elementHandle()
  for (let i = 0, found = 0; i < MAX_TABS; i++) {
    const focused = await element.evaluate((el) => (el.isConnected ? el === document.activeElement || el.contains(document.activeElement) : undefined))
    if (focused === undefined && found++ < MAX_TABS) {
      await element.dispose()
      element = await target.elementHandle()
      i--
      continue
    }
    if (focused) {
      await element.dispose()
      return expectVisibleFocus(page)
    }
    await page.keyboard.press(back ? "Shift+Tab" : "Tab")
  }
  await element.dispose()
  throw new Error(`Tab never reached ${target}`)
}

/** Tabs to the target and presses a key on it (Enter by default). */
export async function press(page: Page, target: Locator, key = "Enter") {
  await tabTo(page, target)
  await page.keyboard.press(key)
}

export async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target)
  await page.keyboard.press("ControlOrMeta+A")
  await page.keyboard.type(text)
}

/** A date field, reached with Tab (its month part), typed as MMDDYYYY from an ISO date. */
export async function typeDate(page: Page, target: Locator, isoDate: string) {
  const [y, m, d] = isoDate.split("-")
  await tabTo(page, target)
  await page.keyboard.type(`${m}${d}${y}`)
  await expect.poll(() => target.inputValue()).toBe(isoDate)
}

/** A time field, reached with Tab (its hour part), typed as hh mm AM/PM from a 24-hour 'HH:MM'. */
export async function typeTime(page: Page, target: Locator, time: string) {
  const [h, m] = time.split(":").map(Number) as [number, number]
  await tabTo(page, target)
  await page.keyboard.type(`${String(h % 12 || 12).padStart(2, "0")}${String(m).padStart(2, "0")}${h < 12 ? "A" : "P"}`)
  await expect.poll(() => target.inputValue()).toBe(time)
}

/**
 * A file field: Space on the focused field opens the system file chooser (as a person would),
 * where the test picks the file.
 */
export async function chooseFile(page: Page, target: Locator, file = pngUpload()) {
  const chooser = page.waitForEvent("filechooser")
  await tabTo(page, target)
  await page.keyboard.press("Space")
  await (await chooser).setFiles(file)
}

/**
 * Waits until the open menu holds focus. The menu takes focus, and starts listening for Escape, a frame
 * after it shows: a key pressed before that goes to the page and the menu stays open.
 */
async function menuWithFocus(page: Page): Promise<Locator> {
  const menu = page.locator('[role="menu"][data-state="open"]').last()
  await menu.waitFor({ state: "visible" })
  await expect.poll(() => isFocused(menu), { message: "the open menu never took focus" }).toBe(true)
  return menu
}

/** Closes the open menu with Escape once it holds focus (an earlier Escape is lost), and waits until it is gone. */
export async function escapeMenu(page: Page) {
  await menuWithFocus(page)
  await page.keyboard.press("Escape")
  await expect.poll(() => page.locator('[role="menu"][data-state="open"]').count(), { message: "Escape left the menu open" }).toBe(0)
}

/** Presses Enter on a menu's trigger and waits until the menu takes the keyboard. */
export async function openMenu(page: Page, trigger: Locator): Promise<Locator> {
  await press(page, trigger)
  return menuWithFocus(page)
}

/**
 * A menu keeps focus on itself and highlights one item: arrows move the highlight to the named one.
 * The highlight moves a frame after each press, so each press is read back (briefly) before the next one,
 * and the walk is as long as the open menu has items.
 */
export async function highlight(page: Page, name: string) {
  const menu = await menuWithFocus(page)
  const highlighted = () => page.evaluate(() => document.querySelector('[role="menu"][data-state="open"] [data-highlighted]')?.textContent?.trim() ?? "")
  const items = await menu.getByRole("menuitem").count()
  await page.keyboard.press("Home")
  for (let i = 0; i <= Math.max(items, 12); i++) {
    const current = await highlighted()
    if (current === name) return
    await page.keyboard.press("ArrowDown")
    // At the last item of a menu that does not wrap the highlight stays put: that is no failure here.
    await expect
      .poll(highlighted, { timeout: 1_000 })
      .not.toBe(current)
      .catch(() => {})
  }
  throw new Error(`the menu never highlighted ${name}`)
}

/** Opens the user menu from the header with Enter and chooses an item with the arrows and Enter. */
export async function userMenu(page: Page, item: string) {
  const button = page.getByRole("button", { name: /^User menu for / })
  await press(page, button)
  await page.getByRole("menuitem", { name: item }).waitFor({ state: "visible" })
  await highlight(page, item)
  await page.keyboard.press("Enter")
  // Every item but the colour mode closes the menu; a menu left open means Enter was not taken.
  if (!/ mode$/.test(item)) await expect.poll(() => page.locator('[role="menu"][data-state="open"]').count(), { message: `Enter on '${item}'` }).toBe(0)
}

export const activeInside = (page: Page, selector: string) => page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector)

export const openDialogs = (page: Page) => page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible')

/** Opens a dialog from its opener with a key (Enter by default): focus must move into it. */
export async function openDialogWith(page: Page, opener: Locator, key = "Enter"): Promise<Locator> {
  await press(page, opener, key)
  const dialog = openDialogs(page).last()
  await dialog.waitFor({ state: "visible" })
  await expect.poll(() => activeInside(page, '[role="dialog"], [role="alertdialog"]')).toBe(true)
  return dialog
}

/** No dialog is left open and focus is back on the element that opened it. */
export async function expectClosedBackTo(page: Page, opener: Locator) {
  await expect.poll(() => openDialogs(page).count(), { timeout: 10_000 }).toBe(0)
  await expect.poll(() => isFocused(opener)).toBe(true)
}

/**
 * Opens the dialog, closes it with Escape (focus back on the opener), and opens it again for real. The opener
 * must stay enabled while its dialog is open: one disabled meanwhile loses focus, and whether focus finds its
 * way back then depends on timing.
 */
export async function escapeThenOpen(page: Page, opener: Locator, key = "Enter"): Promise<Locator> {
  // The page behind a modal dialog leaves the accessibility tree, where a role locator looks: hold the element itself.
  const element = await opener.elementHandle()
  await openDialogWith(page, opener, key)
  expect(await element!.isEnabled(), "the opener stays enabled while its dialog is open").toBe(true)
  await page.keyboard.press("Escape")
  await expectClosedBackTo(page, opener)
  return openDialogWith(page, opener, key)
}

export async function keyboardLogin(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login")
  await typeInto(page, page.getByLabel("Email"), email)
  await typeInto(page, page.getByLabel("Password", { exact: true }), password)
  await page.keyboard.press("Enter")
  await page.waitForURL((url) => url.pathname === "/")
}

/** Goes to a screen through the sidebar with the keyboard. */
export async function viaSidebar(page: Page, label: string, path: string) {
  await press(page, page.getByTestId("sidebar").getByRole("link", { name: label, exact: true }))
  await page.waitForURL((url) => url.pathname === path)
}

/** Waits up to 10 s: modals close 1 s after a save, and the machine is shared with other suites. */
export const eventually = <T>(read: () => Promise<T> | T, options: { timeout?: number; interval?: number } = {}) =>
  expect.poll(read, { timeout: 10_000, ...options })
