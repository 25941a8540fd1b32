import type { ColumnType, Generated } from "kysely"
import type { AccessKind } from "../../src/api/contract/audit/access-log.ts"

/** One refused call, failed sign-in or audit read (migration 0021); appended, never changed. */
export interface AccessLogTable {
  /** bigserial: pg returns it as text. */
  id: Generated<string>
  at: ColumnType<Date, Date, never>
  kind: ColumnType<AccessKind, AccessKind, never>
  actor_id: ColumnType<string | null, string | null, never>
  actor_role: ColumnType<string | null, string | null, never>
  email: ColumnType<string | null, string | null, never>
  method: ColumnType<string, string, never>
  path: ColumnType<string, string, never>
  operation: ColumnType<string | null, string | null, never>
  status: ColumnType<number, number, never>
  detail: ColumnType<string, string, never>
  ip: ColumnType<string, string, never>
  request_id: ColumnType<string, string, never>
}
