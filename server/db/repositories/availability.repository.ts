import type { AvailabilityDayView, AvailabilitySlot } from "../../../src/api/contract/availability.ts"
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

/** Each date's saved slots, or the vendor's default (flagged) when that date has none. */
export async function findDays(db: Db, vendorId: string, dates: readonly string[]): Promise<AvailabilityDayView[]> {
  if (dates.length === 0) return []
  const [rows, defaults] = await Promise.all([
    db.selectFrom("vendor_availability").select(["day", "slots"]).where("vendor_id", "=", vendorId).where("day", "in", dates).execute(),
    findDefaultSlots(db, vendorId),
  ])
  const saved = new Map(rows.map((r) => [r.day, r.slots]))
  return dates.map((date) => {
    const slots = saved.get(date)
    return slots ? { date, slots: ordered(slots), isDefault: false } : { date, slots: defaults ?? [], isDefault: true }
  })
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
