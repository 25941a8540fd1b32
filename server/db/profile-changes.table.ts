import type { ColumnType, Generated, Selectable } from "kysely"

type Json<T> = ColumnType<T, string, string>

export type ProfileChangeStatus = "pending" | "approved" | "rejected" | "withdrawn"

/** A vendor's change to reviewed profile fields and its decision (migration 0032). Values keyed by form field name. */
export interface ProfileChangesTable {
  id: string
  vendor_id: string
  status: ProfileChangeStatus
  /** The values asked for. */
  changes: Json<Record<string, string | null>>
  /** The approved values they would replace, as they were when asked. */
  approved: Json<Record<string, string | null>>
  /** Why an Admin rejected it. */
  reason: string | null
  decided_by: string | null
  decided_at: Date | null
  created_at: ColumnType<Date, Date, never>
  updated_at: Date
  version: Generated<number>
}
export type ProfileChangeRow = Selectable<ProfileChangesTable>
