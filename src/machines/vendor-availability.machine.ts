import { assign, fromPromise, setup } from "xstate"
import * as availabilityApi from "../api/availability.api.ts"
import { messageOf } from "../api/api-error.ts"
import type { VendorAvailability } from "../api/contract/availability.ts"

export const VENDOR_AVAILABILITY_FAILED = "Failed to load the vendor's availability."

export interface VendorAvailabilityContext {
  vendorId: string
  date: string
  slots: string[]
  isDefault: boolean
  error: string | null
}

export type VendorAvailabilityEvent = { type: "availability.show"; vendorId: string; date: string }

/**
 * Which slots a vendor marked available on one date, for the Admin's create-session form.
 * The form sends `availability.show` whenever its vendor or date changes; an empty vendor or date waits.
 */
export const vendorAvailabilityMachine = setup({
  types: {
    context: {} as VendorAvailabilityContext,
    events: {} as VendorAvailabilityEvent,
    input: {} as { vendorId: string; date: string },
  },
  actors: {
    loadVendorAvailability: fromPromise<VendorAvailability, { vendorId: string; date: string }>(
      async ({ input }) => (await availabilityApi.getVendorAvailability(input.vendorId, input.date)).data,
    ),
  },
  guards: {
    isComplete: ({ context }) => context.vendorId !== "" && /^\d{4}-\d{2}-\d{2}$/.test(context.date),
    isChange: ({ context, event }) => event.vendorId !== context.vendorId || event.date !== context.date,
  },
}).createMachine({
  id: "vendorAvailability",
  context: ({ input }) => ({ vendorId: input.vendorId, date: input.date, slots: [], isDefault: false, error: null }),
  initial: "checking",
  on: {
    "availability.show": {
      guard: "isChange",
      target: ".checking",
      actions: assign({ vendorId: ({ event }) => event.vendorId, date: ({ event }) => event.date, slots: [], error: null }),
    },
  },
  states: {
    checking: {
      description: "Is there a vendor and a whole date to look up?",
      always: [{ guard: "isComplete", target: "loading" }, { target: "waiting" }],
    },
    waiting: { description: "No vendor or date chosen yet: nothing to show." },
    loading: {
      description: "The vendor's slots for the date are fetched.",
      tags: ["busy"],
      invoke: {
        src: "loadVendorAvailability",
        input: ({ context }) => ({ vendorId: context.vendorId, date: context.date }),
        onDone: { target: "ready", actions: assign({ slots: ({ event }) => [...event.output.slots], isDefault: ({ event }) => event.output.isDefault }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => messageOf(event.error, VENDOR_AVAILABILITY_FAILED) }) },
      },
    },
    ready: { description: "The slots the vendor marked available are shown ('No slots marked available.' when none)." },
    failed: { description: "The failure shows in red." },
  },
})
