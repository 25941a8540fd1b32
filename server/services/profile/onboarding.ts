import { sql } from "kysely"
import { onboardingOf, type Onboarding } from "../../../src/api/contract/vendors/onboarding.ts"
import type { Db } from "../../db/database.ts"
import { profileValuesOf } from "./profile-values.ts"

/** The vendors among `ids` with bookable hours: weekly or default slots, or slots on a date from `today` on. */
async function withAvailability(db: Db, ids: readonly string[], today: string): Promise<Set<string>> {
  const slotted = sql<boolean>`jsonb_array_length(slots) > 0`
  const rows = await db
    .selectFrom("vendor_weekly_availability")
    .select("vendor_id")
    .where("vendor_id", "in", ids)
    .where(slotted)
    .union(db.selectFrom("vendor_default_availability").select("vendor_id").where("vendor_id", "in", ids).where(slotted))
    .union(db.selectFrom("vendor_availability").select("vendor_id").where("vendor_id", "in", ids).where("day", ">=", today).where(slotted))
    .execute()
  return new Set(rows.map((r) => r.vendor_id))
}

/**
 * The onboarding checklists of these vendors (issue 26), by id, in three reads whatever their number (a review
 * list's page): their rows, their pending changes, and which of them have hours.
 */
export async function onboardingOfVendors(db: Db, ids: readonly string[], now: number): Promise<Map<string, Onboarding>> {
  if (ids.length === 0) return new Map()
  const [rows, pending, hours] = await Promise.all([
    db.selectFrom("users").selectAll().where("id", "in", ids).execute(),
    db.selectFrom("profile_changes").select(["vendor_id", "changes"]).where("vendor_id", "in", ids).where("status", "=", "pending").execute(),
    withAvailability(db, ids, new Date(now).toISOString().slice(0, 10)),
  ])
  const asked = new Map(pending.map((p) => [p.vendor_id, p.changes]))
  return new Map(rows.map((row) => [row.id, onboardingOf(profileValuesOf(row), asked.get(row.id) ?? {}, hours.has(row.id))]))
}

/** GET /user/onboarding: the signed-in vendor's own checklist. */
export async function ownOnboarding(deps: { db: Db; now: () => number }, vendorId: string) {
  const checklist = (await onboardingOfVendors(deps.db, [vendorId], deps.now())).get(vendorId)
  return { success: true, data: checklist ?? onboardingOf({}, {}, false) }
}
