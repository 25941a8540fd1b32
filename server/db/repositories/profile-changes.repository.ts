import { randomUUID } from "node:crypto"
import type { Db } from "../database.ts"
import { json } from "../database.ts"
import type { ProfileChangeRow, ProfileChangeStatus } from "../profile-changes.table.ts"

type Values = Record<string, string | null>

/** The vendor's change waiting for review, locked for the caller's transaction. */
export const lockPendingChange = (db: Db, vendorId: string) =>
  db.selectFrom("profile_changes").selectAll().where("vendor_id", "=", vendorId).where("status", "=", "pending").forUpdate().executeTakeFirst()

export const pendingChangeOf = (db: Db, vendorId: string) =>
  db.selectFrom("profile_changes").selectAll().where("vendor_id", "=", vendorId).where("status", "=", "pending").executeTakeFirst()

/** The vendor's newest change, whatever became of it. */
export const latestChangeOf = (db: Db, vendorId: string) =>
  db.selectFrom("profile_changes").selectAll().where("vendor_id", "=", vendorId).orderBy("created_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst()

/** The vendor's row says whether a change waits (the lists' marker): set with every change that starts or ends. */
const markPending = (db: Db, vendorId: string, pending: boolean) =>
  db.updateTable("users").set({ profile_change_pending: pending }).where("id", "=", vendorId).execute()

/** Call inside the transaction that holds the vendor's row (the flag and the change move together). */
export async function insertChange(db: Db, vendorId: string, changes: Values, approved: Values, at: Date): Promise<ProfileChangeRow> {
  const row = await db
    .insertInto("profile_changes")
    .values({ id: randomUUID(), vendor_id: vendorId, status: "pending", changes: json(changes), approved: json(approved), created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow()
  await markPending(db, vendorId, true)
  return row
}

export const replaceChange = (db: Db, id: string, changes: Values, approved: Values, at: Date): Promise<ProfileChangeRow> =>
  db
    .updateTable("profile_changes")
    .set((eb) => ({ changes: json(changes), approved: json(approved), updated_at: at, version: eb("version", "+", 1) }))
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow()

/** Ends the pending change (approved, rejected or withdrawn); call inside the transaction that holds the vendor's row. */
export async function decideChange(
  db: Db,
  id: string,
  decision: { status: Exclude<ProfileChangeStatus, "pending">; by: string; reason?: string | null },
  at: Date,
): Promise<ProfileChangeRow> {
  const row = await db
    .updateTable("profile_changes")
    .set((eb) => ({
      status: decision.status,
      decided_by: decision.by,
      decided_at: at,
      reason: decision.reason ?? null,
      updated_at: at,
      version: eb("version", "+", 1),
    }))
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow()
  await markPending(db, row.vendor_id, false)
  return row
}
