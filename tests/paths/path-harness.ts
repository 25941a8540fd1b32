import { afterAll, describe, expect, it } from "vitest"
import { createActor, fromPromise, type AnyActorRef, type AnyStateMachine, type AnyStateNode, type EventObject } from "xstate"
import { createTestModel } from "xstate/graph"
import { describeGraph, toTestableMachine } from "./testable-machine.ts"

export interface PathSpec {
  /** The real machine, with its app-only actions (navigation, storage) stubbed. */
  machine: AnyStateMachine
  input?: unknown
  /** User events to try from every state, and outcomes of invocations (`<src>.done` / `<src>.error`) and delays (`after.<delay>`). */
  events: Array<EventObject & Record<string, unknown>>
  /** Also walk simple paths (every loop-free path); only for small graphs. */
  simplePaths?: boolean
  /** Transitions that no path can reach, each with the reason; they are left out of the coverage count. */
  unreachable?: Record<string, string>
  /**
   * What of the context tells states apart, when some of it grows without end (a calendar's shown month
   * moves on with every Next): the walk then stops where nothing new can happen. The whole context by default.
   */
  distinct?: (context: Record<string, unknown>) => unknown
}

interface Pending {
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/** A clock whose timers fire only when a path says a delay has passed. */
function manualClock() {
  let id = 0
  const timers = new Map<number, { fn: () => void; due: number }>()
  return {
    setTimeout: (fn: () => void, ms: number) => {
      timers.set(++id, { fn, due: ms })
      return id
    },
    clearTimeout: (handle: number) => void timers.delete(handle),
    pending: () => timers.size,
    fireNext() {
      const next = [...timers.entries()].sort((a, b) => a[1].due - b[1].due)[0]
      if (!next) throw new Error("a path fired a delay but no timer was pending")
      timers.delete(next[0])
      next[1].fn()
    },
  }
}

/**
 * Fires the named delay of an active state. With one timer pending that is the next one; with several
 * (the session's 2 hours and its 5-minute warning run at once) the path names which one passed, so its
 * delayed event is sent to the machine as XState itself would send it.
 */
function fireDelay(actor: AnyActorRef, clock: ReturnType<typeof manualClock>, delay: string) {
  const nodes = (actor.getSnapshot() as { _nodes: AnyStateNode[] })._nodes
  const events = nodes.flatMap((node) => node.after.map((t) => t.eventType)).filter((type) => type.startsWith(`xstate.after.${delay}.`))
  if (clock.pending() === 1 || events.length === 0) clock.fireNext()
  else actor.send({ type: events[0]! })
}

/**
 * Lets the step's promise callbacks run before the snapshot is read. setImmediate, not setTimeout(0): Node holds a
 * zero timeout for at least a millisecond, and at 107,314 steps the suite spent most of its time waiting
 * (93 s, 0.8 of two cores busy; 31 s with setImmediate, the same 17,293 paths passing). The machines' own timers
 * run on the manual clock above, so no step waits for a real one.
 */
const settle = () => new Promise((resolve) => setImmediate(resolve))
/** See `stateKey`: where a form puts the cursor is not part of its state (unit tests check it). */
const withoutFocus = (context: Record<string, unknown> | null) => {
  if (!context) return context
  const { focus: _focus, ...rest } = context
  return rest
}
const plain = (value: unknown) => JSON.parse(JSON.stringify(value ?? null, (_k, v) => (typeof v === "function" ? undefined : v)))

/** Starts the real machine with every invoked actor replaced by a promise the path settles. */
export function startSystemUnderTest(spec: Pick<PathSpec, "machine" | "input">) {
  const pending = new Map<string, Pending>()
  const stubs = Object.fromEntries(
    Object.keys(spec.machine.implementations.actors ?? {}).map((src) => [
      src,
      fromPromise(() => new Promise((resolve, reject) => pending.set(src, { resolve, reject }))),
    ]),
  )
  const clock = manualClock()
  const actor: AnyActorRef = createActor(spec.machine.provide({ actors: stubs }), { input: spec.input, clock } as never)
  actor.start()
  return {
    actor,
    async apply(event: EventObject & { output?: unknown; error?: unknown }) {
      const outcome = /^(.+)\.(done|error)$/.exec(event.type)
      if (event.type.startsWith("after.")) fireDelay(actor, clock, event.type.slice("after.".length))
      else if (outcome && pending.has(outcome[1]!)) {
        const waiting = pending.get(outcome[1]!)!
        pending.delete(outcome[1]!)
        if (outcome[2] === "done") waiting.resolve(event.output)
        else waiting.reject(event.error)
      } else actor.send(event)
      await settle()
    },
  }
}

/**
 * Generates the machine's paths with `createTestModel` (shortest, plus simple where asked),
 * runs each on the real machine, checks state and context after every step, and fails when any
 * state or transition of the machine is covered by no path.
 */
export function describeMachinePaths(name: string, spec: PathSpec): void {
  const { testable, paths } = generatePaths(spec)
  const graph = describeGraph(testable)
  const seenStates = new Set<string>()
  const seenTransitions = new Set<string>()

  describe(`${name} paths`, () => {
    paths.forEach((path, index) => {
      const label =
        path.steps
          .map((s) => s.event.type)
          .slice(1)
          .join(" → ") || "(initial)"
      it(`#${index + 1} ${label}`, async () => {
        const sut = startSystemUnderTest(spec)
        let previous = path.steps[0]!.state
        for (const [i, step] of path.steps.entries()) {
          if (i > 0) await sut.apply(step.event as EventObject)
          const snapshot = sut.actor.getSnapshot()
          expect(snapshot.value, `after ${step.event.type}`).toEqual(step.state.value)
          const seen = (context: unknown) => (spec.distinct ? spec.distinct(plain(context)) : withoutFocus(plain(context)))
          expect(seen(snapshot.context), `context after ${step.event.type}`).toEqual(seen(step.state.context))
          for (const node of step.state._nodes) seenStates.add(node.id)
          if (i > 0) markTransitions(testable, previous as Snap, step.event as EventObject, seenTransitions)
          previous = step.state
        }
        sut.actor.stop()
      })
    })

    afterAll(() => {
      // A transient state (left at once through `always`) is never a snapshot; it counts as covered
      // when a state it leads to was seen.
      const missingStates = graph.states.filter((s) => !seenStates.has(s) && !graph.transient.get(s)?.some((t) => seenStates.has(t)))
      const missing = graph.transitions.filter((t) => !seenTransitions.has(t.key) && !spec.unreachable?.[t.key]).map((t) => t.key)
      const covered = graph.transitions.length - missing.length
      console.log(
        `[paths] ${name}: ${graph.states.length - missingStates.length}/${graph.states.length} states, ${covered}/${graph.transitions.length} transitions, ${paths.length} paths`,
      )
      expect(missingStates, `${name}: states no path reaches`).toEqual([])
      expect(missing, `${name}: transitions no path takes`).toEqual([])
    })
  })
}

/**
 * The paths a machine is tested along: `createTestModel`'s shortest paths, plus one path for every
 * transition they skip (see `withEdgePaths`), plus simple paths where asked. The unit path tests and
 * the end-to-end path specs (tests/e2e/*.paths.e2e.test.ts) walk the same list.
 */
export function generatePaths(spec: Pick<PathSpec, "machine" | "input" | "events" | "simplePaths" | "distinct">) {
  const testable = toTestableMachine(spec.machine)
  const key = (state: unknown) => stateKey(state, spec.distinct)
  const model = createTestModel(testable, { events: spec.events, input: spec.input, serializeState: key } as never)
  const paths = [...withEdgePaths(testable, model, model.getShortestPaths(), key), ...(spec.simplePaths ? model.getSimplePaths() : [])]
  return { testable, paths }
}

/**
 * Two snapshots are the same graph state when their value and context match, leaving out which field
 * a form is about to focus: that is where the view puts the cursor, not a state of the form, and
 * counting it would multiply every form's states for nothing (the unit tests check where the focus goes).
 */
export function stateKey(state: unknown, distinct?: PathSpec["distinct"]): string {
  const { focus: _focus, ...context } = ((state as { context?: Record<string, unknown> }).context ?? {}) as Record<string, unknown>
  return JSON.stringify([(state as Snap).value, distinct ? distinct(context) : context], (_k, v) => (typeof v === "function" ? undefined : v))
}

type Model = ReturnType<typeof createTestModel>
type Path = ReturnType<Model["getShortestPaths"]>[number]
type Step = Path["steps"][number]

/**
 * Shortest paths reach every state but skip edges that close a cycle (back into a state already
 * reached). For each machine transition no shortest path takes, add the shortest path to a state
 * where it is enabled followed by that transition, so every reachable transition runs once.
 */
function withEdgePaths(machine: AnyStateMachine, model: Model, shortest: Path[], key: (state: unknown) => string): Array<{ steps: Step[] }> {
  const transitionKeys = (state: unknown, event: EventObject) => {
    const seen = new Set<string>()
    markTransitions(machine, state as Snap, event, seen)
    return [...seen]
  }
  const toState = new Map<string, Step[]>()
  const covered = new Set<string>()
  for (const path of shortest) {
    path.steps.forEach((step, i) => {
      if (!toState.has(key(step.state))) toState.set(key(step.state), path.steps.slice(0, i + 1))
      if (i > 0) for (const k of transitionKeys(path.steps[i - 1]!.state, step.event as EventObject)) covered.add(k)
    })
  }
  const extra: Array<{ steps: Step[] }> = []
  const adjacencies = Object.values(model.getAdjacencyMap()) as Array<{ state: unknown; transitions: Record<string, { event: EventObject; state: unknown }> }>
  for (const adjacency of adjacencies) {
    const prefix = toState.get(key(adjacency.state))
    if (!prefix) continue
    for (const { event, state } of Object.values(adjacency.transitions)) {
      const fresh = transitionKeys(adjacency.state, event).filter((k) => !covered.has(k))
      if (fresh.length === 0) continue
      for (const k of fresh) covered.add(k)
      extra.push({ steps: [...prefix, { event, state } as unknown as Step] })
    }
  }
  return [...shortest, ...extra]
}

export type Snap = Parameters<AnyStateMachine["getTransitionData"]>[0]

/** Asks the machine itself which transitions the event selects (guards evaluated), so guarded twins are told apart. */
export function markTransitions(machine: AnyStateMachine, before: Snap, event: EventObject, seen: Set<string>) {
  for (const t of machine.getTransitionData(before, event)) {
    const targets = (t.target ?? []).map((n: { id: string }) => n.id)
    seen.add(`${t.source.id} --${t.eventType}--> ${targets.join(",") || "(self)"}`)
  }
}
