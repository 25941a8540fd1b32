import { assign, setup } from "xstate"
import { fromCall } from "./call-actor.ts"
import { exportList as exportListCall } from "../api/contract/endpoints/export.endpoints.ts"
import { messageOf } from "../api/api-error.ts"
import type { ExportFormat, ExportList } from "../api/contract/list-export.ts"
import * as exportApi from "../api/export.api.ts"
import type { ListFilters } from "./paged-list.machine.ts"

export const EXPORT_FAILED = "Failed to export the list."

export interface ListExportContext {
  list: ExportList
  /** The file being made, or the last one asked for. */
  format: ExportFormat
  error: string | null
}

/** What the list shows now: its search and, for a list that can be sorted, its order ("" for its own); its filters, if it has any. */
type ListView = { search: string; sort?: string; filters?: ListFilters }

/** 'Export CSV' or 'Export Excel', with the list as it is shown. */
export type ListExportEvent = ({ type: "export.csv" } & ListView) | ({ type: "export.xlsx" } & ListView)

const formatOf = (event: ListExportEvent): ExportFormat => (event.type === "export.xlsx" ? "xlsx" : "csv")

/**
 * The Admin's 'Export CSV' and 'Export Excel' buttons of a list screen: the whole list with its current search,
 * order and filters is fetched as that file (the pressed button is busy meanwhile, a second press of either does
 * nothing), then handed to the browser as a download; a failure is told in a toast and the buttons are ready again.
 */
export const listExportMachine = setup({
  types: { context: {} as ListExportContext, events: {} as ListExportEvent, input: {} as { list: ExportList } },
  actors: {
    exportList: fromCall<Blob, { format: ExportFormat; list: ExportList; search: string; sort: string; filters: ListFilters }>(exportListCall, ({ input }) =>
      exportApi.exportListFile(input.format, input.list, input.search, input.sort, input.filters),
    ),
  },
  actions: {
    /** Provided by the view: save the file. */
    download: (_, _params: { file: Blob; list: ExportList; format: ExportFormat }) => {},
    /** Provided by the view: a toast. */
    notify: (_, _params: { text: string; tone: "success" | "error" }) => {},
  },
}).createMachine({
  id: "listExport",
  context: ({ input }) => ({ list: input.list, format: "csv", error: null }),
  initial: "idle",
  states: {
    idle: {
      description: "'Export CSV' and 'Export Excel' are ready.",
      on: {
        "export.csv": { target: "exporting", actions: assign({ format: "csv" }) },
        "export.xlsx": { target: "exporting", actions: assign({ format: "xlsx" }) },
      },
    },
    exporting: {
      description: "The whole list (with its search, order and filters) is fetched as the file asked for; its button shows it is busy.",
      tags: ["busy"],
      invoke: {
        src: "exportList",
        input: ({ context, event }) => ({
          format: formatOf(event),
          list: context.list,
          search: event.search,
          sort: event.sort ?? "",
          filters: event.filters ?? {},
        }),
        onDone: {
          target: "idle",
          actions: [
            assign({ error: null }),
            { type: "download", params: ({ context, event }) => ({ file: event.output, list: context.list, format: context.format }) },
          ],
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
