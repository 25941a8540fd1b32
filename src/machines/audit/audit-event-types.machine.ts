import { assign, setup } from "xstate"
import * as calls from "../../api/contract/audit/audit.endpoints.ts"
import { fromCall } from "../call-actor.ts"
import * as auditApi from "../../api/audit/audit.api.ts"
import { messageOf } from "../../api/api-error.ts"

export const EVENT_TYPES_FAILED = "Failed to load the event types."

/**
 * The audit trail's Event type choices (issue 25: filters by picking, not typing): every type the log
 * holds, read once when the page opens; a failure leaves the filter with the applied type only and offers
 * Try again.
 */
export const auditEventTypesMachine = setup({
  types: { context: {} as { types: readonly string[]; error: string | null }, events: {} as { type: "types.retry" } },
  actors: {
    fetchTypes: fromCall<readonly string[], void>(calls.listAuditEventTypes, async () => (await auditApi.listEventTypes()).data),
  },
}).createMachine({
  id: "auditEventTypes",
  context: { types: [], error: null },
  initial: "loading",
  states: {
    loading: {
      description: "The event types in the log are fetched: 'Loading event types...'.",
      tags: ["busy"],
      invoke: {
        src: "fetchTypes",
        onDone: { target: "ready", actions: assign({ types: ({ event }) => event.output, error: null }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => messageOf(event.error, EVENT_TYPES_FAILED) }) },
      },
    },
    ready: { description: "The filter offers every type, alphabetically." },
    failed: { description: "The failure in words, with Try again.", on: { "types.retry": "loading" } },
  },
})
