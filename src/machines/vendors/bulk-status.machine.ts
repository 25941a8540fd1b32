import { and, assign, setup } from "xstate"
import { messageOf } from "../../api/api-error.ts"
import type { PersonListItem } from "../../api/contract/account/user.ts"
import type { VendorStatus } from "../../api/contract/common.ts"
import * as vendorCalls from "../../api/contract/vendors/vendors.endpoints.ts"
import * as vendorsApi from "../../api/vendors/vendors.api.ts"
import { fromCall } from "../call-actor.ts"
import { toggled, withPage } from "../selection.ts"
import { STATUS_UPDATE_FAILED } from "./review-list.machine.ts"
import { refusalOf } from "./vendor-status.machine.ts"

/** The statuses many vendors can be moved to at once (issue 26: approve, temp-approve, reject). */
export const bulkStatuses = ["Temp Approve", "Approve", "Reject"] as const
export type BulkStatus = (typeof bulkStatuses)[number]

/** How long Undo is offered after a change that can be undone. */
export const UNDO_MS = 5_000

/** Approve is final and Reject shuts vendors out: both ask first. Approve can never be undone. */
export const bulkAsksFirst = (status: BulkStatus) => status === "Approve" || status === "Reject"
export const bulkUndoable = (status: BulkStatus) => status !== "Approve"

/** One vendor moved, and the status it came from (what Undo moves it back to). */
export interface Moved {
  row: PersonListItem
  from: VendorStatus
}

/** One vendor not moved, and why, in the words the server or the status rule gave. */
export interface Refused {
  row: PersonListItem
  reason: string
}

const rowId = (row: PersonListItem) => row._id

export interface BulkOutcome {
  moved: Moved[]
  refused: Refused[]
}

export interface BulkStatusContext {
  /** The rows chosen, in the order they were chosen; kept across pages and searches until cleared or used. */
  selected: PersonListItem[]
  status: BulkStatus | null
  outcome: BulkOutcome | null
  /** What Undo did: vendors moved back, and those it could not move back. */
  undone: BulkOutcome | null
}

export type BulkStatusEvent =
  | { type: "selection.toggle"; row: PersonListItem }
  | { type: "selection.setAll"; rows: readonly PersonListItem[]; selected: boolean }
  | { type: "selection.clear" }
  | { type: "bulk.choose"; status: BulkStatus }
  | { type: "bulk.confirm" }
  | { type: "bulk.cancel" }
  | { type: "bulk.undo" }
  | { type: "summary.close" }

/**
 * Each change goes through the same call (and the server's vendor-status machine) as a row's own menu, one
 * after another; a change the rule refuses is not sent, and a refusal of the server is kept with its reason.
 */
async function moveEach(rows: readonly { row: PersonListItem; to: VendorStatus }[]): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { moved: [], refused: [] }
  for (const { row, to } of rows) {
    const refusal = refusalOf(row.status, to)
    if (refusal) {
      outcome.refused.push({ row, reason: refusal })
      continue
    }
    try {
      await vendorsApi.updateUserStatus(row._id, to, row.organizationId)
      outcome.moved.push({ row, from: row.status })
    } catch (error) {
      outcome.refused.push({ row, reason: messageOf(error, STATUS_UPDATE_FAILED) })
    }
  }
  return outcome
}

/**
 * A review list's bulk status change (issue 26): select rows (or the whole page), choose Temp Approve, Approve
 * or Reject; Approve and Reject ask first. The changes are made, then a summary says which vendors moved and
 * which were refused and why. For 5 seconds a change that can be undone (not Approve, which is final) offers
 * Undo, which moves each vendor back to the status it came from. The view reloads the list after each run.
 */
export const bulkStatusMachine = setup({
  types: { context: {} as BulkStatusContext, events: {} as BulkStatusEvent },
  actors: {
    moveAll: fromCall<BulkOutcome, { rows: PersonListItem[]; to: BulkStatus }>(vendorCalls.updateUserStatus, ({ input }) =>
      moveEach(input.rows.map((row) => ({ row, to: input.to }))),
    ),
    /** Each moved vendor, now in `now`, back to where it came from. */
    moveBack: fromCall<BulkOutcome, { moved: Moved[]; now: BulkStatus }>(vendorCalls.updateUserStatus, ({ input }) =>
      moveEach(input.moved.map(({ row, from }) => ({ row: { ...row, status: input.now }, to: from }))),
    ),
  },
  actions: {
    /** Provided by the view: read the list again (its rows moved). */
    listChanged: () => {},
    choose: assign({ status: ({ event }) => (event.type === "bulk.choose" ? event.status : null) }),
    toggle: assign({
      selected: ({ context, event }) => (event.type === "selection.toggle" ? toggled(context.selected, event.row, rowId) : context.selected),
    }),
    setAll: assign({
      selected: ({ context, event }) => (event.type === "selection.setAll" ? withPage(context.selected, event.rows, event.selected, rowId) : context.selected),
    }),
    forgetSummary: assign({ status: null, outcome: null, undone: null }),
  },
  delays: { undoWindow: UNDO_MS },
  guards: {
    hasSelection: ({ context }) => context.selected.length > 0,
    asksFirst: ({ event }) => event.type === "bulk.choose" && bulkAsksFirst(event.status),
    canUndo: ({ context }) => context.status !== null && bulkUndoable(context.status) && (context.outcome?.moved.length ?? 0) > 0,
  },
}).createMachine({
  id: "bulkStatus",
  context: { selected: [], status: null, outcome: null, undone: null },
  initial: "selecting",
  states: {
    selecting: {
      description: "Rows are chosen with their boxes, or the whole page at once; the status buttons show with a selection.",
      on: {
        "selection.toggle": { actions: "toggle" },
        "selection.setAll": { actions: "setAll" },
        "selection.clear": { actions: assign({ selected: [] }) },
        "bulk.choose": [
          { guard: and(["hasSelection", "asksFirst"]), target: "confirming", actions: "choose" },
          { guard: "hasSelection", target: "moving", actions: "choose" },
        ],
      },
    },
    confirming: {
      description: "Approve (final) or Reject (signs the vendors out) waits for the person to confirm, naming how many.",
      on: {
        "bulk.confirm": { target: "moving" },
        "bulk.cancel": { target: "selecting", actions: assign({ status: null }) },
      },
    },
    moving: {
      description: "The vendors are moved one after another, each through the vendor-status rule; the bar shows it is busy.",
      tags: ["busy"],
      invoke: {
        src: "moveAll",
        input: ({ context }) => ({ rows: context.selected, to: context.status! }),
        onDone: { target: "summary", actions: [assign({ outcome: ({ event }) => event.output, selected: [], undone: null }), "listChanged"] },
        onError: {
          target: "summary",
          actions: [
            assign({
              outcome: ({ context, event }) => ({
                moved: [],
                refused: context.selected.map((row) => ({ row, reason: messageOf(event.error, STATUS_UPDATE_FAILED) })),
              }),
              selected: [],
            }),
            "listChanged",
          ],
        },
      },
    },
    summary: {
      description: "Which vendors moved and which were refused, and why.",
      initial: "deciding",
      // Choosing rows again starts a new selection: the summary (and its Undo) goes.
      on: {
        "summary.close": { target: "selecting", actions: "forgetSummary" },
        "selection.toggle": { target: "selecting", actions: ["forgetSummary", "toggle"] },
        "selection.setAll": { target: "selecting", actions: ["forgetSummary", "setAll"] },
      },
      states: {
        deciding: {
          always: [{ guard: "canUndo", target: "undoable" }, { target: "settled" }],
        },
        undoable: {
          description: "Undo is offered for 5 seconds.",
          after: { undoWindow: { target: "settled" } },
          on: { "bulk.undo": { target: "undoing" } },
        },
        undoing: {
          description: "Each moved vendor is moved back to the status it came from.",
          tags: ["busy"],
          invoke: {
            src: "moveBack",
            input: ({ context }) => ({ moved: context.outcome?.moved ?? [], now: context.status! }),
            onDone: { target: "settled", actions: [assign({ undone: ({ event }) => event.output }), "listChanged"] },
            onError: { target: "settled", actions: "listChanged" },
          },
        },
        settled: { description: "The summary stays until it is closed or another change is chosen." },
      },
    },
  },
})
