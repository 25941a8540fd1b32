import { assign, setup } from "xstate"
import type { Endpoint } from "../api/contract/endpoint.ts"
import { fromCall } from "./call-actor.ts"
import type { Tone } from "./account/login.machine.ts"

export interface RowActionsContext {
  /** The row whose deletion waits for confirmation or is under way. */
  targetId: string | null
  /** The row whose status is being changed; its control is disabled meanwhile. */
  busyId: string | null
  requestedStatus: boolean | null
  /** Statuses confirmed by the server since the list was loaded (spec: updated after the call succeeds). */
  statuses: Record<string, boolean>
}

export type RowActionsEvent =
  | { type: "delete.request"; id: string }
  | { type: "delete.confirm" }
  | { type: "delete.cancel" }
  | { type: "status.toggle"; id: string; status: boolean }
  | { type: "statuses.forget" }

export interface RowActionsOptions {
  id: string
  remove: (id: string) => Promise<unknown>
  setStatus?: (id: string, status: boolean) => Promise<unknown>
  /** The contract calls `remove` and `setStatus` make, which the diagrams name. */
  calls: { remove: Endpoint; setStatus?: Endpoint }
  deletedMessage: string
  deleteFailure: (error: unknown) => string
  statusFailure?: (error: unknown) => string
}

/**
 * The per-row actions of a content list: delete after a confirm dialog, and (blogs) a status toggle
 * that shows the new status only once the call has succeeded. The page provides `listChanged`
 * (reload the list) and `notify` (a toast).
 */
export function createRowActionsMachine(options: RowActionsOptions) {
  return setup({
    types: { context: {} as RowActionsContext, events: {} as RowActionsEvent },
    actors: {
      removeRow: fromCall<unknown, { id: string }>(options.calls.remove, ({ input }) => options.remove(input.id)),
      setRowStatus: fromCall<unknown, { id: string; status: boolean }>(options.calls.setStatus, ({ input }) =>
        options.setStatus ? options.setStatus(input.id, input.status) : Promise.reject(new Error("This list has no status.")),
      ),
    },
    actions: {
      /** Provided by the page. */
      listChanged: () => {},
      /** Provided by the page. */
      notify: (_, _params: { text: string; tone: Tone }) => {},
    },
    guards: { hasStatus: () => options.setStatus !== undefined },
  }).createMachine({
    id: options.id,
    context: { targetId: null, busyId: null, requestedStatus: null, statuses: {} },
    initial: "idle",
    states: {
      idle: {
        description: "Rows show their delete button and (blogs) status toggle.",
        on: {
          "delete.request": { target: "confirming", actions: assign({ targetId: ({ event }) => event.id }) },
          "status.toggle": {
            guard: "hasStatus",
            target: "changingStatus",
            actions: assign({ busyId: ({ event }) => event.id, requestedStatus: ({ event }) => event.status }),
          },
          // The list was read again (after a bulk change, say): its rows carry the statuses now.
          "statuses.forget": { actions: assign({ statuses: {} }) },
        },
      },
      confirming: {
        description: "The confirm dialog asks, e.g. 'Are you sure you want to delete this blog?'.",
        tags: ["confirming"],
        on: {
          "delete.confirm": { target: "deleting" },
          "delete.cancel": { target: "idle", actions: assign({ targetId: null }) },
        },
      },
      deleting: {
        description: "The dialog's Yes button shows it is busy until the server answers.",
        tags: ["confirming", "busy"],
        invoke: {
          src: "removeRow",
          input: ({ context }) => ({ id: context.targetId ?? "" }),
          onDone: {
            target: "idle",
            actions: [assign({ targetId: null }), "listChanged", { type: "notify", params: { text: options.deletedMessage, tone: "success" } }],
          },
          onError: {
            target: "idle",
            actions: [
              assign({ targetId: null }),
              { type: "notify", params: ({ event }) => ({ text: options.deleteFailure(event.error), tone: "error" as Tone }) },
            ],
          },
        },
      },
      changingStatus: {
        description: "The row's toggle is disabled; the new status shows once the server accepts it.",
        invoke: {
          src: "setRowStatus",
          input: ({ context }) => ({ id: context.busyId ?? "", status: context.requestedStatus ?? false }),
          onDone: {
            target: "idle",
            actions: assign({
              statuses: ({ context }) => ({ ...context.statuses, [context.busyId ?? ""]: context.requestedStatus ?? false }),
              busyId: null,
              requestedStatus: null,
            }),
          },
          onError: {
            target: "idle",
            actions: [
              { type: "notify", params: ({ event }) => ({ text: options.statusFailure?.(event.error) ?? "Failed to update status.", tone: "error" as Tone }) },
              assign({ busyId: null, requestedStatus: null }),
            ],
          },
        },
      },
    },
  })
}
