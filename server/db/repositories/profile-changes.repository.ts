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

export const insertChange = (db: Db, vendorId: string, changes: Values, approved: Values, at: Date): Promise<ProfileChangeRow> =>
  db
    .insertInto("profile_changes")
    .values({ id: randomUUID(), vendor_id: vendorId, status: "pending", changes: json(changes), approved: json(approved), created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow()

export const replaceChange = (db: Db, id: string, changes: Values, approved: Values, at: Date): Promise<ProfileChangeRow> =>
  db
    .updateTable("profile_changes")
    .set((eb) => ({ changes: json(changes), approved: json(approved), updated_at: at, version: eb("version", "+", 1) }))
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow()

export const decideChange = (
  db: Db,
  id: string,
  decision: { status: Exclude<ProfileChangeStatus, "pending">; by: string; reason?: string | null },
  at: Date,
): Promise<ProfileChangeRow> =>
  db
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
