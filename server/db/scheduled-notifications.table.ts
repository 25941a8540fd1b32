import type { ColumnType, Generated } from "kysely"

export type ScheduledStatus = "pending" | "done" | "dropped"

/** A notification told later (migration 0018); `notifications` is the queue's `Notification[]` as JSON. */
export interface ScheduledNotificationsTable {
  id: Generated<string>
  key: string
  entity_type: string
  entity_id: string
  due_at: ColumnType<Date, Date, Date>
  expires_at: ColumnType<Date | null, Date | null, Date | null>
  notifications: ColumnType<unknown, string, string>
  status: ColumnType<ScheduledStatus, ScheduledStatus | undefined, ScheduledStatus>
  created_at: ColumnType<Date, Date, never>
}
