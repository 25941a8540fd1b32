import type { ColumnType } from "kysely"

/**
 * Counts per week (Monday, UTC) and series for the Admin dashboard's trend charts, kept by statement
 * triggers (migration 0031), which name the series. Written only by the triggers.
 */
export interface WeeklyCountsTable {
  week: ColumnType<Date | string, never, never>
  series: ColumnType<string, never, never>
  n: ColumnType<number | string, never, never>
}
