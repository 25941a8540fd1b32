import { createMachine, type AnyStateMachine, type AnyStateNode } from "xstate"

type Config = Record<string, unknown> & { states?: Record<string, Config>; on?: Record<string, unknown> }
type InvokeConfig = { src?: unknown; onDone?: unknown; onError?: unknown }

/**
 * `createTestModel` refuses machines that invoke actors or wait (`after`). This derives a twin whose
 * every invocation outcome and delay is an explicit event: `<src>.done` (carrying `output`),
 * `<src>.error` (carrying `error`) and `after.<delay>`. Guards and actions stay the real ones,
 * so the graph of the twin is the graph of the machine.
 */
export function toTestableMachine(machine: AnyStateMachine): AnyStateMachine {
  return createMachine(rewrite(machine.config as Config) as never, machine.implementations as never)
}

function rewrite(config: Config): Config {
  const { invoke, after, states, on, ...rest } = config
  const events: Record<string, unknown> = { ...(on as Record<string, unknown> | undefined) }
  const invokes = (Array.isArray(invoke) ? invoke : invoke ? [invoke] : []) as InvokeConfig[]
  for (const inv of invokes) {
    const src = typeof inv.src === "string" ? inv.src : "actor"
    if (inv.onDone) events[`${src}.done`] = inv.onDone
    if (inv.onError) events[`${src}.error`] = inv.onError
  }
  for (const [delay, transition] of Object.entries((after as Record<string, unknown> | undefined) ?? {})) {
    events[`after.${delay}`] = transition
  }
  const out: Config = { ...rest, on: events }
  if (states) out.states = Object.fromEntries(Object.entries(states).map(([k, v]) => [k, rewrite(v)]))
  return out
}

export interface TransitionRef {
  key: string
  source: string
  event: string
  targets: string[]
}

/** Every state node id and every event transition (per source, event and target) of a machine. */
export function describeGraph(machine: AnyStateMachine): { states: string[]; transitions: TransitionRef[]; transient: Map<string, string[]> } {
  const states: string[] = []
  const transitions: TransitionRef[] = []
  const transient = new Map<string, string[]>()
  const walk = (node: AnyStateNode) => {
    states.push(node.id)
    if (node.always?.length)
      transient.set(
        node.id,
        node.always.flatMap((t) => (t.target ?? []).map((n) => n.id)),
      )
    for (const [event, list] of node.transitions) {
      for (const t of list) {
        const targets = (t.target ?? []).map((n: AnyStateNode) => n.id)
        transitions.push({ key: `${node.id} --${event}--> ${targets.join(",") || "(self)"}`, source: node.id, event, targets })
      }
    }
    for (const child of Object.values(node.states)) walk(child)
  }
  walk(machine.root)
  return { states, transitions, transient }
}
