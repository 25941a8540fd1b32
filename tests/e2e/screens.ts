import type { Page } from "playwright-core"
import { canCall } from "../../src/api/contract/endpoint.ts"
import type { Role } from "../../src/api/contract/common.ts"
import { routes, type RouteDef } from "../../src/ui/app/routes.ts"
import { demoLogins } from "../../server/db/seeds/people.seed.ts"

/**
 * The screens the accessibility and responsive suites visit, driven from the route table so a new
 * screen cannot escape them: every route, for every demo role that may open it.
 */

/** Where a route with a parameter finds a real value: a list screen whose links lead to it. */
const paramSources: Record<string, { from: string; prefix: string } | { fixed: string }> = {
  "/reset-password/:token": { fixed: "/reset-password/not-a-real-token" },
  "/vendor-details/:userId": { from: "/lawyer", prefix: "/vendor-details/" },
  "/counselling/:userId": { from: "/counselling-users", prefix: "/counselling/" },
  "/ticket/:queryId": { from: "/my-tickets", prefix: "/ticket/" },
  "/blog/:blogId": { from: "/blogs", prefix: "/blog/" },
}

export const roleEmails: Array<{ role: Role; email: string }> = demoLogins.map((l) => ({ role: l.role, email: l.email }))

export const publicRoutes = (): RouteDef[] => routes.filter((r) => r.access === "public")

/** Routes a signed-in role opens (the public sign-in screens are visited signed out). */
export const routesFor = (role: Role): RouteDef[] => routes.filter((r) => r.access !== "public" && canCall(r.access, role))

/** The address to visit for a route: parameters are filled from a list's first link; throws when none is known. */
export async function resolvePath(page: Page, route: RouteDef): Promise<string> {
  if (!route.path.includes(":")) return route.path
  const source = paramSources[route.path]
  if (!source) throw new Error(`${route.path}: add where its parameter comes from to paramSources in tests/e2e/screens.ts`)
  if ("fixed" in source) return source.fixed
  await visit(page, source.from)
  await settle(page)
  const link = page.locator(`main a[href^="${source.prefix}"]`).first()
  // A role with no ticket yet raises one, so Ticket Details is visited for every role that may open it.
  if (route.path === "/ticket/:queryId" && (await link.count()) === 0) await raiseTicket(page)
  await link.waitFor({ state: "attached", timeout: 15_000 })
  const href = await link.getAttribute("href")
  if (!href) throw new Error(`${route.path}: no link to ${source.prefix} on ${source.from}`)
  return href
}

async function raiseTicket(page: Page): Promise<void> {
  await page.getByRole("button", { name: "+ Raise Ticket" }).first().click()
  const dialog = page.getByRole("dialog")
  await dialog.getByLabel("Ticket Type").selectOption("Technical")
  await dialog.getByLabel("Query").fill("A question raised by the screen tour of the browser suites.")
  await dialog.getByRole("button", { name: "Submit" }).click()
  await dialog.waitFor({ state: "hidden", timeout: 10_000 })
}

/**
 * Opens a screen as the sidebar does, without reloading the console (wouter follows history.pushState):
 * a tour of every screen then costs one page load, not one per screen. The screen left behind is marked,
 * so the wait is for the new screen's heading, never the old one's. A page not yet on the console loads it.
 */
export async function visit(page: Page, path: string): Promise<void> {
  const onConsole = page.url().startsWith("http") && (await page.evaluate(() => document.querySelector("#root > *") !== null))
  if (!onConsole) {
    await page.goto(path)
    return
  }
  const here = new URL(page.url())
  if (here.pathname + here.search === path) return
  await page.evaluate((to) => {
    document.querySelector("main")?.setAttribute("data-left", "")
    history.pushState(null, "", to)
  }, path)
  await page.waitForURL((url) => url.pathname + url.search === path)
  await page.waitForFunction(() => (document.querySelector("main:not([data-left]) h1")?.getClientRects().length ?? 0) > 0, undefined, { timeout: 15_000 })
}

/** A screen every signed-in role may open that reads no data (the spec's static plans). */
const NO_DATA_SCREEN = "/my-plan"

/**
 * Opens a screen afresh, as a person does who leaves it and comes back through the sidebar: the screen mounts
 * again and reads its data anew from the server, without reloading the console (a reload parses and starts
 * the whole console again, about 2 s of a core here). On the screen already, it leaves through a screen that
 * reads nothing.
 */
export async function revisit(page: Page, path: string): Promise<void> {
  const here = new URL(page.url())
  if (here.pathname + here.search === path) await visit(page, NO_DATA_SCREEN)
  await visit(page, path)
}

/** Opens a route's screen (its parameter filled from a list) and waits until it is drawn; answers the address opened. */
export async function openScreen(page: Page, route: RouteDef): Promise<string> {
  const path = await resolvePath(page, route)
  await visit(page, path)
  await settle(page)
  return path
}

/** Waits until the screen has its heading and no loading screen is left. */
export async function settle(page: Page): Promise<void> {
  // Checked every animation frame: a locator's wait polls with growing pauses (up to 0.5 s), which was most of a screen tour's time.
  await page.waitForFunction(() => (document.querySelector("h1")?.getClientRects().length ?? 0) > 0, undefined, { timeout: 15_000 })
  await page.waitForFunction(() => document.querySelectorAll('main [aria-busy="true"]').length === 0, undefined, { timeout: 15_000 }).catch(() => {})
  await animationsDone(page)
}

/**
 * Waits until nothing fades or slides any more (read mid-fade, text measures as low contrast); a spinner's
 * endless turn does not count. Checked every animation frame, not at a locator's growing pauses.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 15_000 },
  )
}
