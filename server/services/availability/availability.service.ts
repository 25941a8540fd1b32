import {
  AVAILABILITY_DAYS,
  addDays,
  datesFrom,
  MAX_FREE_DAYS,
  SLOT_MINUTES,
  type FreeSlotsQuery,
  type SaveAvailabilityRequest,
} from "../../../src/api/contract/availability/availability.ts"
import { busyBetween } from "../../db/repositories/counselling-sessions.repository.ts"
import { freeSlots, localDate } from "./free-slots.ts"
import { isVendorRole } from "../../../src/api/contract/common.ts"
import type { Db } from "../../db/database.ts"
import { findDays, findDefaultSlots, findWeekly, setDefaultSlots, setWeekly, upsertDays } from "../../db/repositories/availability.repository.ts"
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
  const [defaultSlots, days, weekly, zone] = await Promise.all([
    findDefaultSlots(db, vendorId),
    findDays(db, vendorId, dates),
    findWeekly(db, vendorId),
    db.selectFrom("users").select("time_zone").where("id", "=", vendorId).executeTakeFirst(),
  ])
  return { success: true, data: { defaultSlots, days, weekly, timeZone: zone?.time_zone ?? null } }
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
    if (request.weekly) await setWeekly(trx, caller.id, request.weekly, at)
    // A vendor who never chose a zone keeps their hours in the one their browser is in (the profile changes it).
    if (request.timeZone)
      await trx.updateTable("users").set({ time_zone: request.timeZone }).where("id", "=", caller.id).where("time_zone", "is", null).execute()
    // Clearing the default with no dates left removes the vendor's availability altogether.
    const gone = (await snapshotOf(trx, "availability", caller.id)) === null
    if (before || !gone) {
      await recordChange(trx, {
        entityType: "availability",
        entityId: caller.id,
        type: gone ? "availability.deleted" : "availability.updated",
        actorId: caller.id,
        before,
      })
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

/**
 * The vendor's free slots in [from, to) for the Admin booking or moving a session: marked available in
 * the vendor's zone (the date's own slots, else the weekday's, else the default), not past, and not
 * taken by a session (not cancelled) of the vendor or of the client, the moved session aside.
 */
export async function getFreeSlots(deps: AvailabilityDeps, vendorId: string, query: FreeSlotsQuery) {
  const vendor = await findUserById(deps.db, vendorId)
  if (!vendor || !isVendorRole(vendor.role)) throw notFound("Vendor not found.")
  const from = Date.parse(query.from)
  const to = Date.parse(query.to)
  if (Number.isNaN(from) || Number.isNaN(to)) throw badRequest("from: must be a real date and time")
  if (to <= from) throw badRequest("to: must be later than from")
  if (to - from > MAX_FREE_DAYS * 86_400_000) throw badRequest(`to: a range spans at most ${MAX_FREE_DAYS} days`)
  const zone = vendor.time_zone ?? "UTC"
  const slotMs = SLOT_MINUTES * 60_000
  // The vendor-local dates the range touches, a day either side for zones far from UTC.
  const dates: string[] = []
  for (let d = localDate(from - 86_400_000, zone); d <= addDays(localDate(to, zone), 1); d = addDays(d, 1)) dates.push(d)
  const [days, busy] = await Promise.all([
    findDays(deps.db, vendorId, dates),
    busyBetween(deps.db, vendorId, query.clientId ?? null, new Date(from - slotMs), new Date(to + slotMs), query.exceptSessionId ?? null),
  ])
  const byDate = new Map(days.map((d) => [d.date, d.slots]))
  const free = freeSlots({ from, to, zone, slotsOf: (date) => byDate.get(date) ?? [], busy, now: deps.now(), slotMs })
  return {
    success: true,
    data: { vendorId, timeZone: zone, slots: free.map((s) => ({ start: new Date(s.start).toISOString(), end: new Date(s.end).toISOString() })) },
  }
}
