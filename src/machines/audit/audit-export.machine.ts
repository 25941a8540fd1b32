import { assign, setup } from "xstate"
import * as calls from "../../api/contract/audit/audit.endpoints.ts"
import * as auditApi from "../../api/audit/audit.api.ts"
import { messageOf } from "../../api/api-error.ts"
import { fromCall } from "../call-actor.ts"
import { forServer, type AuditFilters } from "./audit-log.machine.ts"

export type AuditExportEvent = { type: "export.csv"; filters: AuditFilters } | { type: "export.json"; filters: AuditFilters }

const EXPORT_FAILED = "Failed to export the event log."

/** The audit trail's CSV or JSON (each event with its sentence) of the filters the list shows, then downloaded. */
export const auditExportMachine = setup({
  types: { context: {} as { filters: AuditFilters | null; error: string | null }, events: {} as AuditExportEvent },
  actors: {
    exportCsv: fromCall<string, AuditFilters>(calls.exportAuditEvents, ({ input }) => auditApi.exportEvents(forServer(input))),
    exportJson: fromCall<string, AuditFilters>(calls.exportAuditEventsJson, async ({ input }) =>
      JSON.stringify(await auditApi.exportEventsJson(forServer(input)), null, 2),
    ),
  },
  actions: {
    /** Provided by the view: hand the export to the browser as a download. */
    download: (_, _params: { text: string; format: "csv" | "json" }) => {},
  },
}).createMachine({
  id: "auditExport",
  context: { filters: null, error: null },
  initial: "idle",
  states: {
    idle: {
      description: "Export CSV and Export JSON wait for the person; a failed export says why.",
      on: {
        "export.csv": { target: "exportingCsv", actions: assign({ filters: ({ event }) => event.filters, error: null }) },
        "export.json": { target: "exportingJson", actions: assign({ filters: ({ event }) => event.filters, error: null }) },
      },
    },
    exportingCsv: {
      description: "The CSV of the applied filters is prepared, then downloaded.",
      tags: ["exporting"],
      invoke: {
        src: "exportCsv",
        input: ({ context }) => context.filters!,
        onDone: { target: "idle", actions: { type: "download", params: ({ event }) => ({ text: event.output, format: "csv" as const }) } },
        onError: { target: "idle", actions: assign({ error: ({ event }) => messageOf(event.error, EXPORT_FAILED) }) },
      },
    },
    exportingJson: {
      description: "The JSON of the applied filters (each event with its sentence) is prepared, then downloaded.",
      tags: ["exporting"],
      invoke: {
        src: "exportJson",
        input: ({ context }) => context.filters!,
        onDone: { target: "idle", actions: { type: "download", params: ({ event }) => ({ text: event.output, format: "json" as const }) } },
        onError: { target: "idle", actions: assign({ error: ({ event }) => messageOf(event.error, EXPORT_FAILED) }) },
      },
    },
  },
})
