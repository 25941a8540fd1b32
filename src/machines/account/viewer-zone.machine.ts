import { assign, setup } from "xstate"
import { fromCall } from "../call-actor.ts"
import * as zoneCalls from "../../api/contract/account/time-zone.endpoints.ts"
import * as timeZoneApi from "../../api/account/time-zone.api.ts"

export interface ViewerZoneContext {
  /** Whose zone is (being) read: a new sign-in in this tab reads it again. */
  userId: string | null
  /** Their profile's zone as read at sign-in (null: none chosen, or it could not be read: the browser's is used). */
  zone: string | null
}

export type ViewerZoneEvent = { type: "zone.need"; userId: string } | { type: "zone.saved"; zone: string | null }

/**
 * The clock the console shows times on (issue 24): the signed-in person's profile zone, read once per
 * sign-in (the shell draws the screen again on it when it is not the browser's); saved again by the
 * profile's Time zone card. A failed read keeps the browser's clock (named on every screen).
 */
export const viewerZoneMachine = setup({
  types: { context: {} as ViewerZoneContext, events: {} as ViewerZoneEvent },
  actors: {
    loadZone: fromCall<string | null>(zoneCalls.getMyTimeZone, () => timeZoneApi.getMyTimeZone()),
  },
  actions: {
    /** Puts the zone on the clock every formatter reads (viewer-zone.ts); null is the browser's. */
    applyZone: (_, _zone: string | null) => {},
  },
  guards: {
    isOtherPerson: ({ context, event }) => event.type === "zone.need" && event.userId !== context.userId,
  },
}).createMachine({
  id: "viewerZone",
  context: { userId: null, zone: null },
  initial: "unknown",
  on: {
    "zone.need": { guard: "isOtherPerson", target: ".loading", actions: assign({ userId: ({ event }) => event.userId ?? null, zone: null }) },
    // Screens opened after a save use the new zone; the open one (the profile, its message) is not drawn again.
    "zone.saved": { actions: { type: "applyZone", params: ({ event }) => event.zone ?? null } },
  },
  states: {
    unknown: { description: "Nobody's zone is known yet: screens use the browser's clock." },
    loading: {
      description: "The signed-in person's zone is read: 'Loading your time zone...'.",
      tags: ["busy"],
      invoke: {
        src: "loadZone",
        onDone: { target: "known", actions: [assign({ zone: ({ event }) => event.output }), { type: "applyZone", params: ({ event }) => event.output }] },
        onError: { target: "known", actions: { type: "applyZone", params: () => null } },
      },
    },
    known: { description: "Times are shown on this person's clock." },
  },
})
