import { Schema } from "effect"
import { Id, IsoDateTime, RangeInstant } from "../common.ts"
import { TimeZone } from "../counselling/counselling-session.ts"
import { DateOnly } from "../partner/partner.ts"

/**
 * The availability picker's slots (spec section 9): 30 minutes each, starting 08:00 to 19:30,
 * the last one ending 08:00 PM. A slot is named by its start time, 24-hour "HH:mm".
 */
// prettier-ignore
export const availabilitySlots = [
  "08:00", "08:30", "09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30", "13:00", "13:30",
  "14:00", "14:30", "15:00", "15:30", "16:00", "16:30", "17:00", "17:30", "18:00", "18:30", "19:00", "19:30",
] as const
export const AvailabilitySlot = Schema.Literals(availabilitySlots).annotate({ message: "must be a 30-minute slot start from 08:00 to 19:30" })
export type AvailabilitySlot = typeof AvailabilitySlot.Type
export const SlotList = Schema.Array(AvailabilitySlot).check(Schema.isUnique({ message: "must not repeat a slot" }))

/** Days shown by the picker: 7 starting today (spec section 9). */
export const AVAILABILITY_DAYS = 7
/** The most days one call reads or writes. */
export const MAX_AVAILABILITY_DAYS = 31

export const AvailabilityDay = Schema.Struct({
  date: DateOnly,
  slots: SlotList,
})
export type AvailabilityDay = typeof AvailabilityDay.Type

/** A day as read back: `isDefault` when no slots were saved for that date and the default applies. */
export const AvailabilityDayView = Schema.Struct({
  date: DateOnly,
  slots: Schema.Array(AvailabilitySlot),
  isDefault: Schema.Boolean,
})
export type AvailabilityDayView = typeof AvailabilityDayView.Type

const DaysParam = Schema.optional(
  Schema.FiniteFromString.check(
    Schema.isInt(),
    Schema.isBetween({ minimum: 1, maximum: MAX_AVAILABILITY_DAYS }, { message: `must be from 1 to ${MAX_AVAILABILITY_DAYS}` }),
  ),
)

/** Weekly hours name their weekday by number: 0 Monday … 6 Sunday. */
export const weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const
export const Weekday = Schema.Number.check(
  Schema.isInt(),
  Schema.isBetween({ minimum: 0, maximum: 6 }, { message: "must be a weekday from 0 (Monday) to 6 (Sunday)" }),
)
/** A weekday's slots for every such date without slots of its own; null clears them. */
export const WeeklyHours = Schema.Struct({ weekday: Weekday, slots: Schema.NullOr(SlotList) })
export type WeeklyHours = typeof WeeklyHours.Type

/** The weekday of a `YYYY-MM-DD` date, 0 Monday … 6 Sunday (a calendar date has no zone). */
export const weekdayOf = (date: string): number => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7

/** GET /availability: `from` is the vendor's today (their time zone decides), `days` defaults to 7. */
export const MyAvailabilityQuery = Schema.Struct({ from: DateOnly, days: DaysParam })

export const MyAvailability = Schema.Struct({
  /** Slots that apply to every date without slots of its own ('Make as default for all dates'); null when never set. */
  defaultSlots: Schema.NullOr(Schema.Array(AvailabilitySlot)),
  days: Schema.Array(AvailabilityDayView),
  /** Each weekday's hours, Monday first (null: none of its own, the default applies). */
  weekly: Schema.optional(Schema.Array(Schema.NullOr(Schema.Array(AvailabilitySlot)))),
  /** The zone the slots are read in: the vendor's own (their profile); null until they have one (UTC is used). */
  timeZone: Schema.optional(Schema.NullOr(Schema.String)),
})
export type MyAvailability = typeof MyAvailability.Type
export const MyAvailabilityAnswer = Schema.Struct({ success: Schema.Boolean, data: MyAvailability })

/**
 * PUT /availability: each listed day's slots replace what was saved for that date; when
 * `defaultSlots` is present it replaces the default too (null clears it).
 */
export const SaveAvailabilityRequest = Schema.Struct({
  days: Schema.Array(AvailabilityDay).check(
    Schema.isMaxLength(MAX_AVAILABILITY_DAYS, { message: `must list at most ${MAX_AVAILABILITY_DAYS} days` }),
    Schema.makeFilter(
      (days: ReadonlyArray<{ date: string }>) => (new Set(days.map((d) => d.date)).size === days.length ? true : "must not list a date twice"),
      {
        toJsonSchema: () => ({ description: "No date twice; every date from the vendor's today to a year ahead." }),
      },
    ),
  ),
  defaultSlots: Schema.optional(Schema.NullOr(SlotList)),
  /** The zone the vendor's hours are in: kept as their time zone when they have none yet (their browser's). */
  timeZone: Schema.optional(TimeZone),
  /** Weekdays whose hours change ('Repeat every Wednesday'). */
  weekly: Schema.optional(
    Schema.Array(WeeklyHours).check(
      Schema.isMaxLength(7, { message: "must list each weekday at most once" }),
      Schema.makeFilter(
        (rows: ReadonlyArray<{ weekday: number }>) => (new Set(rows.map((r) => r.weekday)).size === rows.length ? true : "must list each weekday at most once"),
        {
          toJsonSchema: () => ({ description: "Each weekday at most once." }),
        },
      ),
    ),
  ),
})
export type SaveAvailabilityRequest = typeof SaveAvailabilityRequest.Type

export const VendorAvailabilityParams = Schema.Struct({ vendorId: Id })
export const VendorAvailabilityQuery = Schema.Struct({ date: DateOnly })

/** One vendor's slots for one date, for the Admin creating a session. */
export const VendorAvailability = Schema.Struct({
  vendorId: Id,
  date: DateOnly,
  slots: Schema.Array(AvailabilitySlot),
  isDefault: Schema.Boolean,
})
export type VendorAvailability = typeof VendorAvailability.Type
export const VendorAvailabilityAnswer = Schema.Struct({ success: Schema.Boolean, data: VendorAvailability })

/** 'YYYY-MM-DD' plus `n` days, on the calendar alone (no time zone can shift it). */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10)
}

/** `count` consecutive dates starting at `from`. */
export const datesFrom = (from: string, count: number): string[] => Array.from({ length: count }, (_, i) => addDays(from, i))

/**
 * GET /availability/{vendorId}/free: the vendor's free slots starting in [from, to): their marked slots
 * (the date's own, else the weekday's, else the default), read in the vendor's zone, minus the past and
 * minus every session, not cancelled, of the vendor and (with `clientId`) of the client.
 */
export const FreeSlotsQuery = Schema.Struct({
  from: RangeInstant,
  to: RangeInstant.annotate({ description: "The range's end: after `from`, at most 31 days after it" }),
  clientId: Schema.optional(Id),
  /** The session being moved: its own time does not count as taken. */
  exceptSessionId: Schema.optional(Id),
})
export type FreeSlotsQuery = typeof FreeSlotsQuery.Type
export const FreeSlot = Schema.Struct({ start: IsoDateTime, end: IsoDateTime })
export type FreeSlot = typeof FreeSlot.Type
export const FreeSlots = Schema.Struct({ vendorId: Id, timeZone: Schema.String, slots: Schema.Array(FreeSlot) })
export type FreeSlots = typeof FreeSlots.Type
export const FreeSlotsAnswer = Schema.Struct({ success: Schema.Boolean, data: FreeSlots })

/** How long one slot of the picker lasts. */
export const SLOT_MINUTES = 30
/** The longest range free slots are computed for. */
export const MAX_FREE_DAYS = 31
