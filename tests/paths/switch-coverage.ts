import { getNextSnapshot, type AnyStateMachine, type AnyStateNode, type EventObject } from "xstate"
import { createTestModel } from "xstate/graph"
import { markTransitions, stateKey, type PathSpec, type Snap } from "./path-harness.ts"
import { describeGraph, toTestableMachine, type TransitionRef } from "./testable-machine.ts"

/**
 * Transition-pair (switch, or 1-switch) coverage of a machine: every two transitions that can follow
 * each other. Each pair the machine can really take gets a witness path (the shortest path to where
 * the first is enabled, then both); the pairs the graph allows but no context reaches (a guard that the
 * state before always fails) are reported as not covered, never left out of the count.
 */
export interface PairWitness {
  pair: string
  first: string
  second: string
  steps: Array<{ event: EventObject; value: unknown }>
}

export interface SwitchCoverage {
  /** Pairs the graph's shape allows (the second starts where the first can land), plus any pair a walk took. */
  total: string[]
  covered: PairWitness[]
  uncovered: string[]
}

const pairKey = (first: string, second: string) => `${first} ⇒ ${second}`

/** The state nodes active once a transition has landed: its targets (or its source), their ancestors, initial children, and where a transient state leads. */
function activeAfter(machine: AnyStateMachine, t: TransitionRef): Set<string> {
  const byId = new Map<string, AnyStateNode>()
  const index = (node: AnyStateNode) => {
    byId.set(node.id, node)
    for (const child of Object.values(node.states)) index(child)
  }
  index(machine.root)
  const active = new Set<string>()
  const enter = (id: string) => {
    const node = byId.get(id)
    if (!node || active.has(id)) return
    for (let n: AnyStateNode | undefined = node; n; n = n.parent) active.add(n.id)
    if (node.type === "compound" && node.initial?.target?.[0]) enter(node.initial.target[0].id)
    if (node.type === "parallel") for (const child of Object.values(node.states)) enter(child.id)
    for (const always of node.always ?? []) for (const target of always.target ?? []) enter(target.id)
  }
  for (const id of t.targets.length ? t.targets : [t.source]) enter(id)
  return active
}

export function switchCoverage(spec: Pick<PathSpec, "machine" | "input" | "events" | "distinct">): SwitchCoverage {
  const testable = toTestableMachine(spec.machine)
  const key = (state: unknown) => stateKey(state, spec.distinct)
  const model = createTestModel(testable, { events: spec.events, input: spec.input, serializeState: key } as never)
  const taken = (state: unknown, event: EventObject) => {
    const seen = new Set<string>()
    markTransitions(testable, state as Snap, event, seen)
    return [...seen]
  }
  type Adjacency = { state: { value: unknown }; transitions: Record<string, { event: EventObject; state: { value: unknown } }> }
  const adjacency = model.getAdjacencyMap() as unknown as Record<string, Adjacency>
  const prefixes = new Map<string, PairWitness["steps"]>()
  for (const path of model.getShortestPaths()) {
    path.steps.forEach((step, i) => {
      const k = key(step.state)
      if (!prefixes.has(k))
        prefixes.set(
          k,
          path.steps.slice(1, i + 1).map((s) => ({ event: s.event as EventObject, value: (s.state as { value: unknown }).value })),
        )
    })
  }
  // The graph's adjacency leaves out steps that land on the snapshot they left (an update, a resend):
  // every event is tried from every reachable snapshot instead, so those pairs count too.
  const events = spec.events as EventObject[]
  const steps = (state: Snap) =>
    events.flatMap((event) => {
      const keys = taken(state, event)
      return keys.length ? [{ event, keys, next: getNextSnapshot(testable, state as never, event) as unknown as Snap }] : []
    })
  const covered = new Map<string, PairWitness>()
  for (const [k, from] of Object.entries(adjacency)) {
    const prefix = prefixes.get(k)
    if (!prefix) continue
    for (const first of steps(from.state as Snap)) {
      for (const second of steps(first.next)) {
        for (const a of first.keys) {
          for (const b of second.keys) {
            const pair = pairKey(a, b)
            if (covered.has(pair)) continue
            covered.set(pair, {
              pair,
              first: a,
              second: b,
              steps: [...prefix, { event: first.event, value: first.next.value }, { event: second.event, value: second.next.value }],
            })
          }
        }
      }
    }
  }
  const graph = describeGraph(testable).transitions
  const shaped = graph.flatMap((first) => {
    const active = activeAfter(testable, first)
    return graph.filter((second) => active.has(second.source)).map((second) => pairKey(first.key, second.key))
  })
  const total = [...new Set([...shaped, ...covered.keys()])].sort()
  return { total, covered: [...covered.values()], uncovered: total.filter((p) => !covered.has(p)) }
}
