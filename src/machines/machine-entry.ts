import type { AnyStateMachine } from "xstate"
import type { Endpoint } from "../api/contract/endpoint.ts"

/** A machine as the diagrams, the diagrams page and the path-coverage reports show it. */
export interface MachineEntry {
  id: string
  /** The machine file this entry stands for, when it differs from `id` (files of factory instances). */
  file?: string
  title: string
  summary: string
  machine: AnyStateMachine
  /**
   * A domain workflow: the rule of a record's life that the server enforces and each of its events records
   * the hash of (server/services/audit/workflows.ts). The diagrams page lists these for auditors apart from
   * the console's own machines (forms, lists, panels).
   */
  workflow?: true
  /** Readable lengths of named delays, e.g. `sessionRemaining: "2 h after sign-in"`. */
  delayLabels?: Record<string, string>
  /**
   * The contract call (or, for what no call fires, a sentence) behind an event, or behind an invocation's
   * outcome whose actor does not name its call itself (`fromCall`, which the diagrams read first).
   */
  firedBy?: Record<string, Endpoint | string>
}
