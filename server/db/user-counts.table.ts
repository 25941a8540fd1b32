import type { ColumnType } from "kysely"

/**
 * How many users have each (role, status), kept by statement triggers on `users` in the same
 * transaction as every insert, update and delete; the dashboard reads it instead of counting.
 * Written only by the triggers.
 */
export interface UserCountsTable {
  role: ColumnType<string, never, never>
  status: ColumnType<string, never, never>
  n: ColumnType<number, never, never>
}
