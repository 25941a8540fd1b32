import type { ColumnType } from "kysely"

/**
 * How many users have each (role, status), kept by statement triggers on `users` in the same
 * transaction as every insert, update and delete; the dashboard reads it instead of counting.
 * Written only by the triggers.
 */
export interface UserCountsTable {
  role: ColumnType<string, never, never>
  status: ColumnType<string, never, never>
  /** Each total is the sum of its slots, one per backend modulo 16 (migration 0038): no write waits on another's row. */
  slot: ColumnType<number, never, never>
  n: ColumnType<number, never, never>
}
