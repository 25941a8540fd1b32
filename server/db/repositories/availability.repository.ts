import { weekdayOf, type AvailabilityDayView, type AvailabilitySlot } from "../../../src/api/contract/availability/availability.ts"
import { json, type Db } from "../database.ts"

/**
 * Slots are kept in the picker's order whatever order they were ticked in. Every slot stored was
 * decoded as the contract's AvailabilitySlot on its way in (PUT /availability), so it is one still.
 */
const ordered = (slots: readonly string[]): AvailabilitySlot[] => [...slots].sort() as AvailabilitySlot[]

export async function findDefaultSlots(db: Db, vendorId: string): Promise<AvailabilitySlot[] | null> {
  const row = await db.selectFrom("vendor_default_availability").select("slots").where("vendor_id", "=", vendorId).executeTakeFirst()
  return row ? ordered(row.slots) : null
}

/** Each weekday's hours, Monday first: null where the weekday has none of its own. */
export async function findWeekly(db: Db, vendorId: string): Promise<Array<AvailabilitySlot[] | null>> {
  const rows = await db.selectFrom("vendor_weekly_availability").select(["weekday", "slots"]).where("vendor_id", "=", vendorId).execute()
  const byDay = new Map(rows.map((r) => [r.weekday, ordered(r.slots)]))
  return Array.from({ length: 7 }, (_, weekday) => byDay.get(weekday) ?? null)
}

/**
 * Each date's own slots; without, its weekday's hours; without, the vendor's default (both flagged as
 * not the date's own).
 */
export async function findDays(db: Db, vendorId: string, dates: readonly string[]): Promise<AvailabilityDayView[]> {
  if (dates.length === 0) return []
  const [rows, defaults, weekly] = await Promise.all([
    db.selectFrom("vendor_availability").select(["day", "slots"]).where("vendor_id", "=", vendorId).where("day", "in", dates).execute(),
    findDefaultSlots(db, vendorId),
    findWeekly(db, vendorId),
  ])
  const saved = new Map(rows.map((r) => [r.day, r.slots]))
  return dates.map((date) => {
    const slots = saved.get(date)
    return slots ? { date, slots: ordered(slots), isDefault: false } : { date, slots: weekly[weekdayOf(date)] ?? defaults ?? [], isDefault: true }
  })
}

/** Replaces the listed weekdays' hours; null removes a weekday's. */
export async function setWeekly(db: Db, vendorId: string, rows: ReadonlyArray<{ weekday: number; slots: readonly string[] | null }>, at: Date): Promise<void> {
  const cleared = rows.filter((r) => r.slots === null).map((r) => r.weekday)
  if (cleared.length > 0) await db.deleteFrom("vendor_weekly_availability").where("vendor_id", "=", vendorId).where("weekday", "in", cleared).execute()
  const set = rows.filter((r) => r.slots !== null)
  if (set.length === 0) return
  await db
    .insertInto("vendor_weekly_availability")
    .values(set.map((r) => ({ vendor_id: vendorId, weekday: r.weekday, slots: json(ordered(r.slots!)), updated_at: at })))
    .onConflict((oc) =>
      oc.columns(["vendor_id", "weekday"]).doUpdateSet((eb) => ({ slots: eb.ref("excluded.slots"), updated_at: eb.ref("excluded.updated_at") })),
    )
    .execute()
}

export async function upsertDays(db: Db, vendorId: string, days: ReadonlyArray<{ date: string; slots: readonly string[] }>, at: Date): Promise<void> {
  if (days.length === 0) return
  await db
    .insertInto("vendor_availability")
    .values(days.map((d) => ({ vendor_id: vendorId, day: d.date, slots: json(ordered(d.slots)), updated_at: at })))
    .onConflict((oc) => oc.columns(["vendor_id", "day"]).doUpdateSet((eb) => ({ slots: eb.ref("excluded.slots"), updated_at: eb.ref("excluded.updated_at") })))
    .execute()
}

export async function setDefaultSlots(db: Db, vendorId: string, slots: readonly string[] | null, at: Date): Promise<void> {
  if (slots === null) {
    await db.deleteFrom("vendor_default_availability").where("vendor_id", "=", vendorId).execute()
    return
  }
  await db
    .insertInto("vendor_default_availability")
    .values({ vendor_id: vendorId, slots: json(ordered(slots)), updated_at: at })
    .onConflict((oc) => oc.column("vendor_id").doUpdateSet((eb) => ({ slots: eb.ref("excluded.slots"), updated_at: eb.ref("excluded.updated_at") })))
    .execute()
}
