import type { Db } from "../../db/database.ts"
import type { UserRow } from "../../db/users.table.ts"
import { snapshotOfRow } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"
import { rowUpdateOf, type ProfileValues } from "./profile-values.ts"

/**
 * Writes profile values onto the vendor's row, which the caller's transaction holds locked (so the row it read is the
 * "before"), and records the change as one event on the vendor: the vendor's own edit or an Admin's approval.
 */
export async function writeProfileValues(
  trx: Db,
  vendor: UserRow,
  values: ProfileValues,
  change: { type: "user.profileUpdated" | "user.profileChangeApproved"; actorId: string; at: Date },
): Promise<UserRow> {
  const row = await trx
    .updateTable("users")
    .set((eb) => ({ ...rowUpdateOf(vendor, values), updated_at: change.at, version: eb("version", "+", 1) }))
    .where("id", "=", vendor.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  await recordChange(trx, { entityType: "user", entityId: vendor.id, type: change.type, actorId: change.actorId, before: snapshotOfRow("user", vendor), row })
  return row
}
