import type { ColumnType, Selectable } from "kysely"
import type { SessionState } from "../../src/api/contract/counselling/counselling-session.ts"

export interface RescheduleWishRow {
  startsAt: string
  reason: string
  requestedAt: string
}

/**
 * Booked counselling sessions. `starts_at`/`ends_at` are UTC instants (ends = start + duration) so
 * the counsellor-overlap check is one range comparison; `sequence` numbers the calendar invites.
 */
export interface CounsellingSessionsTable {
  id: string
  user_id: string
  counsellor_id: string
  topic: string
  agenda: string
  note: string | null
  duration: number
  starts_at: ColumnType<Date, Date | string, Date | string>
  ends_at: ColumnType<Date, Date | string, Date | string>
  meeting_key: string | null
  join_link: string | null
  start_link: string | null
  booking_age: number | null
  sequence: ColumnType<number, number | undefined, number>
  state: ColumnType<SessionState, SessionState | undefined, SessionState>
  state_reason: string | null
  cancelled_late: ColumnType<boolean, boolean | undefined, boolean>
  /** A client's pending wish for another start: `{ startsAt, reason, requestedAt }` (ISO instants). */
  reschedule_wish: ColumnType<RescheduleWishRow | null, string | null | undefined, string | null>
  created_by: string | null
  created_at: ColumnType<Date, Date | string | undefined, never>
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
}
export type CounsellingSessionRow = Selectable<CounsellingSessionsTable>
