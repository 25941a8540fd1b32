import type { TimeZoneSetting } from "../../../src/api/contract/account/time-zone.ts"
import type { Db } from "../../db/database.ts"
import type { Caller } from "../auth/tokens.ts"
import { snapshotOf } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"
import { notFound } from "../errors.ts"

interface TimeZoneDeps {
  db: Db
  now: () => number
}

export async function getMyTimeZone(deps: TimeZoneDeps, caller: Caller) {
  const row = await deps.db.selectFrom("users").select("time_zone").where("id", "=", caller.id).executeTakeFirst()
  if (!row) throw notFound("User not found.")
  return { success: true, data: { timeZone: row.time_zone } }
}

/** Sets the person's zone (a vendor's hours are read in it from then on), with its event. */
export async function setMyTimeZone(deps: TimeZoneDeps, caller: Caller, body: TimeZoneSetting) {
  await deps.db.transaction().execute(async (trx) => {
    const before = await snapshotOf(trx, "user", caller.id)
    if (!before) throw notFound("User not found.")
    await trx
      .updateTable("users")
      .set({ time_zone: body.timeZone, updated_at: new Date(deps.now()) })
      .where("id", "=", caller.id)
      .execute()
    await recordChange(trx, { entityType: "user", entityId: caller.id, type: "user.timeZoneChanged", actorId: caller.id, before })
  })
  return {
    success: true,
    message: body.timeZone ? `Your time zone is now ${body.timeZone}.` : "Your time zone now follows this browser.",
    data: { timeZone: body.timeZone },
  }
}
