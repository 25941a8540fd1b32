import type { ColumnType } from "kysely"

/** Slot lists are JSON arrays of "HH:mm" starts; written with `json(...)`. */
type Slots = ColumnType<string[], string, string>

/** A vendor's slots for one date of their own calendar ('YYYY-MM-DD'). */
export interface VendorAvailabilityTable {
  vendor_id: string
  day: string
  slots: Slots
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
}

/** The slots that apply to every date without its own row ('Make as default for all dates'). */
export interface VendorDefaultAvailabilityTable {
  vendor_id: string
  slots: Slots
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
}

/** The slots of one weekday (0 Monday … 6 Sunday) for every such date without slots of its own (migration 0019). */
export interface VendorWeeklyAvailabilityTable {
  vendor_id: string
  weekday: number
  slots: Slots
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
}
