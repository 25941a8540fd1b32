import type { AnyStateMachine } from "xstate"
import { readMachine, type Edge, type NodeInfo } from "./machine-graph.ts"

/** Mermaid ids may not contain dots or spaces. */
const mid = (id: string) => id.replace(/[^A-Za-z0-9_]/g, "_")

const edgeLabel = (edge: Edge, delayLabels: Record<string, string>) => {
  const trigger = edge.kind === "delay" ? `after ${delayLabels[edge.trigger.slice(6)] ?? edge.trigger.slice(6)}` : edge.trigger
  return edge.guard ? `${trigger} [${edge.guard}]` : trigger
}

/**
 * A Mermaid state diagram drawn from the machine's own definition: states (nested), the initial
 * state, events, guards by name, delays (labelled, e.g. '2 h'), invocation outcomes and final states.
 * `highlight` marks the current state (for the console's live views).
 */
export function toMermaid(machine: AnyStateMachine, options: { delayLabels?: Record<string, string>; highlight?: string[] } = {}): string {
  const { nodes, edges } = readMachine(machine)
  const delayLabels = options.delayLabels ?? {}
  const children = (parent: string | null) => nodes.filter((n) => n.parent === parent)
  const lines = ["stateDiagram-v2"]
  const root = nodes.find((n) => n.parent === null)!
  const draw = (node: NodeInfo, indent: string) => {
    for (const child of children(node.id)) {
      const label = child.key
      if (child.type === "compound" || child.type === "parallel") {
        lines.push(`${indent}state "${label}" as ${mid(child.id)} {`)
        if (child.initial) lines.push(`${indent}  [*] --> ${mid(child.initial)}`)
        draw(child, `${indent}  `)
        lines.push(`${indent}}`)
      } else {
        lines.push(`${indent}state "${label}" as ${mid(child.id)}`)
        if (child.type === "final") lines.push(`${indent}${mid(child.id)} --> [*]`)
      }
    }
  }
  if (root.initial) lines.push(`  [*] --> ${mid(root.initial)}`)
  draw(root, "  ")
  // Only edges that move (or re-enter) are drawn; events that just update data stay in the
  // transitions table. Machine-wide events start from an 'any state' pseudo-state.
  const moving = edges.filter((e) => e.targets.length > 0)
  if (moving.some((e) => e.source === root.id)) lines.push(`  state "any state" as any_state`)
  for (const edge of moving) {
    const source = edge.source === root.id ? "any_state" : mid(edge.source)
    for (const target of edge.targets) {
      lines.push(`  ${source} --> ${mid(target)} : ${edgeLabel(edge, delayLabels).replace(/:/g, "")}`)
    }
  }
  for (const id of options.highlight ?? []) lines.push(`  class ${mid(id)} current`)
  if (options.highlight?.length) lines.push("  classDef current fill:#0d9488,color:#fff,font-weight:bold")
  return lines.join("\n")
}
