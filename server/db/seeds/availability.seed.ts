import { addDays, availabilitySlots } from "../../../src/api/contract/availability/availability.ts"
import { vendorRoles } from "../../../src/api/contract/common.ts"
import { json, type Db } from "../database.ts"

/** Working-hour patterns the demo vendors rotate through (slot starts, "HH:mm"). */
const PATTERNS: string[][] = [
  availabilitySlots.filter((s) => s >= "10:00" && s < "13:00"),
  availabilitySlots.filter((s) => (s >= "09:00" && s < "12:00") || (s >= "15:00" && s < "18:00")),
  availabilitySlots.filter((s) => s >= "14:00" && s < "19:00"),
  availabilitySlots.filter((s) => s >= "08:00" && s < "11:00"),
]

/**
 * Every approved vendor gets default hours, so the Admin creating a session sees real slots;
 * the demo vendor logins also have their next two days set apart from the default.
 */
export async function seedAvailability(db: Db, now: number): Promise<void> {
  const vendors = await db
    .selectFrom("users")
    .select(["id", "email"])
    .where("role", "in", [...vendorRoles])
    .where("status", "=", "Approve")
    .orderBy("email")
    .execute()
  if (vendors.length === 0) return
  const at = new Date(now)
  await db
    .insertInto("vendor_default_availability")
    .values(vendors.map((v, i) => ({ vendor_id: v.id, slots: json(PATTERNS[i % PATTERNS.length]), updated_at: at })))
    .execute()
  const today = new Date(now).toISOString().slice(0, 10)
  const logins = vendors.filter((v) => v.email.endsWith("@demo.test"))
  await db
    .insertInto("vendor_availability")
    .values(
      logins.flatMap((v, i) => [
        { vendor_id: v.id, day: addDays(today, 1), slots: json(PATTERNS[(i + 1) % PATTERNS.length]), updated_at: at },
        { vendor_id: v.id, day: addDays(today, 2), slots: json([]), updated_at: at },
      ]),
    )
    .execute()
}
