import type { ColumnType } from "kysely"

/**
 * Counts per week (Monday, UTC) and series for the Admin dashboard's trend charts, kept by statement
 * triggers (migration 0031), which name the series. Written only by the triggers.
 */
export interface WeeklyCountsTable {
  week: ColumnType<Date | string, never, never>
  series: ColumnType<string, never, never>
  /** Each count is the sum of its slots, one per backend modulo 16 (migration 0039): no write waits on another's row. */
  slot: ColumnType<number, never, never>
  n: ColumnType<number | string, never, never>
}
