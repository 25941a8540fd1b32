import { request } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { AsyncLocalStorage } from "node:async_hooks"
import { afterAll, describe, expect as vitestExpect, it, type ExpectStatic } from "vitest"
import fc from "fast-check"
import { getInitialSnapshot, getNextSnapshot, type AnyStateMachine, type AnyStateNode, type EventObject } from "xstate"
import { generatePaths } from "../paths/path-harness.ts"
import { baseURL, launchBrowser, newPage, openSignedIn } from "./browser.ts"
import { propertySeed } from "../fixtures/property-seed.ts"

/**
 * The `expect` of the test a path runs in. Paths that run side by side (`concurrent`) each have their
 * own test, which vitest's global `expect` cannot tell apart (`expect.poll` refuses to run): a path's
 * clicks and checks import this one, which answers to the test whose walk they belong to.
 */
const testOfWalk = new AsyncLocalStorage<ExpectStatic>()
export const expect: ExpectStatic = new Proxy(vitestExpect, {
  apply: (_target, self, args) => Reflect.apply(testOfWalk.getStore() ?? vitestExpect, self, args),
  get: (_target, property) => Reflect.get(testOfWalk.getStore() ?? vitestExpect, property),
})

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
  /**
   * The event types this spec walks, when the real clock limits it to part of the machine (a session an
   * hour after its end cannot be booked): paths with any other event are left to another spec of the same
   * machine and to the unit paths, which walk them all. Without it, every path is walked.
   */
  walk?: string[]
  /**
   * The paths run side by side: for paths that mostly wait for the real clock (a session's start), so
   * their waits overlap. Their worlds must not meet (setup gives each its own people and records).
   */
  concurrent?: boolean
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
  const paths = walkedPaths(generatePaths(spec).paths, spec.walk)

  describe(`${name} paths in Chromium`, () => {
    const chromium = sharedChromium()
    afterAll(() => chromium.close())

    it("maps every state and every event of the machine to a check and a click", () => {
      expect(
        settledStates(spec.machine).filter((s) => !spec.states[s]),
        "states without a screen + API check",
      ).toEqual([])
      expect(
        eventTypes(spec.machine).filter((e) => !spec.clicks[e]),
        "events without a click",
      ).toEqual([])
    })

    paths.forEach((path, index) => {
      const label =
        path.steps
          .slice(1)
          .map((s) => eventLabel(s.event as PathEvent))
          .join(" → ") || "(initial)"
      ;(spec.concurrent ? it.concurrent : it)(
        `#${index + 1} ${label}`,
        (test) => testOfWalk.run(test.expect, () => walkInBrowser(chromium.get, name, `${index + 1}`, spec, path.steps as unknown as WalkStep[])),
        spec.timeout ?? 120_000,
      )
    })
  })
}

type WalkStep = { event: PathEvent; state: { value: unknown; can: (e: EventObject) => boolean } }

/** One Chromium for the walks of a describe block, launched by the first walk that needs it. */
function sharedChromium(): { get: () => Promise<Browser>; close: () => Promise<void> } {
  let launched: Promise<Browser> | undefined
  return {
    get: () => (launched ??= launchBrowser()),
    close: async () => {
      if (launched) await (await launched).close()
    },
  }
}

/**
 * The browser as one walk sees it: the contexts it opens are its own (walks side by side share one Chromium,
 * as a person's tabs share a computer, never a session), listed so the walk can photograph and close them.
 */
function walkView(browser: Browser, contexts: BrowserContext[]): Browser {
  return new Proxy(browser, {
    get: (target, property) => {
      if (property === "newContext")
        return async (...args: Parameters<Browser["newContext"]>) => {
          const context = await target.newContext(...args)
          contexts.push(context)
          return context
        }
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value
    },
  })
}

/**
 * One walk in contexts of its own: each event as real clicks (or, where the machine refuses it, a check
 * that the console does not offer it), and after every step the state checked on screen and through the API.
 */
async function walkInBrowser<World>(chromium: () => Promise<Browser>, name: string, label: string, spec: E2ePathSpec<World>, steps: WalkStep[]): Promise<void> {
  const contexts: BrowserContext[] = []
  const browser = walkView(await chromium(), contexts)
  try {
    const world = await spec.setup(browser, { events: steps.slice(1).map((s) => s.event) })
    for (const [i, step] of steps.entries()) {
      if (i > 0) {
        const click = spec.clicks[step.event.type]
        if (!click) throw new Error(`${name}: no click fires '${step.event.type}'`)
        // A path may try an event the machine refuses in that state; the click then proves the console does not offer it.
        await click(world, step.event, { accepted: steps[i - 1]!.state.can(step.event) })
      }
      const key = stateKey(step.state.value)
      const check = spec.states[key]
      if (!check) throw new Error(`${name}: no screen/API check for state '${key}'`)
      await check.screen(world)
      await check.api(world)
    }
    await spec.teardown?.(world)
  } catch (error) {
    await screenshots(contexts, `${name}-${label}`)
    throw error
  } finally {
    await Promise.all(contexts.map((context) => context.close()))
  }
}

/**
 * Seeded random model runs in Chromium (issue 25): QA_BROWSER_RUNS walks (1 by default) of up to
 * QA_STEPS events (6) drawn at random from the spec's events with QA_SEED, each walked like a generated
 * path. The seed is in the test's name; the same seed draws the same walks again (fixed in the test tiers:
 * tests/fixtures/property-seed.ts; `npm run qa:model -- --browser` draws new ones).
 */
export function describeSeededRunsE2e<World>(name: string, spec: E2ePathSpec<World>): void {
  const seed = propertySeed("QA_SEED", 20261129)
  const runs = Number(process.env.QA_BROWSER_RUNS ?? 1)
  const length = Number(process.env.QA_STEPS ?? 6)
  const events = spec.walk ? spec.events.filter((e) => spec.walk!.includes(e.type)) : spec.events
  const walks = fc.sample(fc.array(fc.constantFrom(...events), { minLength: 1, maxLength: length }), { seed, numRuns: runs })

  describe(`${name}: seeded random walks in Chromium (seed ${seed}; QA_SEED=${seed} replays)`, () => {
    const chromium = sharedChromium()
    afterAll(() => chromium.close())
    walks.forEach((walk, index) => {
      it(
        `walk ${index + 1} of seed ${seed}: ${walk.map(eventLabel).join(" → ")}`,
        () => walkInBrowser(chromium.get, name, `seed-${seed}-${index + 1}`, spec, machineSteps(spec, walk)),
        spec.timeout ?? 120_000,
      )
    })
  })
}

/** The machine's own snapshots along a walk: where a refused event leaves it, it stays. */
function machineSteps<World>(spec: E2ePathSpec<World>, walk: PathEvent[]): WalkStep[] {
  let snapshot = getInitialSnapshot(spec.machine, spec.input as never)
  const steps: WalkStep[] = [{ event: { type: "xstate.init" }, state: snapshot }]
  for (const event of walk) {
    if (snapshot.can(event)) snapshot = getNextSnapshot(spec.machine, snapshot, event)
    steps.push({ event, state: snapshot })
  }
  return steps
}

/**
 * The paths cut where they first fire an event this spec does not walk, without the ones another path
 * already walks from its start (a cut path is often the beginning of a longer one).
 */
function walkedPaths<P extends { steps: Array<{ event: EventObject }> }>(paths: P[], walk: string[] | undefined): P[] {
  if (!walk) return paths
  const cut = paths.map((path) => {
    const stop = path.steps.findIndex((s, i) => i > 0 && !walk.includes(s.event.type))
    return stop === -1 ? path : { ...path, steps: path.steps.slice(0, stop) }
  })
  const keyOf = (path: P) => JSON.stringify(path.steps.slice(1).map((s) => s.event))
  const keys = cut.map(keyOf)
  const coveredByLonger = (key: string) =>
    keys.some((other) => other !== key && other.startsWith(key.slice(0, -1)) && (key === "[]" || other[key.length - 1] === ","))
  return cut.filter((path, i) => keys.indexOf(keys[i]!) === i && !coveredByLonger(keys[i]!))
}

/** `status.change(Approve)`: the type plus the values it carries, so a path's name says what it does. */
const eventLabel = (event: PathEvent): string => {
  const values = Object.entries(event)
    .filter(([k]) => k !== "type")
    .map(([, v]) => String(v))
  return values.length ? `${event.type}(${values.join(", ")})` : event.type
}

/** Screens of every open page, for the failure report (their paths are printed). */
async function screenshots(contexts: BrowserContext[], label: string) {
  const pages = contexts.flatMap((c) => c.pages())
  for (const [i, page] of pages.entries()) {
    const file = join(tmpdir(), `e2e-paths-${label.replace(/\W+/g, "-")}-${i + 1}.png`)
    await page.screenshot({ path: file }).then(
      () => console.error(`[paths] screenshot: ${file}`),
      () => {},
    )
  }
}

/** A page signed in as `email`, open on `path` (the dashboard by default). */
export async function signedInPage(browser: Browser, email: string, path = "/"): Promise<Page> {
  const page = await newPage(browser)
  await openSignedIn(page, email, path)
  return page
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
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress,
        headers: { "content-type": encoded.headers.get("content-type")!, "content-length": payload.length },
      },
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
