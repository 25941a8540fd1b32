import { assign, fromCallback, setup, type EventObject } from "xstate"
import * as calls from "../../api/contract/audit/audit.endpoints.ts"
import { fromCall } from "../call-actor.ts"
import * as auditApi from "../../api/audit/audit.api.ts"
import { messageOf } from "../../api/api-error.ts"
import type { AuditEvent } from "../../api/contract/audit/audit.ts"
import { pageCount } from "../paged-list.machine.ts"
import { instantOfInput } from "../account/viewer-zone.ts"

export interface AuditFilters {
  entityType: string
  entityId: string
  actorId: string
  type: string
  from: string
  to: string
}

/** What the audit page keeps in the address bar: the applied filters and the page. */
export interface AuditUrlState {
  filters: AuditFilters
  page: number
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
  | { type: "export.json" }
  | { type: "url.changed"; filters: AuditFilters; page: number }

export const emptyFilters: AuditFilters = { entityType: "", entityId: "", actorId: "", type: "", from: "", to: "" }

/** Date inputs give local 'YYYY-MM-DDTHH:mm'; the server (and the URL) take ISO instants. */
/** A datetime-local filter as the instant it names on the viewer's clock ('' when empty or not a date-time). */
export function toInstant(local: string): string {
  const at = instantOfInput(local)
  return Number.isNaN(at.getTime()) ? "" : at.toISOString()
}
const forServer = (f: AuditFilters) => ({ ...f, from: toInstant(f.from), to: toInstant(f.to) })

const sameFilters = (a: AuditFilters, b: AuditFilters) => (Object.keys(emptyFilters) as Array<keyof AuditFilters>).every((k) => a[k] === b[k])
const validPage = (page: number | undefined) => (page !== undefined && Number.isInteger(page) && page >= 1 ? page : 1)

/** A new history entry for what is now shown, so Back returns to the filters or page before. */
const pushUrl = { type: "pushUrl", params: ({ context }: { context: AuditLogContext }) => ({ filters: context.applied, page: context.page }) } as const

/**
 * The Admin's audit page: filters applied on demand, paged newest first, CSV or JSON of the filtered log.
 * The applied filters and the page live in the URL like a paged list's: the view gives the URL's
 * values as input and provides `pushUrl` (apply, clear, a page change), `replaceUrl` (a page past
 * the end corrected) and `watchUrl` (back/forward send `url.changed`); by default no URL is touched.
 */
export const auditLogMachine = setup({
  types: { context: {} as AuditLogContext, events: {} as AuditLogEvent, input: {} as Partial<AuditUrlState> | undefined },
  actors: {
    fetchEvents: fromCall<{ rows: AuditEvent[]; total: number }, { filters: AuditFilters; page: number; limit: number }>(
      calls.listAuditEvents,
      async ({ input }) => {
        const answer = await auditApi.listEvents(forServer(input.filters), input.page, input.limit)
        return { rows: [...answer.data], total: answer.totalRecords }
      },
    ),
    exportCsv: fromCall<string, { filters: AuditFilters }>(calls.exportAuditEvents, ({ input }) => auditApi.exportEvents(forServer(input.filters))),
    exportJson: fromCall<string, { filters: AuditFilters }>(calls.exportAuditEventsJson, async ({ input }) =>
      JSON.stringify(await auditApi.exportEventsJson(forServer(input.filters)), null, 2),
    ),
    watchUrl: fromCallback<EventObject>(() => () => {}),
  },
  actions: {
    /** Provided by the view: hand the export to the browser as a download. */
    download: (_, _params: { text: string; format: "csv" | "json" }) => {},
    pushUrl: (_, _params: AuditUrlState) => {},
    replaceUrl: (_, _params: AuditUrlState) => {},
  },
  guards: {
    hasNextPage: ({ context }) => context.page < pageCount(context.total, context.pageSize),
    hasPreviousPage: ({ context }) => context.page > 1,
    isOtherUrl: ({ context, event }) => event.type === "url.changed" && (event.page !== context.page || !sameFilters(event.filters, context.applied)),
    isPastTheEnd: ({ context }, params: { rows: number; total: number }) => params.rows === 0 && context.page > pageCount(params.total, context.pageSize),
  },
}).createMachine({
  id: "auditLog",
  context: ({ input }) => {
    const filters = { ...emptyFilters, ...input?.filters }
    return { filters, applied: filters, page: validPage(input?.page), pageSize: 20, rows: [], total: 0, error: null }
  },
  initial: "loading",
  invoke: { src: "watchUrl" },
  on: {
    "filter.change": { actions: assign({ filters: ({ context, event }) => ({ ...context.filters, [event.field]: event.value }) }) },
    // Back/forward (or a link) changed the URL: show what it names, in the form too, without writing it again.
    "url.changed": {
      guard: "isOtherUrl",
      target: ".loading",
      actions: assign({ filters: ({ event }) => event.filters, applied: ({ event }) => event.filters, page: ({ event }) => validPage(event.page) }),
    },
  },
  states: {
    loading: {
      description: "The filtered page of events is fetched.",
      tags: ["busy"],
      invoke: {
        src: "fetchEvents",
        input: ({ context }) => ({ filters: context.applied, page: context.page, limit: context.pageSize }),
        onDone: [
          {
            // A page past the end (from an old link) steps back to the last page.
            guard: { type: "isPastTheEnd", params: ({ event }) => ({ rows: event.output.rows.length, total: event.output.total }) },
            target: "loading",
            reenter: true,
            actions: [
              assign({ page: ({ context, event }) => pageCount(event.output.total, context.pageSize) }),
              { type: "replaceUrl", params: ({ context }) => ({ filters: context.applied, page: context.page }) },
            ],
          },
          { target: "ready", actions: assign({ rows: ({ event }) => event.output.rows, total: ({ event }) => event.output.total, error: null }) },
        ],
        onError: { target: "ready", actions: assign({ rows: [], total: 0, error: ({ event }) => messageOf(event.error, "Failed to fetch the event log.") }) },
      },
    },
    ready: {
      description: "Events are shown; filters apply on demand; CSV and JSON export what the filters select.",
      on: {
        "filter.apply": { target: "loading", actions: [assign({ applied: ({ context }) => context.filters, page: 1 }), pushUrl] },
        "filter.clear": { target: "loading", actions: [assign({ filters: emptyFilters, applied: emptyFilters, page: 1 }), pushUrl] },
        "page.next": { guard: "hasNextPage", target: "loading", actions: [assign({ page: ({ context }) => context.page + 1 }), pushUrl] },
        "page.previous": { guard: "hasPreviousPage", target: "loading", actions: [assign({ page: ({ context }) => context.page - 1 }), pushUrl] },
        "export.csv": { target: "exporting" },
        "export.json": { target: "exportingJson" },
      },
    },
    exporting: {
      description: "The CSV of the applied filters is prepared, then downloaded.",
      tags: ["exporting"],
      invoke: {
        src: "exportCsv",
        input: ({ context }) => ({ filters: context.applied }),
        onDone: { target: "ready", actions: { type: "download", params: ({ event }) => ({ text: event.output, format: "csv" as const }) } },
        onError: { target: "ready", actions: assign({ error: ({ event }) => messageOf(event.error, "Failed to export the event log.") }) },
      },
    },
    exportingJson: {
      description: "The JSON of the applied filters (each event with its sentence) is prepared, then downloaded.",
      tags: ["exporting"],
      invoke: {
        src: "exportJson",
        input: ({ context }) => ({ filters: context.applied }),
        onDone: { target: "ready", actions: { type: "download", params: ({ event }) => ({ text: event.output, format: "json" as const }) } },
        onError: { target: "ready", actions: assign({ error: ({ event }) => messageOf(event.error, "Failed to export the event log.") }) },
      },
    },
  },
})
