import { assign, emit, setup } from "xstate"
import * as calls from "../../api/contract/audit/audit.endpoints.ts"
import { fromCall } from "../call-actor.ts"
import * as auditApi from "../../api/audit/audit.api.ts"
import { messageOf } from "../../api/api-error.ts"
import type { AuditRecord, PickableKind } from "../../api/contract/audit/audit.ts"

/** Typing pauses this long before a search is sent. */
export const PICKER_DEBOUNCE_MS = 300
export const PICKER_FAILED = "Search failed. Please try again."
export const PICKER_EMPTY = "Nothing found."

export interface RecordPickerContext {
  kind: PickableKind
  query: string
  options: readonly AuditRecord[]
  selected: AuditRecord | null
  error: string | null
}

export type RecordPickerEvent =
  | { type: "query.change"; value: string }
  | { type: "option.pick"; option: AuditRecord }
  | { type: "selection.clear" }
  /** The parent's value changed (a Clear of all filters, Back to an older link). */
  | { type: "value.set"; id: string }

/**
 * The audit trail's pickers (issue 25: filters by picking, not typing): a person or a ticket found by
 * name, email or number, debounced as you type; picking one gives the filter its id, which the person
 * never reads. A link that already holds an id shows the record's name, looked up once.
 */
export const recordPickerMachine = setup({
  types: {
    context: {} as RecordPickerContext,
    events: {} as RecordPickerEvent,
    input: {} as { kind: PickableKind; id: string },
    emitted: {} as { type: "picked"; id: string },
  },
  actors: {
    find: fromCall<readonly AuditRecord[], { kind: PickableKind; search: string }>(
      calls.findAuditRecords,
      async ({ input }) => (await auditApi.findRecords(input)).data,
    ),
    name: fromCall<AuditRecord | null, { kind: PickableKind; id: string }>(
      calls.findAuditRecords,
      async ({ input }) => (await auditApi.findRecords(input)).data[0] ?? null,
    ),
  },
  actions: {
    /** Tells the view the filter's new id ("" when cleared). */
    picked: emit((_, params: { id: string }) => ({ type: "picked" as const, id: params.id })),
  },
  guards: {
    hasQuery: ({ event }) => event.type === "query.change" && event.value.trim() !== "",
    hasId: ({ event }) => event.type === "value.set" && event.id !== "",
    /** Already showing (or looking up) this id: the view's echo of a pick, or of the link it opened with. */
    isSelected: ({ context, event }) => event.type === "value.set" && (context.selected?.id === event.id || (event.id !== "" && context.query === event.id)),
  },
  delays: { debounce: PICKER_DEBOUNCE_MS },
}).createMachine({
  id: "recordPicker",
  context: ({ input }) => ({ kind: input.kind, query: input.id, options: [], selected: null, error: null }),
  initial: "starting",
  on: {
    "query.change": [
      { guard: "hasQuery", target: ".debouncing", reenter: true, actions: assign({ query: ({ event }) => event.value, selected: null, error: null }) },
      { target: ".idle", actions: assign({ query: "", options: [], selected: null, error: null }) },
    ],
    "value.set": [
      { guard: "isSelected" },
      { guard: "hasId", target: ".naming", actions: assign({ query: ({ event }) => event.id, options: [], selected: null, error: null }) },
      { target: ".idle", actions: assign({ query: "", options: [], selected: null, error: null }) },
    ],
  },
  states: {
    starting: {
      description: "Opened from a link with an id: its name is looked up; without one, nothing is picked.",
      always: [{ guard: ({ context }) => context.query !== "", target: "naming" }, { target: "idle" }],
    },
    naming: {
      description: "The record of the link's id is looked up by id, to show its name.",
      tags: ["busy"],
      invoke: {
        src: "name",
        input: ({ context }) => ({ kind: context.kind, id: context.query }),
        onDone: {
          target: "picked",
          actions: assign({ selected: ({ context, event }) => event.output ?? { id: context.query, label: context.query, detail: "" } }),
        },
        onError: { target: "picked", actions: assign({ selected: ({ context }) => ({ id: context.query, label: context.query, detail: "" }) }) },
      },
    },
    idle: { description: "Nothing typed, nothing picked: the filter takes every record." },
    debouncing: { description: "Waiting for typing to pause.", after: { debounce: "searching" } },
    searching: {
      description: "The search is on its way; the list says so.",
      tags: ["busy"],
      invoke: {
        src: "find",
        input: ({ context }) => ({ kind: context.kind, search: context.query.trim() }),
        onDone: { target: "showing", actions: assign({ options: ({ event }) => event.output }) },
        onError: { target: "failed", actions: assign({ options: [], error: ({ event }) => messageOf(event.error, PICKER_FAILED) }) },
      },
    },
    showing: {
      description: "The records found are listed ('Nothing found.' when none); picking one sets the filter.",
      on: {
        "option.pick": {
          target: "picked",
          actions: [
            assign({ selected: ({ event }) => event.option, query: "", options: [] }),
            { type: "picked", params: ({ context }) => ({ id: context.selected?.id ?? "" }) },
          ],
        },
      },
    },
    failed: { description: "The search failed; the message says so and typing again retries." },
    picked: {
      description: "A record is picked: its name shows, with a way to clear it.",
      on: { "selection.clear": { target: "idle", actions: [assign({ selected: null, query: "" }), { type: "picked", params: { id: "" } }] } },
    },
  },
})
