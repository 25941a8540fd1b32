import { assign, fromCallback, setup, type EventObject } from "xstate"
import { fromCall, type ActorCall } from "./call-actor.ts"
import type { LiveList } from "../api/contract/live.ts"
import { watchLive, type LiveListener } from "../api/live.api.ts"

export interface Page<Row> {
  rows: Row[]
  total: number
  /** The server stopped counting (a search with very many matches): `total` is a lower bound. */
  capped?: boolean
}

export interface PageRequest {
  page: number
  limit: number
  search: string
  /** One of the list's sort keys ("dateTime", "-dateTime" for descending); "" or absent for its own order. */
  sort?: string
}

export interface PagedListContext<Row> {
  page: number
  pageSize: number
  search: string
  /** "" (the list's own order) or one of the sort keys the list accepts. */
  sort: string
  rows: Row[]
  total: number
  /** `total` is a lower bound ("1,000+"): there is a next page while a page comes back full. */
  capped: boolean
  error: string | null
}

export type PagedListEvent =
  | { type: "page.next" }
  | { type: "page.previous" }
  | { type: "page.goto"; page: number }
  | { type: "search.change"; search: string }
  | { type: "list.reload" }
  | { type: "sort.change"; sort: string }
  | { type: "url.changed"; page: number; search: string; sort?: string }

/** What a list keeps in the address bar: its page, search and sort (the URL is the truth on reload and back). */
export interface ListUrlState {
  page: number
  search: string
  sort?: string
}

/**
 * A list's listener on a live stream (the tab's own by default; a test plays one): `list.reload` each time the
 * stream says the list changed.
 */
export const liveListListener = (watch: (listener: LiveListener) => () => void = watchLive) =>
  fromCallback<EventObject, { list: LiveList } | undefined>(({ sendBack, input }) =>
    watch({
      onStatus: () => {},
      onEvent: (event) => {
        if (event.type === "list.changed" && event.list === input?.list) sendBack({ type: "list.reload" })
      },
    }),
  )

/** A list's listener on the tab's live stream. */
export const watchLiveList = liveListListener()

/** 'Showing Page: x of y' never says 'of 0' (spec: page count is at least 1). */
export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize))

/** A capped total is only a lower bound: then a full page means there may be another. */
export const hasNextPage = (list: { page: number; pageSize: number; rows: readonly unknown[]; total: number; capped: boolean }): boolean =>
  list.capped ? list.rows.length === list.pageSize : list.page < pageCount(list.total, list.pageSize)

/** What the URL and the fetch carry of the list's state: the sort only when there is one. */
const urlOf = (context: { page: number; search: string; sort: string }): ListUrlState => ({
  page: context.page,
  search: context.search,
  ...(context.sort ? { sort: context.sort } : {}),
})

/** After the page changed: a new history entry, so back returns to the previous page. */
const pushPage = { type: "pushUrl", params: ({ context }: { context: { page: number; search: string; sort: string } }) => urlOf(context) } as const

/**
 * One paged list: loading → ready | failed, previous/next, search, reload. Each screen makes its own
 * with the call that fetches a page and the message shown when that call fails (spec section 8).
 * The page and search live in the URL: the view gives the URL's values as input and provides
 * `pushUrl` (a page change: back returns to it), `replaceUrl` (a new search or a corrected page)
 * and `watchUrl` (back/forward send `url.changed`); by default the machine touches no URL.
 */
export function createPagedListMachine<Row>(options: {
  id: string
  fetchPage: (request: PageRequest) => Promise<Page<Row>>
  /** The contract call fetchPage makes, named on the list's diagram. */
  call?: ActorCall
  failureMessage: string
  pageSize?: number
  /** The sort keys the list's call accepts (a key, or "-" and the key for descending); none: it cannot be sorted. */
  sorts?: readonly string[]
  /** The live list whose changes (another Admin's, a new enquiry) reload this one while it is open. */
  live?: LiveList
}) {
  const sorts = options.sorts ?? []
  const knownSort = (sort: string | undefined) => (sort !== undefined && sorts.includes(sort) ? sort : "")
  return setup({
    types: {
      context: {} as PagedListContext<Row>,
      events: {} as PagedListEvent,
      input: {} as { page?: number; search?: string; sort?: string } | undefined,
    },
    actors: {
      fetchPage: fromCall<Page<Row>, PageRequest>(options.call, ({ input }) => options.fetchPage(input)),
      watchUrl: fromCallback<EventObject>(() => () => {}),
      /** Reloads the list when the live stream says it changed. */
      watchLiveList: watchLiveList,
    },
    actions: {
      pushUrl: (_, _params: ListUrlState) => {},
      replaceUrl: (_, _params: ListUrlState) => {},
    },
    guards: {
      hasNextPage: ({ context }) => hasNextPage(context),
      hasPreviousPage: ({ context }) => context.page > 1,
      isOtherUrl: ({ context, event }) =>
        event.type === "url.changed" && (event.page !== context.page || event.search !== context.search || knownSort(event.sort) !== context.sort),
      isOtherSort: ({ context, event }) => event.type === "sort.change" && knownSort(event.sort) !== context.sort,
      isOtherPage: ({ context, event }) =>
        event.type === "page.goto" && event.page !== context.page && event.page >= 1 && event.page <= pageCount(context.total, context.pageSize),
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({
      page: input?.page !== undefined && Number.isInteger(input.page) && input.page >= 1 ? input.page : 1,
      pageSize: options.pageSize ?? 10,
      search: input?.search ?? "",
      sort: knownSort(input?.sort),
      rows: [],
      total: 0,
      capped: false,
      error: null,
    }),
    initial: "loading",
    invoke: [{ src: "watchUrl" }, ...(options.live ? [{ src: "watchLiveList" as const, input: { list: options.live } }] : [])],
    on: {
      "search.change": {
        target: ".loading",
        actions: [assign({ search: ({ event }) => event.search, page: 1 }), { type: "replaceUrl", params: ({ context }) => urlOf(context) }],
      },
      // Another order starts again at page 1, as a new entry: back returns to the previous order.
      ...(sorts.length > 0
        ? {
            "sort.change": {
              guard: "isOtherSort",
              target: ".loading",
              actions: [assign({ sort: ({ event }) => knownSort(event.sort), page: 1 }), pushPage],
            },
          }
        : {}),
      "list.reload": { target: ".loading" },
      // Back/forward (or a link) changed the URL: show what it names, without writing it again.
      "url.changed": {
        guard: "isOtherUrl",
        target: ".loading",
        actions: assign({ page: ({ event }) => Math.max(1, event.page), search: ({ event }) => event.search, sort: ({ event }) => knownSort(event.sort) }),
      },
    },
    states: {
      loading: {
        description: "A loading screen shows while the page is fetched.",
        tags: ["busy"],
        invoke: {
          src: "fetchPage",
          input: ({ context }) => ({ ...urlOf(context), limit: context.pageSize }),
          onDone: [
            {
              // A page past the end (rows removed since) steps back to the new last page.
              guard: ({ context, event }) => event.output.rows.length === 0 && context.page > pageCount(event.output.total, context.pageSize),
              target: "loading",
              reenter: true,
              actions: [
                assign({ page: ({ event, context }) => pageCount(event.output.total, context.pageSize) }),
                { type: "replaceUrl", params: ({ context }) => urlOf(context) },
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
          onError: { target: "failed", actions: assign({ error: options.failureMessage, rows: [] }) },
        },
      },
      ready: {
        description: "Rows are shown with 'Showing Page: x of y' and previous/next buttons.",
        on: {
          "page.next": { guard: "hasNextPage", target: "loading", actions: [assign({ page: ({ context }) => context.page + 1 }), pushPage] },
          "page.previous": { guard: "hasPreviousPage", target: "loading", actions: [assign({ page: ({ context }) => context.page - 1 }), pushPage] },
          "page.goto": { guard: "isOtherPage", target: "loading", actions: [assign({ page: ({ event }) => event.page }), pushPage] },
        },
      },
      failed: {
        description: "The list's failure message shows in red; reload tries again.",
      },
    },
  })
}
