import { assign, setup } from "xstate"
import { fromCall } from "../call-actor.ts"
import * as zoneCalls from "../../api/contract/account/time-zone.endpoints.ts"
import { messageOf } from "../../api/api-error.ts"
import * as timeZoneApi from "../../api/account/time-zone.api.ts"

export interface TimeZoneContext {
  /** What is saved: null when the person never chose (their browser's zone is used). */
  saved: string | null
  /** What the picker shows. */
  choice: string
  message: { text: string; tone: "success" | "error" } | null
}

export type TimeZoneEvent = { type: "zone.choose"; zone: string } | { type: "zone.save" } | { type: "zone.retry" }

/**
 * The profile's Time zone card (issue 24): the zone a vendor's hours are kept in and the person's own
 * record of where they are, chosen from the zones the browser knows; the browser's zone until chosen.
 */
export const timeZoneMachine = setup({
  types: { context: {} as TimeZoneContext, events: {} as TimeZoneEvent, input: {} as { browserZone: string } },
  actors: {
    loadZone: fromCall<string | null>(zoneCalls.getMyTimeZone, () => timeZoneApi.getMyTimeZone()),
    saveZone: fromCall<{ timeZone: string | null; message: string | null }, string>(zoneCalls.setMyTimeZone, ({ input }) => timeZoneApi.setMyTimeZone(input)),
  },
  actions: {
    /** Tells the console's clock (viewer-zone.machine.ts) that times are now to be shown in the saved zone. */
    announceZone: (_, _zone: string | null) => {},
  },
  guards: {
    isChanged: ({ context }) => context.choice !== context.saved,
  },
}).createMachine({
  id: "timeZone",
  context: ({ input }) => ({ saved: null, choice: input.browserZone, message: null }),
  initial: "loading",
  states: {
    loading: {
      description: "The saved zone is read: 'Loading your time zone...'.",
      tags: ["busy"],
      invoke: {
        src: "loadZone",
        onDone: { target: "ready", actions: assign(({ context, event }) => ({ saved: event.output, choice: event.output ?? context.choice })) },
        onError: {
          target: "failed",
          actions: assign({ message: ({ event }) => ({ text: messageOf(event.error, "Failed to load your time zone."), tone: "error" as const }) }),
        },
      },
    },
    failed: { description: "The failure with Try again.", on: { "zone.retry": { target: "loading", actions: assign({ message: null }) } } },
    ready: {
      description: "The picker; Save is offered when the choice differs from what is saved.",
      on: {
        "zone.choose": { actions: assign({ choice: ({ event }) => event.zone, message: null }) },
        "zone.save": { guard: "isChanged", target: "saving" },
      },
    },
    saving: {
      description: "The choice is saved.",
      tags: ["busy"],
      invoke: {
        src: "saveZone",
        input: ({ context }) => context.choice,
        onDone: {
          target: "ready",
          actions: [
            assign(({ event }) => ({
              saved: event.output.timeZone,
              message: event.output.message ? { text: event.output.message, tone: "success" as const } : null,
            })),
            { type: "announceZone", params: ({ event }) => event.output.timeZone },
          ],
        },
        onError: {
          target: "ready",
          actions: assign({ message: ({ event }) => ({ text: messageOf(event.error, "Failed to save your time zone."), tone: "error" as const }) }),
        },
      },
    },
  },
})
