import dayjs from "dayjs"
import { assign, setup } from "xstate"
import { vendorFreeSlots } from "../../api/contract/availability/availability.endpoints.ts"
import { fromCall } from "../call-actor.ts"
import * as availabilityApi from "../../api/availability/availability.api.ts"
import { messageOf } from "../../api/api-error.ts"
import type { FreeSlot } from "../../api/contract/availability/availability.ts"
import { instantAt, wallClock } from "../account/viewer-zone.ts"

export const FREE_SLOTS_FAILED = "Failed to load the counsellor's free times."

/** What the form asks about: the counsellor, the date (the viewer's), the client, the session being moved. */
export interface FreeSlotsAsk {
  vendorId: string
  date: string
  clientId: string | null
  exceptSessionId: string | null
}

export interface FreeSlotsContext extends FreeSlotsAsk {
  slots: FreeSlot[]
  /** The zone the counsellor's hours are kept in. */
  vendorZone: string | null
  error: string | null
}

export type FreeSlotsEvent = ({ type: "slots.show" } & FreeSlotsAsk) | { type: "slots.reload" }

/** A day of the viewer's clock as the API's range: its midnight to the next. */
export const dayRange = (date: string) => ({
  from: instantAt(date, "00:00").toISOString(),
  to: instantAt(dayjs(date).add(1, "day").format("YYYY-MM-DD"), "00:00").toISOString(),
})

/** `HH:mm` on the viewer's clock: what a picked slot puts in the form's Time. */
export const slotTime = (slot: FreeSlot) => wallClock(slot.start).format("HH:mm")

/** Whether the form's date and time start one of the free slots (booking elsewhere asks first). */
export const isFreeTime = (slots: readonly FreeSlot[], date: string, time: string) =>
  slots.some((s) => wallClock(s.start).format("YYYY-MM-DD") === date && slotTime(s) === time)

/**
 * The counsellor's free slots on the form's date (issue 24): their marked hours in their own zone, not
 * past, not taken by a session of theirs or of the client. The form sends `slots.show` whenever the
 * counsellor or the date changes; an incomplete date waits.
 */
export const freeSlotsMachine = setup({
  types: { context: {} as FreeSlotsContext, events: {} as FreeSlotsEvent, input: {} as FreeSlotsAsk },
  actors: {
    loadFreeSlots: fromCall<{ timeZone: string; slots: readonly FreeSlot[] }, FreeSlotsAsk>(vendorFreeSlots, ({ input }) =>
      availabilityApi.getFreeSlots(input.vendorId, { ...dayRange(input.date), clientId: input.clientId, exceptSessionId: input.exceptSessionId }),
    ),
  },
  guards: {
    isComplete: ({ context }) => context.vendorId !== "" && /^\d{4}-\d{2}-\d{2}$/.test(context.date),
    isChange: ({ context, event }) =>
      event.type === "slots.show" &&
      (event.vendorId !== context.vendorId ||
        event.date !== context.date ||
        event.clientId !== context.clientId ||
        event.exceptSessionId !== context.exceptSessionId),
  },
}).createMachine({
  id: "freeSlots",
  context: ({ input }) => ({ ...input, slots: [], vendorZone: null, error: null }),
  initial: "checking",
  on: {
    "slots.show": {
      guard: "isChange",
      target: ".checking",
      actions: assign(({ context, event }) =>
        event.type === "slots.show"
          ? { vendorId: event.vendorId, date: event.date, clientId: event.clientId, exceptSessionId: event.exceptSessionId, slots: [], error: null }
          : context,
      ),
    },
    // A form opened again reads afresh: a booking made since has taken a slot.
    "slots.reload": { target: ".checking", actions: assign({ slots: [], error: null }) },
  },
  states: {
    checking: {
      description: "Is there a counsellor and a whole date to look up?",
      always: [{ guard: "isComplete", target: "loading" }, { target: "waiting" }],
    },
    waiting: { description: "No counsellor or date yet: nothing to show." },
    loading: {
      description: "The counsellor's free slots on the date are fetched.",
      tags: ["busy"],
      invoke: {
        src: "loadFreeSlots",
        input: ({ context }) => ({ vendorId: context.vendorId, date: context.date, clientId: context.clientId, exceptSessionId: context.exceptSessionId }),
        onDone: { target: "ready", actions: assign({ slots: ({ event }) => [...event.output.slots], vendorZone: ({ event }) => event.output.timeZone }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => messageOf(event.error, FREE_SLOTS_FAILED) }) },
      },
    },
    ready: { description: "The free slots as buttons that fill the form's time ('No free times on this date.' when none)." },
    failed: { description: "The failure shows in red." },
  },
})
