import type { AnyStateMachine, AnyStateNode } from "xstate"

/** One edge of a machine's diagram, read from the machine's own definition. */
export interface Edge {
  source: string
  targets: string[]
  /** What fires it: a user event, `after <delay>`, `<src> done|error`, or `always`. */
  trigger: string
  kind: "event" | "delay" | "done" | "error" | "always"
  event: string
  guard: string | null
  /** The invoked actor's name (its `src`) behind a done or error edge. */
  actor?: string
}

export interface NodeInfo {
  id: string
  key: string
  parent: string | null
  type: string
  description: string | null
  initial: string | null
  tags: string[]
  invokes: string[]
}

const guardName = (guard: unknown): string | null => {
  if (!guard) return null
  if (typeof guard === "string") return guard
  if (typeof guard === "object" && guard !== null && "type" in guard) return String((guard as { type: unknown }).type)
  return "inline check"
}

/** Every state node and edge of a machine, with invocation outcomes and delays named by their source. */
export function readMachine(machine: AnyStateMachine): { nodes: NodeInfo[]; edges: Edge[] } {
  const nodes: NodeInfo[] = []
  const edges: Edge[] = []
  const walk = (node: AnyStateNode) => {
    const invokes = node.invoke.map((i: { src: unknown }) => (typeof i.src === "string" ? i.src : "actor"))
    const invokeById = new Map(node.invoke.map((i: { id: string; src: unknown }) => [i.id, typeof i.src === "string" ? i.src : "actor"]))
    nodes.push({
      id: node.id,
      key: node.key,
      parent: node.parent?.id ?? null,
      type: node.type,
      description: node.description ?? null,
      initial: node.type === "compound" && node.initial?.target?.[0] ? node.initial.target[0].id : null,
      tags: [...node.tags],
      invokes,
    })
    for (const [event, list] of node.transitions) {
      for (const t of list) {
        const targets = (t.target ?? []).map((n: AnyStateNode) => n.id)
        const base = { source: node.id, targets, event, guard: guardName(t.guard) }
        const after = /^xstate\.after\.([^.]+)\./.exec(event)
        const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event)
        if (after) edges.push({ ...base, kind: "delay", trigger: `after ${after[1]}` })
        else if (done) {
          const src = invokeById.get(done[2]!) ?? done[2]!
          edges.push({ ...base, kind: done[1] as "done" | "error", trigger: `${src} ${done[1]}`, actor: src })
        } else edges.push({ ...base, kind: "event", trigger: event })
      }
    }
    for (const t of node.always ?? []) {
      edges.push({
        source: node.id,
        targets: (t.target ?? []).map((n: AnyStateNode) => n.id),
        event: "",
        guard: guardName(t.guard),
        kind: "always",
        trigger: "always",
      })
    }
    for (const child of Object.values(node.states)) walk(child)
  }
  walk(machine.root)
  return { nodes, edges }
}
