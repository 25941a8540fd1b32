import { assign, fromPromise, setup } from "xstate"
import * as auditApi from "../api/audit.api.ts"
import { messageOf } from "../api/api-error.ts"
import type { AuditEvent } from "../api/contract/audit.ts"
import { pageCount } from "./paged-list.machine.ts"

export interface AuditFilters {
  entityType: string
  entityId: string
  actorId: string
  type: string
  from: string
  to: string
}

export interface AuditLogContext {
  filters: AuditFilters
  applied: AuditFilters
  page: number
  pageSize: number
  rows: AuditEvent[]
  total: number
  error: string | null
}

export type AuditLogEvent =
  | { type: "filter.change"; field: keyof AuditFilters; value: string }
  | { type: "filter.apply" }
  | { type: "filter.clear" }
  | { type: "page.next" }
  | { type: "page.previous" }
  | { type: "export.csv" }

export const emptyFilters: AuditFilters = { entityType: "", entityId: "", actorId: "", type: "", from: "", to: "" }

/** Date inputs give local 'YYYY-MM-DDTHH:mm'; the server takes ISO instants. */
const toInstant = (local: string) => (local ? new Date(local).toISOString() : "")
const forServer = (f: AuditFilters) => ({ ...f, from: toInstant(f.from), to: toInstant(f.to) })

/** The Admin's audit page: filters applied on demand, paged newest first, CSV of the filtered log. */
export const auditLogMachine = setup({
  types: { context: {} as AuditLogContext, events: {} as AuditLogEvent },
  actors: {
    fetchEvents: fromPromise<{ rows: AuditEvent[]; total: number }, { filters: AuditFilters; page: number; limit: number }>(async ({ input }) => {
      const answer = await auditApi.listEvents(forServer(input.filters), input.page, input.limit)
      return { rows: [...answer.data], total: answer.totalRecords }
    }),
    exportCsv: fromPromise<string, { filters: AuditFilters }>(({ input }) => auditApi.exportEvents(forServer(input.filters))),
  },
  actions: {
    /** Provided by the view: hand the CSV to the browser as a download. */
    download: (_, _params: { csv: string }) => {},
  },
  guards: {
    hasNextPage: ({ context }) => context.page < pageCount(context.total, context.pageSize),
    hasPreviousPage: ({ context }) => context.page > 1,
  },
}).createMachine({
  id: "auditLog",
  context: { filters: emptyFilters, applied: emptyFilters, page: 1, pageSize: 20, rows: [], total: 0, error: null },
  initial: "loading",
  on: {
    "filter.change": { actions: assign({ filters: ({ context, event }) => ({ ...context.filters, [event.field]: event.value }) }) },
  },
  states: {
    loading: {
      description: "The filtered page of events is fetched.",
      tags: ["busy"],
      invoke: {
        src: "fetchEvents",
        input: ({ context }) => ({ filters: context.applied, page: context.page, limit: context.pageSize }),
        onDone: { target: "ready", actions: assign({ rows: ({ event }) => event.output.rows, total: ({ event }) => event.output.total, error: null }) },
        onError: { target: "ready", actions: assign({ rows: [], total: 0, error: ({ event }) => messageOf(event.error, "Failed to fetch the event log.") }) },
      },
    },
    ready: {
      description: "Events are shown; filters apply on demand; CSV exports what the filters select.",
      on: {
        "filter.apply": { target: "loading", actions: assign({ applied: ({ context }) => context.filters, page: 1 }) },
        "filter.clear": { target: "loading", actions: assign({ filters: emptyFilters, applied: emptyFilters, page: 1 }) },
        "page.next": { guard: "hasNextPage", target: "loading", actions: assign({ page: ({ context }) => context.page + 1 }) },
        "page.previous": { guard: "hasPreviousPage", target: "loading", actions: assign({ page: ({ context }) => context.page - 1 }) },
        "export.csv": { target: "exporting" },
      },
    },
    exporting: {
      description: "The CSV of the applied filters is prepared, then downloaded.",
      tags: ["exporting"],
      invoke: {
        src: "exportCsv",
        input: ({ context }) => ({ filters: context.applied }),
        onDone: { target: "ready", actions: { type: "download", params: ({ event }) => ({ csv: event.output }) } },
        onError: { target: "ready", actions: assign({ error: ({ event }) => messageOf(event.error, "Failed to export the event log.") }) },
      },
    },
  },
})
