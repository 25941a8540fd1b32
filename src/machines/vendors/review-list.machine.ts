import { and, assign, fromCallback, setup, type EventObject } from "xstate"
import * as vendorCalls from "../../api/contract/vendors/vendors.endpoints.ts"
import { fromCall } from "../call-actor.ts"
import { messageOf } from "../../api/api-error.ts"
import type { VendorStatus } from "../../api/contract/common.ts"
import type { PersonListItem } from "../../api/contract/account/user.ts"
import type { ReviewListKind } from "../../api/contract/vendors/vendor.ts"
import { peopleListScreens, reviewListName } from "../../api/contract/vendors/people-list-screens.ts"
import * as vendorsApi from "../../api/vendors/vendors.api.ts"
import type { ListUrlState, Page, PageRequest } from "../paged-list.machine.ts"
import { hasNextPage, pageCount, watchLiveList } from "../paged-list.machine.ts"
import { LIST_PAGE_SIZE } from "./role-list.machine.ts"
import { needsConfirmation, reviewListOptions } from "./vendor-status.machine.ts"

export const STATUS_UPDATE_FAILED = "Failed to update user status."

export interface StatusChangeRequest {
  userId: string
  status: VendorStatus
  organizationId: string | null
}

export interface ReviewListContext {
  page: number
  pageSize: number
  search: string
  rows: PersonListItem[]
  total: number
  /** `total` is a lower bound ("1,000+"): there is a next page while a page comes back full. */
  capped: boolean
  error: string | null
  /** Changes chosen and not yet answered, oldest first; their rows' controls are disabled. */
  queue: StatusChangeRequest[]
  /** An Approve or Reject waiting for the person to confirm it (vendor-status.machine.ts's needsConfirmation). */
  confirming: (StatusChangeRequest & { name: string }) | null
}

export type ReviewListEvent =
  | { type: "page.next" }
  | { type: "page.previous" }
  | { type: "search.change"; search: string }
  | { type: "list.reload" }
  | { type: "row.setStatus"; userId: string; status: VendorStatus }
  | { type: "status.confirm" }
  | { type: "status.cancel" }
  | { type: "url.changed"; page: number; search: string }

export const isRowUpdating = (context: ReviewListContext, userId: string) => context.queue.some((q) => q.userId === userId)

// Re-entering: a search sent while a page is still loading starts that fetch again with it, instead of the
// unfiltered page arriving under the new search.
const search = {
  target: "#reviewList.loading",
  reenter: true,
  actions: ["setSearch", { type: "replaceUrl", params: ({ context }: { context: ListUrlState }) => ({ page: 1, search: context.search }) }],
} as const
const pushPage = { type: "pushUrl", params: ({ context }: { context: ListUrlState }) => ({ page: context.page, search: context.search }) } as const

/**
 * A review list (Under Review, Temp Approve, Rejected): a paged list whose rows carry a status
 * dropdown. Approve and Reject ask first, naming the vendor. A change is queued and sent; that row's control stays disabled until answered; when
 * every change is answered the list reloads, which recomputes the page count (a page past the end
 * steps back to the new last page).
 */
export function createReviewListMachine(kind: ReviewListKind) {
  return setup({
    types: { context: {} as ReviewListContext, events: {} as ReviewListEvent, input: {} as Partial<ListUrlState> | undefined },
    actors: {
      fetchPage: fromCall<Page<PersonListItem>, PageRequest>(vendorCalls.reviewList, async ({ input }) => {
        const answer = await vendorsApi.fetchReviewList(kind, input)
        return { rows: [...answer.data], total: answer.totalRecords, capped: answer.totalCapped === true }
      }),
      watchUrl: fromCallback<EventObject>(() => () => {}),
      /** Another Admin's change, or a new sign-up, reloads the list while it shows. */
      watchLiveList,
      updateStatus: fromCall<{ message: string }, StatusChangeRequest>(vendorCalls.updateUserStatus, ({ input }) =>
        vendorsApi.updateUserStatus(input.userId, input.status, input.organizationId),
      ),
    },
    actions: {
      /** Provided by the view: a toast. */
      notify: (_, _params: { text: string; tone: "success" | "error" }) => {},
      /** Provided by the view: the URL's page and search (a page change pushes, a search replaces). */
      pushUrl: (_, _params: ListUrlState) => {},
      replaceUrl: (_, _params: ListUrlState) => {},
      enqueue: assign({
        queue: ({ context, event }) => {
          if (event.type !== "row.setStatus") return context.queue
          const row = context.rows.find((r) => r._id === event.userId)!
          return [...context.queue, { userId: row._id, status: event.status, organizationId: row.organizationId }]
        },
      }),
      dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
      askFirst: assign({
        confirming: ({ context, event }) => {
          if (event.type !== "row.setStatus") return context.confirming
          const row = context.rows.find((r) => r._id === event.userId)!
          return { userId: row._id, status: event.status, organizationId: row.organizationId, name: row.name }
        },
      }),
      enqueueConfirmed: assign({
        queue: ({ context }) =>
          context.confirming
            ? [...context.queue, { userId: context.confirming.userId, status: context.confirming.status, organizationId: context.confirming.organizationId }]
            : context.queue,
        confirming: null,
      }),
      dropConfirmation: assign({ confirming: null }),
      takeUrl: assign(({ event }) => (event.type === "url.changed" ? { page: Math.max(1, event.page), search: event.search } : {})),
      setSearch: assign({ search: ({ context, event }) => (event.type === "search.change" ? event.search : context.search), page: 1 }),
    },
    guards: {
      hasNextPage: ({ context }) => hasNextPage(context),
      hasPreviousPage: ({ context }) => context.page > 1,
      isOfferedChange: ({ context, event }) => {
        if (event.type !== "row.setStatus") return false
        const row = context.rows.find((r) => r._id === event.userId)
        return row !== undefined && !isRowUpdating(context, row._id) && event.status !== row.status && reviewListOptions(row.status).includes(event.status)
      },
      isOtherUrl: ({ context, event }) => event.type === "url.changed" && (event.page !== context.page || event.search !== context.search),
      hasQueued: ({ context }) => context.queue.length > 0,
      asksFirst: ({ event }) => event.type === "row.setStatus" && needsConfirmation(event.status),
      isConfirming: ({ context }) => context.confirming !== null,
    },
  }).createMachine({
    id: "reviewList",
    context: ({ input }) => ({
      page: input?.page !== undefined && Number.isInteger(input.page) && input.page >= 1 ? input.page : 1,
      pageSize: LIST_PAGE_SIZE,
      search: input?.search ?? "",
      rows: [],
      total: 0,
      capped: false,
      error: null,
      queue: [],
      confirming: null,
    }),
    initial: "loading",
    invoke: [{ src: "watchUrl" }, { src: "watchLiveList", input: { list: "vendors" as const } }],
    // The confirmation dialog may be answered whatever the list is doing; the change then joins the queue.
    on: { "status.cancel": { actions: "dropConfirmation" } },
    states: {
      loading: {
        description: "A loading screen shows while the page is fetched.",
        tags: ["busy"],
        on: { "search.change": search },
        invoke: {
          src: "fetchPage",
          input: ({ context }) => ({ page: context.page, limit: context.pageSize, search: context.search }),
          onDone: [
            {
              guard: ({ context, event }) => event.output.rows.length === 0 && context.page > pageCount(event.output.total, context.pageSize),
              target: "loading",
              reenter: true,
              actions: [
                assign({ page: ({ event, context }) => pageCount(event.output.total, context.pageSize) }),
                { type: "replaceUrl", params: ({ context }) => ({ page: context.page, search: context.search }) },
              ],
            },
            {
              target: "ready",
              actions: assign({
                rows: ({ event }) => event.output.rows,
                total: ({ event }) => event.output.total,
                capped: ({ event }) => event.output.capped === true,
                error: null,
              }),
            },
          ],
          onError: { target: "failed", actions: assign({ error: peopleListScreens[reviewListName(kind)].failure, rows: [] }) },
        },
      },
      ready: {
        description: "Rows with their status dropdowns, 'Showing Page: x of y' and previous/next.",
        initial: "idle",
        states: {
          idle: {
            description: "Nothing is being updated; paging, search and reload are open.",
            on: {
              "page.next": { guard: "hasNextPage", target: "#reviewList.loading", actions: [assign({ page: ({ context }) => context.page + 1 }), pushPage] },
              "page.previous": {
                guard: "hasPreviousPage",
                target: "#reviewList.loading",
                actions: [assign({ page: ({ context }) => context.page - 1 }), pushPage],
              },
              "url.changed": { guard: "isOtherUrl", target: "#reviewList.loading", actions: "takeUrl" },
              "search.change": search,
              "list.reload": { target: "#reviewList.loading" },
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
                actions: [
                  "dequeue",
                  { type: "notify", params: ({ event }) => ({ text: messageOf(event.error, STATUS_UPDATE_FAILED), tone: "error" as const }) },
                ],
              },
            },
          },
          answered: {
            description: "A change was answered: send the next queued one, or reload the list once none is left.",
            always: [{ guard: "hasQueued", target: "updating" }, { target: "#reviewList.loading" }],
          },
        },
      },
      failed: {
        description: "The list's failure message shows in red; reload or a new search tries again.",
        on: { "list.reload": { target: "loading" }, "search.change": search, "url.changed": { guard: "isOtherUrl", target: "loading", actions: "takeUrl" } },
      },
    },
  })
}
