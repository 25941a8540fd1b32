import type { ColumnType, Generated } from "kysely"

/** What a queued mail carries besides its subject; cleared once sent (a reset link is a secret). */
export interface OutboxMessage {
  text: string
  html: string
  attachments?: Array<{ filename: string; content: string; contentType: string }>
}

export type OutboxStatus = "pending" | "sent" | "dead"

/** One notification to one recipient (migration 0014). */
export interface OutboxTable {
  id: Generated<string>
  /** bigserial: pg returns it as text. */
  seq: ColumnType<string, never, never>
  kind: string
  key: string
  recipient: string
  entity_type: string
  entity_id: string
  subject: string
  message: ColumnType<OutboxMessage | null, string | null, string | null>
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>
  attempts: ColumnType<number, number | undefined, number>
  next_attempt_at: ColumnType<Date, Date, Date>
  lease_until: ColumnType<Date | null, Date | null | undefined, Date | null>
  last_error: ColumnType<string | null, string | null | undefined, string | null>
  created_at: ColumnType<Date, Date, never>
  sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}
