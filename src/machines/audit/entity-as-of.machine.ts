import { assign, setup } from "xstate"
import * as calls from "../../api/contract/audit/audit.endpoints.ts"
import { fromCall } from "../call-actor.ts"
import * as auditApi from "../../api/audit/audit.api.ts"
import { messageOf } from "../../api/api-error.ts"
import type { AuditEvent } from "../../api/contract/audit/audit.ts"
import { instantOfInput } from "../account/viewer-zone.ts"

export interface AsOfResult {
  exists: boolean
  state: unknown
  events: readonly AuditEvent[]
  at: string
}

export interface EntityAsOfContext {
  entityType: string
  entityId: string
  at: string
  result: AsOfResult | null
  error: string | null
}

export type EntityAsOfEvent = { type: "field.change"; field: "entityType" | "entityId" | "at"; value: string } | { type: "asOf.submit" }

/** 'As of' lookup: an entity's fields at a chosen moment, rebuilt on the server from its events. */
export const entityAsOfMachine = setup({
  types: { context: {} as EntityAsOfContext, events: {} as EntityAsOfEvent, input: {} as { entityType?: string; entityId?: string } | undefined },
  actors: {
    fetchAsOf: fromCall<AsOfResult, { entityType: string; entityId: string; at: string }>(calls.entityAsOf, async ({ input }) => {
      const answer = await auditApi.entityAsOf(input.entityType, input.entityId, instantOfInput(input.at).toISOString())
      return answer.data
    }),
  },
  guards: {
    isComplete: ({ context }) => context.entityType.trim() !== "" && context.entityId.trim() !== "" && context.at !== "",
  },
}).createMachine({
  id: "entityAsOf",
  context: ({ input }) => ({ entityType: input?.entityType ?? "", entityId: input?.entityId ?? "", at: "", result: null, error: null }),
  initial: "editing",
  states: {
    editing: {
      description: "Entity type, id and a date and time are chosen.",
      on: {
        "field.change": { actions: assign(({ context, event }) => ({ ...context, [event.field]: event.value })) },
        "asOf.submit": [{ guard: "isComplete", target: "loading" }, { actions: assign({ error: "Entity type, id and a date and time are required." }) }],
      },
    },
    loading: {
      description: "The entity is rebuilt from its events up to the chosen moment.",
      tags: ["busy"],
      invoke: {
        src: "fetchAsOf",
        input: ({ context }) => ({ entityType: context.entityType.trim(), entityId: context.entityId.trim(), at: context.at }),
        onDone: { target: "editing", actions: assign({ result: ({ event }) => event.output, error: null }) },
        onError: { target: "editing", actions: assign({ result: null, error: ({ event }) => messageOf(event.error, "Failed to rebuild the entity.") }) },
      },
    },
  },
})
