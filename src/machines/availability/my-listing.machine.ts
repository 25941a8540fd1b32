import { assign, setup } from "xstate"
import { fromCall } from "../call-actor.ts"
import * as availabilityCalls from "../../api/contract/availability/availability.endpoints.ts"
import * as availabilityApi from "../../api/availability/availability.api.ts"
import { messageOf } from "../../api/api-error.ts"
import {
  AVAILABILITY_DAYS,
  type AvailabilitySlot,
  datesFrom,
  type MyAvailability,
  type SaveAvailabilityRequest,
  weekdayOf,
} from "../../api/contract/availability/availability.ts"
import type { Message, Tone } from "../account/login.machine.ts"

/** Spec section 9: success messages vanish after 2 s. */
export const SAVED_MESSAGE_MS = 2000
export const AVAILABILITY_SAVED = "Availability saved successfully!"
export const AVAILABILITY_LOAD_FAILED = "Failed to load availability."
export const AVAILABILITY_SAVE_FAILED = "Failed to save availability."

export interface MyListingContext {
  /** The 7 dates from the vendor's today. */
  dates: string[]
  selectedDate: string
  /** Ticked slot starts ("HH:mm") per date. */
  days: Record<string, AvailabilitySlot[]>
  makeDefault: boolean
  /** Each weekday's saved hours, Monday first (null: none of its own). */
  weekly: Array<AvailabilitySlot[] | null>
  /** 'Repeat these hours every <weekday>' for the selected date's weekday, saved with Submit. */
  repeatWeekly: boolean
  /** The zone the hours are kept in (the vendor's profile); null until they have one. */
  timeZone: string | null
  /** This browser's zone: sent with a save while the vendor has none, so their hours mean what they see. */
  browserZone: string
  message: Message | null
}

export type MyListingEvent =
  | { type: "date.select"; date: string }
  | { type: "slot.toggle"; slot: AvailabilitySlot }
  | { type: "default.toggle" }
  | { type: "weekly.toggle" }
  | { type: "availability.submit" }
  | { type: "availability.reload" }

const NO_WEEKLY: Array<AvailabilitySlot[] | null> = [null, null, null, null, null, null, null]
const toggled = (slots: readonly AvailabilitySlot[], slot: AvailabilitySlot) =>
  slots.includes(slot) ? slots.filter((s) => s !== slot) : [...slots, slot].sort()
const sameForAll = (dates: readonly string[], slots: readonly AvailabilitySlot[]) => Object.fromEntries(dates.map((d) => [d, [...slots]]))

/**
 * What Submit sends: every shown date, the default too when 'Make as default for all dates' is ticked,
 * and the selected date's weekday hours when 'Repeat these hours every …' is (no slots: it stops repeating).
 */
export function saveRequest(context: MyListingContext): SaveAvailabilityRequest {
  const days = context.dates.map((date) => ({ date, slots: context.days[date] ?? [] }))
  const selected = context.days[context.selectedDate] ?? []
  return {
    days,
    ...(context.makeDefault ? { defaultSlots: selected } : {}),
    ...(context.timeZone === null ? { timeZone: context.browserZone } : {}),
    ...(context.repeatWeekly ? { weekly: [{ weekday: weekdayOf(context.selectedDate), slots: selected.length > 0 ? selected : null }] } : {}),
  }
}

/** The picker's edits; leaving the saved state they also clear its message. */
const edits = (after: "keep" | "clearMessage") => {
  const extra = after === "clearMessage" ? (["clearMessage"] as const) : ([] as const)
  return {
    "date.select": { guard: "isShownDate", target: "#myListing.editing", actions: ["selectDate", ...extra] },
    "slot.toggle": { target: "#myListing.editing", actions: ["toggleSlot", ...extra] },
    "default.toggle": { target: "#myListing.editing", actions: ["toggleDefault", ...extra] },
    "weekly.toggle": { target: "#myListing.editing", actions: ["toggleWeekly", ...extra] },
    "availability.submit": { target: "#myListing.saving" },
  } as const
}

/**
 * My Listing: 7 date buttons from today, 30-minute slot checkboxes 08:00 to 19:30, 'Make as default
 * for all dates' and Submit. Beyond the spec, the picker is loaded from and saved to the server.
 */
export const myListingMachine = setup({
  types: {
    context: {} as MyListingContext,
    events: {} as MyListingEvent,
    input: {} as { today: string; browserZone?: string },
  },
  actors: {
    loadAvailability: fromCall<MyAvailability, { from: string }>(
      availabilityCalls.myAvailability,
      async ({ input }) => (await availabilityApi.getMyAvailability(input.from, AVAILABILITY_DAYS)).data,
    ),
    saveAvailability: fromCall<MyAvailability, SaveAvailabilityRequest>(
      availabilityCalls.saveMyAvailability,
      async ({ input }) => (await availabilityApi.saveMyAvailability(input)).data,
    ),
  },
  actions: {
    // Another date is another weekday: its 'Repeat every …' starts unticked.
    selectDate: assign({ selectedDate: ({ context, event }) => (event.type === "date.select" ? event.date : context.selectedDate), repeatWeekly: false }),
    toggleWeekly: assign({ repeatWeekly: ({ context }) => !context.repeatWeekly }),
    takeSavedWeekly: assign(({ context, event }) => {
      const data = (event as unknown as { output: MyAvailability }).output
      return {
        weekly: data.weekly ? data.weekly.map((w) => (w ? [...w] : null)) : context.weekly,
        repeatWeekly: false,
        timeZone: data.timeZone ?? context.timeZone,
      }
    }),
    clearMessage: assign({ message: null }),
    toggleSlot: assign(({ context, event }) => {
      if (event.type !== "slot.toggle") return {}
      const slots = toggled(context.days[context.selectedDate] ?? [], event.slot)
      // While 'Make as default' is ticked every date shows, and saves, the same slots.
      return { days: context.makeDefault ? sameForAll(context.dates, slots) : { ...context.days, [context.selectedDate]: slots } }
    }),
    toggleDefault: assign(({ context }) =>
      context.makeDefault ? { makeDefault: false } : { makeDefault: true, days: sameForAll(context.dates, context.days[context.selectedDate] ?? []) },
    ),
    showLoaded: assign(({ event }) => {
      const data = (event as unknown as { output: MyAvailability }).output
      return {
        days: Object.fromEntries(data.days.map((d) => [d.date, [...d.slots]])),
        makeDefault: false,
        repeatWeekly: false,
        weekly: data.weekly ? data.weekly.map((w) => (w ? [...w] : null)) : NO_WEEKLY,
        timeZone: data.timeZone ?? null,
      }
    }),
  },
  guards: {
    isShownDate: ({ context, event }) => event.type === "date.select" && context.dates.includes(event.date),
  },
  delays: { messageShown: SAVED_MESSAGE_MS },
}).createMachine({
  id: "myListing",
  context: ({ input }) => {
    const dates = datesFrom(input.today, AVAILABILITY_DAYS)
    return {
      dates,
      selectedDate: dates[0]!,
      days: sameForAll(dates, []),
      makeDefault: false,
      weekly: NO_WEEKLY,
      repeatWeekly: false,
      timeZone: null,
      browserZone: input.browserZone ?? "UTC",
      message: null,
    }
  },
  initial: "loading",
  states: {
    loading: {
      description: "The vendor's saved slots for the 7 dates are fetched.",
      tags: ["busy"],
      invoke: {
        src: "loadAvailability",
        input: ({ context }) => ({ from: context.dates[0]! }),
        onDone: { target: "editing", actions: "showLoaded" },
        onError: { target: "loadFailed", actions: assign({ message: { text: AVAILABILITY_LOAD_FAILED, tone: "error" as Tone } }) },
      },
    },
    loadFailed: {
      description: "'Failed to load availability.' in red; the picker can be reloaded.",
      on: { "availability.reload": { target: "loading", actions: assign({ message: null }) } },
    },
    editing: {
      description: "Pick a date, tick its slots, optionally make them the default for all dates, Submit.",
      on: edits("keep"),
    },
    saving: {
      description: "Submit is disabled and shows it is busy; the ticks stay as they are.",
      tags: ["busy"],
      entry: assign({ message: null }),
      invoke: {
        src: "saveAvailability",
        input: ({ context }) => saveRequest(context),
        onDone: { target: "saved", actions: [assign({ message: { text: AVAILABILITY_SAVED, tone: "success" as Tone } }), "takeSavedWeekly"] },
        onError: {
          target: "editing",
          actions: assign({ message: ({ event }) => ({ text: messageOf(event.error, AVAILABILITY_SAVE_FAILED), tone: "error" as Tone }) }),
        },
      },
    },
    saved: {
      description: "'Availability saved successfully!' shows for 2 seconds; editing may go on meanwhile.",
      after: { messageShown: { target: "editing", actions: "clearMessage" } },
      on: edits("clearMessage"),
    },
  },
})
