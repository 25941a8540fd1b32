import { assign, fromPromise, setup } from "xstate"

export interface Page<Row> {
  rows: Row[]
  total: number
}

export interface PageRequest {
  page: number
  limit: number
  search: string
}

export interface PagedListContext<Row> {
  page: number
  pageSize: number
  search: string
  rows: Row[]
  total: number
  error: string | null
}

export type PagedListEvent =
  | { type: "page.next" }
  | { type: "page.previous" }
  | { type: "page.goto"; page: number }
  | { type: "search.change"; search: string }
  | { type: "list.reload" }

/** 'Showing Page: x of y' never says 'of 0' (spec: page count is at least 1). */
export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize))

/**
 * One paged list: loading → ready | failed, previous/next, search, reload. Each screen makes its own
 * with the call that fetches a page and the message shown when that call fails (spec section 8).
 */
export function createPagedListMachine<Row>(options: {
  id: string
  fetchPage: (request: PageRequest) => Promise<Page<Row>>
  failureMessage: string
  pageSize?: number
}) {
  return setup({
    types: {
      context: {} as PagedListContext<Row>,
      events: {} as PagedListEvent,
      input: {} as { page?: number; search?: string } | undefined,
    },
    actors: {
      fetchPage: fromPromise<Page<Row>, PageRequest>(({ input }) => options.fetchPage(input)),
    },
    guards: {
      hasNextPage: ({ context }) => context.page < pageCount(context.total, context.pageSize),
      hasPreviousPage: ({ context }) => context.page > 1,
      isOtherPage: ({ context, event }) =>
        event.type === "page.goto" && event.page !== context.page && event.page >= 1 && event.page <= pageCount(context.total, context.pageSize),
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({
      page: input?.page ?? 1,
      pageSize: options.pageSize ?? 10,
      search: input?.search ?? "",
      rows: [],
      total: 0,
      error: null,
    }),
    initial: "loading",
    on: {
      "search.change": { target: ".loading", actions: assign({ search: ({ event }) => event.search, page: 1 }) },
      "list.reload": { target: ".loading" },
    },
    states: {
      loading: {
        description: "A loading screen shows while the page is fetched.",
        tags: ["busy"],
        invoke: {
          src: "fetchPage",
          input: ({ context }) => ({ page: context.page, limit: context.pageSize, search: context.search }),
          onDone: [
            {
              // A page past the end (rows removed since) steps back to the new last page.
              guard: ({ context, event }) => event.output.rows.length === 0 && context.page > pageCount(event.output.total, context.pageSize),
              target: "loading",
              reenter: true,
              actions: assign({ page: ({ event, context }) => pageCount(event.output.total, context.pageSize) }),
            },
            {
              target: "ready",
              actions: assign({ rows: ({ event }) => event.output.rows, total: ({ event }) => event.output.total, error: null }),
            },
          ],
          onError: { target: "failed", actions: assign({ error: options.failureMessage, rows: [] }) },
        },
      },
      ready: {
        description: "Rows are shown with 'Showing Page: x of y' and previous/next buttons.",
        on: {
          "page.next": { guard: "hasNextPage", target: "loading", actions: assign({ page: ({ context }) => context.page + 1 }) },
          "page.previous": { guard: "hasPreviousPage", target: "loading", actions: assign({ page: ({ context }) => context.page - 1 }) },
          "page.goto": { guard: "isOtherPage", target: "loading", actions: assign({ page: ({ event }) => event.page }) },
        },
      },
      failed: {
        description: "The list's failure message shows in red; reload tries again.",
      },
    },
  })
}
