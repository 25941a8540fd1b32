import { request } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser, Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import type { AnyStateMachine, AnyStateNode, EventObject } from "xstate"
import { generatePaths } from "../paths/path-harness.ts"
import { baseURL, launchBrowser, loginAs, newPage } from "./browser.ts"

/** How long a screen check waits for the console to catch up (2 cores shared with other suites). */
export const SCREEN = { timeout: 10_000, interval: 100 }

type PathEvent = EventObject & Record<string, unknown>

/** What one state looks like to a user and to the API; each throws (via expect) when it does not hold. */
export interface StateCheck<World> {
  screen: (world: World) => Promise<void>
  api: (world: World) => Promise<void>
}

export interface E2ePathSpec<World> {
  /** The domain machine whose generated paths are walked. */
  machine: AnyStateMachine
  input?: unknown
  /** The events a user can fire through the console (what a click cannot send is left out, e.g. a 9-star rating). */
  events: PathEvent[]
  /** Creates this path's own entity through the API and opens the pages the path needs (the path's events tell what it will need). */
  setup: (browser: Browser, path: { events: PathEvent[] }) => Promise<World>
  teardown?: (world: World) => Promise<void>
  /**
   * The real clicks that fire an event, by event type, as the role the contract allows. When the
   * machine refuses the event in the current state (`accepted` false), the function must instead
   * check that the console does not offer it.
   */
  clicks: Record<string, (world: World, event: PathEvent, how: { accepted: boolean }) => Promise<void>>
  /** For every settled state (by its key, e.g. `approved`): the screen check and the API check. */
  states: Record<string, StateCheck<World>>
  /** Per-path timeout in ms. */
  timeout?: number
}

/** Key of a snapshot value: the state name of a flat machine, else the JSON of the nested value. */
const stateKey = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value))

/** Leaf states a snapshot can rest in (transient `always` states are left at once, so never seen). */
function settledStates(machine: AnyStateMachine): string[] {
  const out: string[] = []
  const walk = (node: AnyStateNode, path: string[]) => {
    const children = Object.values(node.states)
    if (children.length === 0 && !node.always?.length) out.push(path.length === 1 ? path[0]! : JSON.stringify(path))
    for (const child of children) walk(child, [...path, child.key])
  }
  for (const child of Object.values(machine.root.states)) walk(child, [child.key])
  return out
}

/** Every event type some transition of the machine listens to. */
function eventTypes(machine: AnyStateMachine): string[] {
  const out = new Set<string>()
  const walk = (node: AnyStateNode) => {
    for (const type of node.transitions.keys()) out.add(type)
    for (const child of Object.values(node.states)) walk(child)
  }
  walk(machine.root)
  return [...out]
}

/**
 * Walks the machine's generated paths (the very list `tests/paths` walks) in real Chromium against
 * the real server: each event is a sequence of real clicks, and after every step the state is
 * checked on the screen and through the API. A state or event without a mapping fails the spec.
 */
export function describeMachinePathsE2e<World>(name: string, spec: E2ePathSpec<World>): void {
  const { paths } = generatePaths(spec)

  describe(`${name} paths in Chromium`, () => {
    it("maps every state and every event of the machine to a check and a click", () => {
      expect(settledStates(spec.machine).filter((s) => !spec.states[s]), "states without a screen + API check").toEqual([])
      expect(eventTypes(spec.machine).filter((e) => !spec.clicks[e]), "events without a click").toEqual([])
    })

    paths.forEach((path, index) => {
      const label = path.steps.slice(1).map((s) => eventLabel(s.event as PathEvent)).join(" → ") || "(initial)"
      it(
        `#${index + 1} ${label}`,
        async () => {
          const browser = await launchBrowser()
          try {
            const world = await spec.setup(browser, { events: path.steps.slice(1).map((s) => s.event as PathEvent) })
            for (const [i, step] of path.steps.entries()) {
              const event = step.event as PathEvent
              if (i > 0) {
                const click = spec.clicks[event.type]
                if (!click) throw new Error(`${name}: no click fires '${event.type}'`)
                // A path may try an event the machine refuses in that state; the click then proves the console does not offer it.
                const accepted = (path.steps[i - 1]!.state as unknown as { can: (e: EventObject) => boolean }).can(event)
                await click(world, event, { accepted })
              }
              const key = stateKey(step.state.value)
              const check = spec.states[key]
              if (!check) throw new Error(`${name}: no screen/API check for state '${key}'`)
              await check.screen(world)
              await check.api(world)
            }
            await spec.teardown?.(world)
          } catch (error) {
            await screenshots(browser, `${name}-${index + 1}`)
            throw error
          } finally {
            await browser.close()
          }
        },
        spec.timeout ?? 60_000,
      )
    })
  })
}

/** `status.change(Approve)`: the type plus the values it carries, so a path's name says what it does. */
const eventLabel = (event: PathEvent): string => {
  const values = Object.entries(event).filter(([k]) => k !== "type").map(([, v]) => String(v))
  return values.length ? `${event.type}(${values.join(", ")})` : event.type
}

/** Screens of every open page, for the failure report (their paths are printed). */
async function screenshots(browser: Browser, label: string) {
  const pages = browser.contexts().flatMap((c) => c.pages())
  for (const [i, page] of pages.entries()) {
    const file = join(tmpdir(), `e2e-paths-${label.replace(/\W+/g, "-")}-${i + 1}.png`)
    await page.screenshot({ path: file }).then(() => console.error(`[paths] screenshot: ${file}`), () => {})
  }
}

/** A page signed in as `email`. */
export async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await newPage(browser)
  await loginAs(page, email)
  return page
}

/** An access token for `email` (demo password), for the API side of the checks. */
export async function tokenOf(email: string, password = "Demo@12345"): Promise<string> {
  const res = await fetch(`${baseURL()}/api/v1/user/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) })
  if (!res.ok) throw new Error(`login of ${email} failed: ${res.status}`)
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken
}

/** GET an API path with a bearer token; fails loudly on a non-2xx answer. */
export async function apiGet<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${baseURL()}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } })
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/**
 * POSTs a form from a chosen loopback source address (127.0.0.0/8 all reaches the server), so
 * per-address limits of public forms (e.g. 5 partner sign-ups an hour) count each path apart.
 */
export async function postFormFrom(localAddress: string, path: string, form: FormData): Promise<{ status: number; body: unknown }> {
  const encoded = new Request("http://local/", { method: "POST", body: form })
  const payload = Buffer.from(await encoded.arrayBuffer())
  const url = new URL(`${baseURL()}/api/v1${path}`)
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: "POST", localAddress, headers: { "content-type": encoded.headers.get("content-type")!, "content-length": payload.length } },
      (res) => {
        const chunks: Buffer[] = []
        res.on("data", (c: Buffer) => chunks.push(c))
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "null") }))
      },
    )
    req.on("error", reject)
    req.end(payload)
  })
}
