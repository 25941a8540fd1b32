import { join } from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Role } from "../../src/api/contract/common.ts"
import type { RouteDef } from "../../src/ui/app/routes.ts"
import { baseURL, launchBrowser, loginAs, tick } from "./browser.ts"
import { animationsDone, openScreen, publicRoutes, roleEmails, routesFor, settle, visit } from "./screens.ts"

/**
 * axe-core (WCAG 2.2 A and AA rules, and heading order) on every route of the route table, for every demo role that may
 * open it, each in light and in dark mode: the screen with data, the screen emptied by a search with no match,
 * every dialog its buttons open (found by aria-haspopup="dialog", so a new dialog is scanned too) and
 * the user menu with its Update Password dialog. A11Y_ROLES=Admin,User narrows a local run.
 *
 * The tour also holds the full tier to what the quick tier's smoke (smoke.test.ts, which the full tier leaves out)
 * checks: each role signs in through the form, each screen opens at its own address (not sent to sign-in or away
 * as refused), and no page throws an uncaught error.
 */
const AXE = join(process.cwd(), "node_modules/axe-core/axe.min.js")
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
/** Rules outside the WCAG tags that are checked too: a heading level skipped (h1, then h3). */
const EXTRA_RULES = ["heading-order"]
const NO_MATCH = "zz-no-such-row-zz"
const only = process.env.A11Y_ROLES?.split(",")

export interface Finding {
  where: string
  rule: string
  impact: string | null
  targets: string[]
  summary: string
}

let browser: Browser

export async function scan(page: Page, where: string, findings: Finding[]): Promise<void> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE })
  const violations = await page.evaluate(
    async ({ tags, rules }) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              ctx: Document,
              o: object,
            ) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[]; failureSummary?: string }> }> }>
          }
        }
      ).axe
      // One run: the tags' rules, and the extra rules enabled on top of them (axe lets a rule's own setting win over the tag filter).
      const run = await axe.run(document, {
        runOnly: { type: "tag", values: tags },
        rules: Object.fromEntries(rules.map((rule) => [rule, { enabled: true }])),
        resultTypes: ["violations"],
      })
      return run.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        targets: v.nodes.map((n) => n.target.join(" ")),
        summary: v.nodes[0]?.failureSummary ?? "",
      }))
    },
    { tags: TAGS, rules: EXTRA_RULES },
  )
  for (const v of violations) findings.push({ where, rule: v.id, impact: v.impact, targets: v.targets.slice(0, 5), summary: v.summary.slice(0, 300) })
}

const MODES = ["light", "dark"] as const

/**
 * Scans what is on screen in light mode and again in dark mode. The console follows the system's colour scheme as it
 * changes (src/ui/app/color-mode-actor.ts), so the same screen, dialog or menu is switched instead of toured twice.
 */
async function scanModes(page: Page, where: string, findings: Finding[]): Promise<void> {
  for (const mode of MODES) {
    await page.emulateMedia({ colorScheme: mode })
    await page.waitForFunction((wanted) => document.documentElement.style.colorScheme === wanted, mode, { timeout: 10_000 })
    await animationsDone(page)
    await scan(page, `${mode} ${where}`, findings)
  }
}

/**
 * The dialogs each screen's buttons open (their data-dialog names). A button marked
 * aria-haspopup="dialog" that is not listed here fails the suite, so a new dialog gets scanned.
 */
const dialogOpeners: Record<string, string[]> = {
  "/": ["raise"],
  "/gallery": ["add", "edit", "delete", "history"],
  "/media": ["upload", "edit", "delete", "history"],
  "/testimonials": ["add", "edit", "delete", "history", "revisions"],
  "/experts": ["add", "edit", "delete", "history", "revisions"],
  "/press-release-and-recognition": ["add", "edit", "delete", "history", "revisions"],
  "/editor": ["add", "edit", "delete", "history"],
  "/blogs": ["delete"],
  "/add-blog": ["library"],
  // Cancel is shown only while a publish is scheduled.
  "/blog/:blogId": ["library", "cancel-schedule"],
  "/unassign-users": ["view", "assign"],
  "/all-sessions": ["view", "edit", "delete"],
  "/counselling/:userId": ["view", "create"],
  "/counselling": ["view"],
  "/ticket/:queryId": ["close"],
  "/my-tickets": ["raise", "feedback"],
  "/upcoming-session": ["view"],
  "/session-history": ["view"],
}

/** Openers every list screen has: its Views menu (issue 26), a popover dialog. */
const everyListOpeners = ["views"]

/** Screens whose dialog openers only work once something is chosen on the screen. */
const beforeDialogs: Record<string, (page: Page) => Promise<void>> = {
  // 'Assign To' stays disabled until a client is selected.
  "/unassign-users": (page) => tick(page.getByRole("checkbox", { name: /^Select (?!all)/ }).first()),
}

const openDialog = (page: Page) => page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible')

/** Waits until a dialog is open (or none is), then until it no longer fades in or out. */
async function dialogShown(page: Page, open: boolean): Promise<void> {
  await page.waitForFunction(
    (wanted) => [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].some((d) => d.getClientRects().length > 0) === wanted,
    open,
    { timeout: 10_000 },
  )
  await animationsDone(page)
}

/** Opens every distinct dialog opener of the screen in turn: scan it open, check focus went in, Escape, focus back. */
async function scanDialogs(page: Page, route: RouteDef, where: string, findings: Finding[]): Promise<number> {
  const openers = page.locator('main [aria-haspopup="dialog"]:visible:not([disabled])')
  const seen = new Set<string>()
  const count = await openers.count()
  for (let i = 0; i < count; i++) {
    const opener = openers.nth(i)
    const name = (await opener.getAttribute("data-dialog")) ?? ""
    if (![...(dialogOpeners[route.path] ?? []), ...everyListOpeners].includes(name)) {
      findings.push({
        where,
        rule: "dialog-opener-not-listed",
        impact: null,
        targets: [name || (await opener.textContent()) || "?"],
        summary: "add this opener to dialogOpeners in tests/e2e/a11y-tour.ts",
      })
      continue
    }
    if (seen.has(name)) continue
    seen.add(name)
    await opener.focus()
    await page.keyboard.press("Enter")
    await dialogShown(page, true)
    const label = `${where} dialog "${name}"`
    const focusInside = await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')))
    if (!focusInside) findings.push({ where: label, rule: "focus-into-dialog", impact: "serious", targets: [], summary: "focus did not move into the dialog" })
    await scanModes(page, label, findings)
    await page.keyboard.press("Escape")
    await dialogShown(page, false)
    const back = await opener.evaluate((el) => el === document.activeElement)
    if (!back) findings.push({ where: label, rule: "focus-back-to-opener", impact: "serious", targets: [], summary: "focus did not return to the opener" })
  }
  return seen.size
}

async function scanUserMenu(page: Page, where: string, findings: Finding[]): Promise<void> {
  const menuButton = page.getByRole("button", { name: /^User menu for / })
  await menuButton.click()
  await page.getByRole("menu").waitFor({ state: "visible" })
  await animationsDone(page)
  await scanModes(page, `${where} user menu`, findings)
  await page.getByRole("menuitem", { name: "Update Password" }).click()
  await dialogShown(page, true)
  await scanModes(page, `${where} Update Password dialog`, findings)
  await page.keyboard.press("Escape")
  await openDialog(page).first().waitFor({ state: "hidden" })
}

/** A tab in a context of its own on the console, each uncaught error it throws a finding where the tab was. */
async function tourPage(findings: Finding[]): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 }, bypassCSP: true })
  const page = await context.newPage()
  page.on("pageerror", (error) =>
    findings.push({ where: new URL(page.url()).pathname, rule: "uncaught-error", impact: "critical", targets: [], summary: error.message }),
  )
  return page
}

/** Visits one screen: with data, its dialogs, then emptied by a search when it has one. */
async function scanScreen(page: Page, route: RouteDef, where: string, findings: Finding[]): Promise<void> {
  const path = await openScreen(page, route)
  const at = new URL(page.url()).pathname
  if (at !== path)
    findings.push({ where, rule: "screen-not-at-its-address", impact: "critical", targets: [at], summary: `opened ${path}, the tab went to ${at}` })
  await scanModes(page, where, findings)
  const prepare = beforeDialogs[route.path]
  await prepare?.(page)
  const scanned = await scanDialogs(page, route, where, findings)
  // A prepared screen must have opened every dialog it lists, or the preparation no longer works.
  const listed = dialogOpeners[route.path] ?? []
  if (prepare && scanned < listed.length)
    findings.push({ where, rule: "dialog-not-scanned", impact: "serious", targets: listed, summary: `only ${scanned} of these dialogs opened` })
  const search = page.locator('main form[role="search"] input').first()
  if (await search.isVisible()) {
    await search.fill(NO_MATCH)
    await search.press("Enter")
    await settle(page)
    await scanModes(page, `${where} (empty)`, findings)
  }
}

const report = (findings: Finding[]) =>
  findings.map((f) => `${f.where}: ${f.rule} (${f.impact}) ${f.targets.join(" | ")}\n    ${f.summary.replace(/\n/g, " ")}`).join("\n")

/**
 * The tour of some roles' screens, each in both colour modes. The roles are split over two files
 * (a11y-admin-editor.test.ts, a11y-vendors-user.test.ts) of about the same length, so they run side by side
 * on two of the suite's workers; the signed-out screens go with the first.
 */
export const tourParts = {
  "admin-editor": { roles: ["Admin", "Editor"], signedOut: true },
  "vendors-user": { roles: ["Lawyer", "Counsellor", "Nutritionist", "YogaTeacher", "ImageConsultant", "User"], signedOut: false },
} satisfies Record<string, { roles: Role[]; signedOut: boolean }>

export function describeAccessibility(name: keyof typeof tourParts): void {
  const part: { roles: Role[]; signedOut: boolean } = tourParts[name]
  describe("accessibility (axe-core, WCAG 2.2 AA) in light and dark mode", () => {
    beforeAll(async () => {
      browser = await launchBrowser()
    })
    afterAll(() => browser?.close())

    it("the scan finds what it looks for in both modes: a WCAG rule's violation and a skipped heading level", async () => {
      const context = await browser.newContext({ bypassCSP: true })
      const page = await context.newPage()
      await page.setContent(
        `<!doctype html><html lang="en" style="color-scheme: light"><title>Broken</title><main><h1>Top</h1><h3>Skipped a level</h3><img src="x.png"></main></html>`,
      )
      // The console sets its root's color-scheme from the system's; this page has no script, so the test does.
      await page.evaluate(() =>
        matchMedia("(prefers-color-scheme: dark)").addEventListener(
          "change",
          (e) => (document.documentElement.style.colorScheme = e.matches ? "dark" : "light"),
        ),
      )
      const findings: Finding[] = []
      await scanModes(page, "broken page", findings)
      await context.close()
      expect(findings.map((f) => `${f.where} ${f.rule}`).sort()).toEqual([
        "dark broken page heading-order",
        "dark broken page image-alt",
        "light broken page heading-order",
        "light broken page image-alt",
      ])
    })

    if (part.signedOut)
      it("every demo role is in one of the tour's files", () => {
        const toured = Object.values(tourParts).flatMap((p) => p.roles)
        expect([...toured].sort()).toEqual(roleEmails.map((r) => r.role).sort())
      })

    if (part.signedOut)
      it("the tour finds a screen that sends the tab elsewhere, and a page's uncaught error", async () => {
        const findings: Finding[] = []
        const page = await tourPage(findings)
        // Signed out, the dashboard sends the tab to the sign-in screen.
        const dashboard = routesFor("Admin").find((route) => route.path === "/")!
        await scanScreen(page, dashboard, "signed out /", findings)
        await page.evaluate(() =>
          setTimeout(() => {
            throw new Error("thrown by the tour's own check")
          }),
        )
        await expect.poll(() => findings.filter((f) => f.rule === "uncaught-error").length).toBe(1)
        await page.context().close()
        expect(findings.filter((f) => f.rule !== "uncaught-error" && f.rule !== "screen-not-at-its-address")).toEqual([])
        expect(findings.map((f) => [f.rule, ...f.targets, ...(f.rule === "uncaught-error" ? [f.summary] : [])].join(" "))).toEqual([
          "screen-not-at-its-address /login",
          "uncaught-error thrown by the tour's own check",
        ])
      })

    if (part.signedOut)
      it("the sign-in screens, signed out", { timeout: 120_000 }, async () => {
        const findings: Finding[] = []
        const page = await tourPage(findings)
        for (const route of publicRoutes()) await scanScreen(page, route, `public ${route.path}`, findings)
        await page.context().close()
        expect(report(findings)).toBe("")
      })

    for (const { role, email } of roleEmails) {
      if (!part.roles.includes(role) || (only && !only.includes(role))) continue
      it(`every screen ${role} opens`, { timeout: 600_000 }, async () => {
        const findings: Finding[] = []
        const page = await tourPage(findings)
        await loginAs(page, email)
        const screens = routesFor(role)
        expect(screens.length).toBeGreaterThan(0)
        for (const route of screens) await scanScreen(page, route, `${role} ${route.path}`, findings)
        await visit(page, "/")
        await settle(page)
        await scanUserMenu(page, role, findings)
        await page.context().close()
        expect(report(findings)).toBe("")
      })
    }
  })
}
