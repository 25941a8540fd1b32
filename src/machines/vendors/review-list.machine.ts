import { and, assign, setup } from "xstate"
import * as vendorCalls from "../../api/contract/vendors/vendors.endpoints.ts"
import { fromCall } from "../call-actor.ts"
import { messageOf } from "../../api/api-error.ts"
import type { VendorStatus } from "../../api/contract/common.ts"
import type { PersonListItem } from "../../api/contract/account/user.ts"
import { peopleSorts, type ReviewListKind } from "../../api/contract/vendors/vendor.ts"
import { peopleListScreens, reviewListName } from "../../api/contract/vendors/people-list-screens.ts"
import * as vendorsApi from "../../api/vendors/vendors.api.ts"
import { createPagedListMachine } from "../paged-list.machine.ts"
import { dayRangeBounds, dayRangeProblem, noDays } from "../day-range.ts"
import { LIST_PAGE_SIZE } from "./role-list.machine.ts"
import { needsConfirmation, reviewListOptions } from "./vendor-status.machine.ts"

export const STATUS_UPDATE_FAILED = "Failed to update user status."

/**
 * A review list (Under Review, Temp Approve, Rejected): the one paged list of the console, 10 a page, reloaded
 * when another Admin's change or a new sign-up touches the vendors. Its rows' status changes are
 * `reviewStatusChangesMachine`'s.
 */
export function createReviewListMachine(kind: ReviewListKind) {
  return createPagedListMachine<PersonListItem>({
    id: "reviewList",
    pageSize: LIST_PAGE_SIZE,
    call: vendorCalls.reviewList,
    failureMessage: peopleListScreens[reviewListName(kind)].failure,
    live: "vendors",
    sorts: peopleSorts,
    // The Role filter ("" lists every vendor role), and the days the vendors joined (issue 26).
    filters: { role: "", ...noDays },
    filtersProblem: dayRangeProblem,
    fetchPage: async (request) => {
      const answer = await vendorsApi.fetchReviewList(kind, { ...request, ...dayRangeBounds(request.filters ?? {}) })
      return { rows: [...answer.data], total: answer.totalRecords, capped: answer.totalCapped === true }
    },
  })
}

export interface StatusChangeRequest {
  userId: string
  status: VendorStatus
  organizationId: string | null
}

export interface StatusChangesContext {
  /** Changes chosen and not yet answered, oldest first; their rows' controls are disabled. */
  queue: StatusChangeRequest[]
  /** An Approve or Reject waiting for the person to confirm it (vendor-status.machine.ts's needsConfirmation). */
  confirming: (StatusChangeRequest & { name: string }) | null
}

export type StatusChangesEvent = { type: "row.setStatus"; row: PersonListItem; status: VendorStatus } | { type: "status.confirm" } | { type: "status.cancel" }

export const isRowUpdating = (context: StatusChangesContext, userId: string) => context.queue.some((q) => q.userId === userId)

const requestOf = (row: PersonListItem, status: VendorStatus): StatusChangeRequest => ({ userId: row._id, status, organizationId: row.organizationId })

/**
 * The status changes of a review list's rows: Approve and Reject ask first, naming the vendor. A change is queued
 * and sent; that row's control stays disabled until it is answered, and the list's paging and search wait; when
 * every change is answered the view reloads the list (`allAnswered`), which recomputes the page count (a page
 * past the end steps back to the new last page).
 */
export const reviewStatusChangesMachine = setup({
  types: { context: {} as StatusChangesContext, events: {} as StatusChangesEvent },
  actors: {
    updateStatus: fromCall<{ message: string }, StatusChangeRequest>(vendorCalls.updateUserStatus, ({ input }) =>
      vendorsApi.updateUserStatus(input.userId, input.status, input.organizationId),
    ),
  },
  actions: {
    /** Provided by the view: a toast. */
    notify: (_, _params: { text: string; tone: "success" | "error" }) => {},
    /** Provided by the view: reload the list, every change being answered. */
    allAnswered: () => {},
    enqueue: assign({
      queue: ({ context, event }) => (event.type === "row.setStatus" ? [...context.queue, requestOf(event.row, event.status)] : context.queue),
    }),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
    askFirst: assign({
      confirming: ({ context, event }) =>
        event.type === "row.setStatus" ? { ...requestOf(event.row, event.status), name: event.row.name } : context.confirming,
    }),
    enqueueConfirmed: assign({
      queue: ({ context }) => {
        if (!context.confirming) return context.queue
        const { name: _name, ...request } = context.confirming
        return [...context.queue, request]
      },
      confirming: null,
    }),
    dropConfirmation: assign({ confirming: null }),
  },
  guards: {
    isOfferedChange: ({ context, event }) =>
      event.type === "row.setStatus" &&
      !isRowUpdating(context, event.row._id) &&
      event.status !== event.row.status &&
      reviewListOptions(event.row.status).includes(event.status),
    hasQueued: ({ context }) => context.queue.length > 0,
    asksFirst: ({ event }) => event.type === "row.setStatus" && needsConfirmation(event.status),
    isConfirming: ({ context }) => context.confirming !== null,
  },
}).createMachine({
  id: "reviewStatusChanges",
  context: { queue: [], confirming: null },
  initial: "idle",
  // The confirmation dialog may be answered whatever is being sent; the change then joins the queue.
  on: { "status.cancel": { actions: "dropConfirmation" } },
  states: {
    idle: {
      description: "Nothing is being updated; the list's paging, search and reload are open.",
      on: {
        "row.setStatus": [
          { guard: and(["isOfferedChange", "asksFirst"]), actions: "askFirst" },
          { guard: "isOfferedChange", target: "updating", actions: "enqueue" },
        ],
        "status.confirm": { guard: "isConfirming", target: "updating", actions: "enqueueConfirmed" },
      },
    },
    updating: {
      description: "The first queued change is sent; the rows of queued changes have their control disabled.",
      tags: ["updating"],
      // Another row's change waits in the queue; the one being sent is not restarted.
      on: {
        "row.setStatus": [
          { guard: and(["isOfferedChange", "asksFirst"]), actions: "askFirst" },
          { guard: "isOfferedChange", actions: "enqueue" },
        ],
        "status.confirm": { guard: "isConfirming", actions: "enqueueConfirmed" },
      },
      invoke: {
        src: "updateStatus",
        input: ({ context }) => context.queue[0]!,
        onDone: {
          target: "answered",
          actions: ["dequeue", { type: "notify", params: ({ event }) => ({ text: event.output.message, tone: "success" as const }) }],
        },
        onError: {
          target: "answered",
          actions: ["dequeue", { type: "notify", params: ({ event }) => ({ text: messageOf(event.error, STATUS_UPDATE_FAILED), tone: "error" as const }) }],
        },
      },
    },
    answered: {
      description: "A change was answered: send the next queued one, or have the list reloaded once none is left.",
      tags: ["updating"],
      always: [
        { guard: "hasQueued", target: "updating" },
        { target: "idle", actions: "allAnswered" },
      ],
    },
  },
})
