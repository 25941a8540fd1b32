import { AVAILABILITY_DAYS, addDays, datesFrom, type SaveAvailabilityRequest } from "../../../src/api/contract/availability.ts"
import { isVendorRole } from "../../../src/api/contract/common.ts"
import type { Db } from "../../db/database.ts"
import { findDays, findDefaultSlots, setDefaultSlots, upsertDays } from "../../db/repositories/availability.repository.ts"
import { findUserById } from "../../db/repositories/users.repository.ts"
import type { Caller } from "../auth/tokens.ts"
import { badRequest, notFound } from "../errors.ts"
import { snapshotOf } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"

export interface AvailabilityDeps {
  db: Db
  now: () => number
}

/** How far ahead a vendor may plan. */
const MAX_DAYS_AHEAD = 366

const utcToday = (now: number) => new Date(now).toISOString().slice(0, 10)

async function view(db: Db, vendorId: string, dates: readonly string[]) {
  const [defaultSlots, days] = await Promise.all([findDefaultSlots(db, vendorId), findDays(db, vendorId, dates)])
  return { success: true, data: { defaultSlots, days } }
}

/** My Listing: the signed-in vendor's dates from their own today. */
export function getMyAvailability(deps: AvailabilityDeps, caller: Caller, from: string, days = AVAILABILITY_DAYS) {
  return view(deps.db, caller.id, datesFrom(from, days))
}

/**
 * Saves the listed dates (and the default when given) in one transaction with its event.
 * The vendor's time zone is not known here, so "today" may be a day either side of UTC's.
 */
export async function saveMyAvailability(deps: AvailabilityDeps, caller: Caller, request: SaveAvailabilityRequest) {
  const today = utcToday(deps.now())
  request.days.forEach((day, i) => {
    if (day.date < addDays(today, -1)) throw badRequest(`days.${i}.date: must not be in the past`)
    if (day.date > addDays(today, MAX_DAYS_AHEAD)) throw badRequest(`days.${i}.date: must be within a year from today`)
  })
  const dates = request.days.map((d) => d.date)
  const at = new Date(deps.now())
  await deps.db.transaction().execute(async (trx) => {
    const before = await snapshotOf(trx, "availability", caller.id)
    await upsertDays(trx, caller.id, request.days, at)
    if (request.defaultSlots !== undefined) await setDefaultSlots(trx, caller.id, request.defaultSlots, at)
    // Clearing the default with no dates left removes the vendor's availability altogether.
    const gone = (await snapshotOf(trx, "availability", caller.id)) === null
    if (before || !gone) {
      await recordChange(trx, { entityType: "availability", entityId: caller.id, type: gone ? "availability.deleted" : "availability.updated", actorId: caller.id, before })
    }
  })
  return view(deps.db, caller.id, dates)
}

/** For the Admin creating a session: what one vendor marked for one date. */
export async function getVendorAvailability(deps: AvailabilityDeps, vendorId: string, date: string) {
  const vendor = await findUserById(deps.db, vendorId)
  if (!vendor || !isVendorRole(vendor.role)) throw notFound("Vendor not found.")
  const [day] = await findDays(deps.db, vendorId, [date])
  return { success: true, data: { vendorId, date, slots: day!.slots, isDefault: day!.isDefault } }
}
