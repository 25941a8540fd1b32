import { and, assign, setup } from "xstate"
import { messageOf } from "../api/api-error.ts"
import { fromCall, type ActorCall } from "./call-actor.ts"
import { toggled, withPage } from "./selection.ts"

const SETTLED = "The summary stays until it is closed or another action is chosen."

/** How long Undo is offered after a bulk change that can be undone. */
export const UNDO_MS = 5_000

/** One row the action was done to, and what it was before (what Undo puts back). */
export interface Done<Row> {
  row: Row
  from: string
}

/** One row the action was not done to, and why, in the words the server or the rule gave. */
export interface Refused<Row> {
  row: Row
  reason: string
}

export interface BulkOutcome<Row> {
  done: Done<Row>[]
  refused: Refused<Row>[]
}

export interface BulkContext<Row, Action extends string> {
  /** The rows chosen, in the order they were chosen; kept across pages and searches until cleared or used. */
  selected: Row[]
  action: Action | null
  outcome: BulkOutcome<Row> | null
  /** What Undo did: rows put back, and those it could not put back. */
  undone: BulkOutcome<Row> | null
}

export type BulkEvent<Row, Action extends string> =
  | { type: "selection.toggle"; row: Row }
  | { type: "selection.setAll"; rows: readonly Row[]; selected: boolean }
  | { type: "selection.clear" }
  | { type: "bulk.choose"; action: Action }
  | { type: "bulk.confirm" }
  | { type: "bulk.cancel" }
  | { type: "bulk.undo" }
  | { type: "summary.close" }

/** One list's bulk actions: what each does to the chosen rows, which ask first, and which can be undone and how. */
export interface BulkDefinition<Row, Action extends string> {
  id: string
  rowId: (row: Row) => string
  /** The contract call each row's change makes (named on the diagram). */
  call: ActorCall
  /** Does the action to each row, one after another, through the row's own call; a refusal is kept with its reason. */
  run: (rows: readonly Row[], action: Action) => Promise<BulkOutcome<Row>>
  /** Puts each done row back as it was; only for actions `undoable` allows. */
  undo?: (done: readonly Done<Row>[], action: Action) => Promise<BulkOutcome<Row>>
  /** Which actions ask first; "always" when every one does (the machine then has no way round the question). */
  asksFirst: ((action: Action) => boolean) | "always"
  undoable: (action: Action) => boolean
  /** Every chosen row's reason when the run fails as a whole. */
  failure: string
}

/** Each row through `change`, one after another; a rule's refusal (`refusal`) is not sent, a server's is kept. */
export async function eachRow<Row>(
  rows: readonly Row[],
  o: { refusal: (row: Row) => string | null; change: (row: Row) => Promise<unknown>; from: (row: Row) => string; failure: string },
): Promise<BulkOutcome<Row>> {
  const outcome: BulkOutcome<Row> = { done: [], refused: [] }
  for (const row of rows) {
    const refusal = o.refusal(row)
    if (refusal) {
      outcome.refused.push({ row, reason: refusal })
      continue
    }
    try {
      await o.change(row)
      outcome.done.push({ row, from: o.from(row) })
    } catch (error) {
      outcome.refused.push({ row, reason: messageOf(error, o.failure) })
    }
  }
  return outcome
}

/**
 * The one bulk-action machine of the lists (issue 26): select rows (or the whole page), choose an action;
 * those that need it ask first. The action is done row by row, then a summary says which rows it was done
 * to and which were refused and why. For 5 seconds an action that can be undone offers Undo. The view reloads
 * its list after each run.
 */
export function createBulkActionMachine<Row, Action extends string>(definition: BulkDefinition<Row, Action>) {
  const { rowId } = definition
  return setup({
    types: { context: {} as BulkContext<Row, Action>, events: {} as BulkEvent<Row, Action> },
    actors: {
      runAll: fromCall<BulkOutcome<Row>, { rows: Row[]; action: Action }>(definition.call, ({ input }) => definition.run(input.rows, input.action)),
      undoAll: fromCall<BulkOutcome<Row>, { done: Done<Row>[]; action: Action }>(definition.call, ({ input }) =>
        definition.undo ? definition.undo(input.done, input.action) : Promise.resolve({ done: [], refused: [] }),
      ),
    },
    actions: {
      /** Provided by the view: read the list again (its rows changed). */
      listChanged: () => {},
      choose: assign({ action: ({ event }) => (event.type === "bulk.choose" ? event.action : null) }),
      toggle: assign({
        selected: ({ context, event }) => (event.type === "selection.toggle" ? toggled(context.selected, event.row, rowId) : context.selected),
      }),
      setAll: assign({
        selected: ({ context, event }) =>
          event.type === "selection.setAll" ? withPage(context.selected, event.rows, event.selected, rowId) : context.selected,
      }),
      forgetSummary: assign({ action: null, outcome: null, undone: null }),
    },
    delays: { undoWindow: UNDO_MS },
    guards: {
      hasSelection: ({ context }) => context.selected.length > 0,
      asksFirst: ({ event }) => event.type === "bulk.choose" && (definition.asksFirst === "always" || definition.asksFirst(event.action)),
      canUndo: ({ context }) =>
        definition.undo !== undefined && context.action !== null && definition.undoable(context.action) && (context.outcome?.done.length ?? 0) > 0,
    },
  }).createMachine({
    id: definition.id,
    context: { selected: [], action: null, outcome: null, undone: null },
    initial: "selecting",
    states: {
      selecting: {
        description: "Rows are chosen with their boxes, or the whole page at once; the actions show with a selection.",
        on: {
          "selection.toggle": { actions: "toggle" },
          "selection.setAll": { actions: "setAll" },
          "selection.clear": { actions: assign({ selected: [] }) },
          "bulk.choose":
            definition.asksFirst === "always"
              ? { guard: "hasSelection", target: "confirming", actions: "choose" }
              : [
                  { guard: and(["hasSelection", "asksFirst"]), target: "confirming", actions: "choose" },
                  { guard: "hasSelection", target: "running", actions: "choose" },
                ],
        },
      },
      confirming: {
        description: "An action that asks first waits for the person to confirm, naming how many rows.",
        tags: ["confirming"],
        on: {
          "bulk.confirm": { target: "running" },
          "bulk.cancel": { target: "selecting", actions: assign({ action: null }) },
        },
      },
      running: {
        description: "The action is done to the rows one after another, each through its own call and rule; the bar shows it is busy.",
        tags: ["busy"],
        invoke: {
          src: "runAll",
          input: ({ context }) => ({ rows: context.selected, action: context.action! }),
          onDone: { target: "summary", actions: [assign({ outcome: ({ event }) => event.output, selected: [], undone: null }), "listChanged"] },
          onError: {
            target: "summary",
            actions: [
              assign({
                outcome: ({ context, event }) => ({
                  done: [],
                  refused: context.selected.map((row) => ({ row, reason: messageOf(event.error, definition.failure) })),
                }),
                selected: [],
              }),
              "listChanged",
            ],
          },
        },
      },
      summary: {
        description: "Which rows the action was done to and which were refused, and why.",
        // Views read tags: the summary's states differ by whether the list can undo.
        tags: ["summary"],
        initial: "deciding",
        // Choosing rows again starts a new selection: the summary (and its Undo) goes.
        on: {
          "summary.close": { target: "selecting", actions: "forgetSummary" },
          "selection.toggle": { target: "selecting", actions: ["forgetSummary", "toggle"] },
          "selection.setAll": { target: "selecting", actions: ["forgetSummary", "setAll"] },
        },
        // A list whose actions cannot be undone has no Undo states at all (the path tests reach every state).
        states: definition.undo
          ? {
              deciding: {
                always: [{ guard: "canUndo", target: "undoable" }, { target: "settled" }],
              },
              undoable: {
                description: "Undo is offered for 5 seconds.",
                tags: ["undoable"],
                after: { undoWindow: { target: "settled" } },
                on: { "bulk.undo": { target: "undoing" } },
              },
              undoing: {
                description: "Each row the action was done to is put back as it was.",
                tags: ["busy"],
                invoke: {
                  src: "undoAll",
                  input: ({ context }) => ({ done: context.outcome?.done ?? [], action: context.action! }),
                  onDone: { target: "settled", actions: [assign({ undone: ({ event }) => event.output }), "listChanged"] },
                  onError: { target: "settled", actions: "listChanged" },
                },
              },
              settled: { description: SETTLED },
            }
          : {
              deciding: { always: { target: "settled" } },
              settled: { description: SETTLED },
            },
      },
    },
  })
}
