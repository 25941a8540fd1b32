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
  /** The applied filters of a list that has them (the audit trail's kind of record, event type, dates…). */
  filters?: ListFilters
}

/** A list's filters by name, each a text ("" when not set). */
export type ListFilters = Record<string, string>

export interface PagedListContext<Row> {
  page: number
  pageSize: number
  /** The page sizes a reader may choose, the list's own first; one only: the size cannot be changed. */
  pageSizes: readonly number[]
  /** The headers of the columns the reader hid (the view decides which columns there are). */
  hidden: readonly string[]
  search: string
  /** "" (the list's own order) or one of the sort keys the list accepts. */
  sort: string
  /** The filters as the form shows them, applied only on `filter.apply` ({} for a list without filters). */
  filters: ListFilters
  /** The filters the rows were read with (and the URL names). */
  applied: ListFilters
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
  | { type: "size.change"; size: number }
  | { type: "column.toggle"; column: string }
  | { type: "url.changed"; page: number; search: string; sort?: string; size?: number; hidden?: readonly string[]; filters?: ListFilters }
  | { type: "filter.change"; field: string; value: string }
  | { type: "filter.apply" }
  | { type: "filter.set"; field: string; value: string }
  | { type: "filter.clear" }

/** What a list keeps in the address bar: its page, search, sort, page size, hidden columns and applied filters (the URL is the truth on reload and back). */
export interface ListUrlState {
  page: number
  search: string
  sort?: string
  /** Rows a page, when not the list's own size. */
  size?: number
  /** The headers of the hidden columns, when some are. */
  hidden?: readonly string[]
  filters?: ListFilters
}

/** What a reader's browser keeps of how they read a list: its page size and hidden columns. */
export interface ListView {
  size: number
  hidden: readonly string[]
}

/** A column header a reader may hide: bounded, so an address cannot grow the state without end. */
const MAX_HIDDEN = 30
const isColumnName = (column: string) => column.length > 0 && column.length <= 60
/** The hidden columns an address or a preference names, each once, bounded. */
const knownHidden = (hidden: readonly string[] | undefined): string[] => [...new Set((hidden ?? []).filter(isColumnName))].slice(0, MAX_HIDDEN)
const sameHidden = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((column) => b.includes(column))

/**
 * The page sizes a list offers: its own, then each larger of 25, 50 and 100 (the most any list call answers).
 * A list of 100 a page (the content cards, the editors) offers no choice.
 */
export const pageSizeChoices = (pageSize: number): number[] => [pageSize, ...[25, 50, 100].filter((size) => size > pageSize)]

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

/**
 * The one paged list of the console: loading → ready | failed, previous/next, page size, search, sort, filters, hidden columns, reload.
 * Each screen makes its own with the call that fetches a page and the message shown when that call fails
 * (spec section 8); a list with filters (the audit trail) names them, and the form's edits apply on demand.
 * The page and search live in the URL: the view gives the URL's values as input and provides
 * `pushUrl` (a page change: back returns to it), `replaceUrl` (a new search or a corrected page)
 * and `watchUrl` (back/forward send `url.changed`); by default the machine touches no URL.
 */
export function createPagedListMachine<Row>(options: {
  id: string
  fetchPage: (request: PageRequest) => Promise<Page<Row>>
  /** The contract call fetchPage makes, named on the list's diagram. */
  call?: ActorCall
  /** The text shown when fetchPage fails: the spec's, or one that reads the server's reason. */
  failureMessage: string | ((error: unknown) => string)
  pageSize?: number
  /** The page sizes offered (the first is the list's own); by default `pageSizeChoices(pageSize)`. */
  pageSizes?: readonly number[]
  /** The sort keys the list's call accepts (a key, or "-" and the key for descending); none: it cannot be sorted. */
  sorts?: readonly string[]
  /** The live list whose changes (another Admin's, a new enquiry) reload this one while it is open. */
  live?: LiveList
  /**
   * The filters the list is read with, each empty: the form edits them (`filter.change`) and `filter.apply` reads
   * the list with them from page 1; `filter.set` does both for a one-choice filter; `filter.clear` empties them.
   * None: the list has no filters.
   */
  filters?: ListFilters
  /** Why the filters as the form holds them cannot be applied (a range that ends before it starts), or null: `filter.apply` waits for null. */
  filtersProblem?: (filters: ListFilters) => string | null
}) {
  const sorts = options.sorts ?? []
  const knownSort = (sort: string | undefined) => (sort !== undefined && sorts.includes(sort) ? sort : "")
  const emptyFilters = options.filters
  /** The URL's filters, each key the list has (others ignored, missing ones empty). */
  const knownFilters = (filters: ListFilters | undefined): ListFilters =>
    emptyFilters ? Object.fromEntries(Object.keys(emptyFilters).map((key) => [key, filters?.[key] ?? ""])) : {}
  const sameFilters = (a: ListFilters, b: ListFilters) => Object.keys(emptyFilters ?? {}).every((key) => a[key] === b[key])
  const failure = options.failureMessage
  const ownSize = options.pageSize ?? 10
  const pageSizes = options.pageSizes ?? pageSizeChoices(ownSize)
  /** A size the list offers, or its own. */
  const knownSize = (size: number | undefined) => (size !== undefined && pageSizes.includes(size) ? size : ownSize)
  /** What the URL and the fetch carry of the list's state: the sort, size and filters only when the list has them. */
  const urlOf = (context: { page: number; search: string; sort: string; pageSize: number; hidden: readonly string[]; applied: ListFilters }): ListUrlState => ({
    page: context.page,
    search: context.search,
    ...(context.sort ? { sort: context.sort } : {}),
    ...(context.pageSize !== ownSize ? { size: context.pageSize } : {}),
    ...(context.hidden.length > 0 ? { hidden: context.hidden } : {}),
    ...(emptyFilters ? { filters: context.applied } : {}),
  })
  /** What the reader's browser keeps for their next visit. */
  const remember = {
    type: "rememberView",
    params: ({ context }: { context: PagedListContext<Row> }) => ({ size: context.pageSize, hidden: context.hidden }),
  } as const
  /** After the page (or the filters, or the order) changed: a new history entry, so back returns to what was shown. */
  const pushPage = { type: "pushUrl", params: ({ context }: { context: PagedListContext<Row> }) => urlOf(context) } as const
  return setup({
    types: {
      context: {} as PagedListContext<Row>,
      events: {} as PagedListEvent,
      input: {} as Partial<ListUrlState> | undefined,
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
      /** Provided by the app: keep the reader's page size and hidden columns for their next visit. */
      rememberView: (_, _params: ListView) => {},
      setFilter: assign({
        filters: ({ context, event }) => (event.type === "filter.set" ? { ...context.filters, [event.field]: event.value } : context.filters),
      }),
      /** The form's filters become the list's, from page 1. */
      applyFilters: assign({ applied: ({ context }) => context.filters, page: 1 }),
    },
    guards: {
      hasNextPage: ({ context }) => hasNextPage(context),
      hasPreviousPage: ({ context }) => context.page > 1,
      isOtherUrl: ({ context, event }) =>
        event.type === "url.changed" &&
        (event.page !== context.page ||
          event.search !== context.search ||
          knownSort(event.sort) !== context.sort ||
          knownSize(event.size) !== context.pageSize ||
          !sameHidden(knownHidden(event.hidden), context.hidden) ||
          !sameFilters(knownFilters(event.filters), context.applied)),
      isOtherSort: ({ context, event }) => event.type === "sort.change" && knownSort(event.sort) !== context.sort,
      /** The form's filters make sense together (a list may say why they do not, see `filtersProblem`). */
      filtersApplicable: ({ context }) => (options.filtersProblem?.(context.filters) ?? null) === null,
      /** The form's filters, with the one choice made, make sense together. */
      setFilterApplicable: ({ context, event }) =>
        event.type === "filter.set" && (options.filtersProblem?.({ ...context.filters, [event.field]: event.value }) ?? null) === null,
      isOtherSize: ({ context, event }) => event.type === "size.change" && pageSizes.includes(event.size) && event.size !== context.pageSize,
      /** A column may be shown again, or hidden while the bound allows. */
      canToggleColumn: ({ context, event }) =>
        event.type === "column.toggle" && isColumnName(event.column) && (context.hidden.includes(event.column) || context.hidden.length < MAX_HIDDEN),
      /** The page asked for is past the end (rows removed since, or an old link). */
      isPastTheEnd: ({ context }, params: { rows: number; total: number }) => params.rows === 0 && context.page > pageCount(params.total, context.pageSize),
      isOtherPage: ({ context, event }) =>
        event.type === "page.goto" && event.page !== context.page && event.page >= 1 && event.page <= pageCount(context.total, context.pageSize),
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({
      page: input?.page !== undefined && Number.isInteger(input.page) && input.page >= 1 ? input.page : 1,
      pageSize: knownSize(input?.size),
      pageSizes,
      hidden: knownHidden(input?.hidden),
      search: input?.search ?? "",
      sort: knownSort(input?.sort),
      filters: knownFilters(input?.filters),
      applied: knownFilters(input?.filters),
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
      // Another page size starts again at page 1 (the rows before it would otherwise be skipped), as a new entry.
      ...(pageSizes.length > 1
        ? {
            "size.change": {
              guard: "isOtherSize",
              target: ".loading",
              actions: [assign({ pageSize: ({ event }) => event.size, page: 1 }), pushPage, remember],
            },
          }
        : {}),
      // Showing or hiding a column reads nothing: it changes the address in place (Back is for pages, not columns).
      "column.toggle": {
        guard: "canToggleColumn",
        actions: [
          assign({
            hidden: ({ context, event }) =>
              context.hidden.includes(event.column) ? context.hidden.filter((column) => column !== event.column) : [...context.hidden, event.column],
          }),
          { type: "replaceUrl", params: ({ context }) => urlOf(context) },
          remember,
        ],
      },
      ...(emptyFilters
        ? {
            "filter.change": { actions: assign({ filters: ({ context, event }) => ({ ...context.filters, [event.field]: event.value }) }) },
            "filter.apply": {
              guard: "filtersApplicable",
              target: ".loading",
              actions: ["applyFilters", pushPage],
            },
            // A filter that is one choice (a role, a state) is set and applied at once, from page 1, with the rest of
            // the form; while the rest makes no sense (a reversed range, see `filtersProblem`) it is only set.
            "filter.set": options.filtersProblem
              ? [{ guard: "setFilterApplicable", target: ".loading", actions: ["setFilter", "applyFilters", pushPage] }, { actions: "setFilter" }]
              : { target: ".loading", actions: ["setFilter", "applyFilters", pushPage] },
            "filter.clear": { target: ".loading", actions: [assign({ filters: emptyFilters, applied: emptyFilters, page: 1 }), pushPage] },
          }
        : {}),
      "list.reload": { target: ".loading" },
      // Back/forward (or a link) changed the URL: show what it names (in the filters' form too), without writing it again.
      "url.changed": {
        guard: "isOtherUrl",
        target: ".loading",
        actions: assign({
          page: ({ event }) => Math.max(1, event.page),
          search: ({ event }) => event.search,
          sort: ({ event }) => knownSort(event.sort),
          pageSize: ({ event }) => knownSize(event.size),
          hidden: ({ event }) => knownHidden(event.hidden),
          filters: ({ event }) => knownFilters(event.filters),
          applied: ({ event }) => knownFilters(event.filters),
        }),
      },
    },
    states: {
      loading: {
        description: "A loading screen shows while the page is fetched.",
        tags: ["busy"],
        invoke: {
          src: "fetchPage",
          input: ({ context }) => {
            const { size: _size, hidden: _hidden, ...request } = urlOf(context)
            return { ...request, limit: context.pageSize }
          },
          onDone: [
            {
              // A page past the end (rows removed since) steps back to the new last page.
              guard: { type: "isPastTheEnd", params: ({ event }) => ({ rows: event.output.rows.length, total: event.output.total }) },
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
          onError: { target: "failed", actions: assign({ error: ({ event }) => (typeof failure === "string" ? failure : failure(event.error)), rows: [] }) },
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
