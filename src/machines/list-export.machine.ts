import { assign, setup } from "xstate"
import { fromCall } from "./call-actor.ts"
import { exportList as exportListCall } from "../api/contract/endpoints/export.endpoints.ts"
import { messageOf } from "../api/api-error.ts"
import type { ExportList } from "../api/contract/list-export.ts"
import * as exportApi from "../api/export.api.ts"
import type { ListFilters } from "./paged-list.machine.ts"

export const EXPORT_FAILED = "Failed to export the list."

export interface ListExportContext {
  list: ExportList
  error: string | null
}

/** The list's current search and, for a list that can be sorted, its order ("" for its own); its filters, if it has any. */
export type ListExportEvent = { type: "export.csv"; search: string; sort?: string; filters?: ListFilters }

/**
 * The Admin's 'Export CSV' button of a list screen: the whole list with its current search (and order) is
 * fetched as CSV (the button is busy meanwhile, a second press does nothing), then handed to the
 * browser as a download; a failure is told in a toast and the button is ready again.
 */
export const listExportMachine = setup({
  types: { context: {} as ListExportContext, events: {} as ListExportEvent, input: {} as { list: ExportList } },
  actors: {
    exportList: fromCall<string, { list: ExportList; search: string; sort: string; filters: ListFilters }>(exportListCall, ({ input }) =>
      exportApi.exportList(input.list, input.search, input.sort, input.filters),
    ),
  },
  actions: {
    /** Provided by the view: save the CSV as a file. */
    download: (_, _params: { csv: string; list: ExportList }) => {},
    /** Provided by the view: a toast. */
    notify: (_, _params: { text: string; tone: "success" | "error" }) => {},
  },
}).createMachine({
  id: "listExport",
  context: ({ input }) => ({ list: input.list, error: null }),
  initial: "idle",
  states: {
    idle: {
      description: "'Export CSV' is ready.",
      on: { "export.csv": { target: "exporting" } },
    },
    exporting: {
      description: "The CSV of the whole list (with its search) is fetched; the button shows it is busy.",
      tags: ["busy"],
      invoke: {
        src: "exportList",
        input: ({ context, event }) => ({
          list: context.list,
          search: event.type === "export.csv" ? event.search : "",
          sort: event.type === "export.csv" ? (event.sort ?? "") : "",
          filters: event.type === "export.csv" ? (event.filters ?? {}) : {},
        }),
        onDone: {
          target: "idle",
          actions: [assign({ error: null }), { type: "download", params: ({ context, event }) => ({ csv: event.output, list: context.list }) }],
        },
        onError: {
          target: "idle",
          actions: [
            assign({ error: ({ event }) => messageOf(event.error, EXPORT_FAILED) }),
            { type: "notify", params: ({ event }) => ({ text: messageOf(event.error, EXPORT_FAILED), tone: "error" as const }) },
          ],
        },
      },
    },
  },
})
