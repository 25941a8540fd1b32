import type { ColumnType } from "kysely"

/**
 * Totals of the big unfiltered lists (all sessions, all tickets, the audit log, assigned and
 * unassigned clients), kept by statement triggers (migration 0007). Written only by the triggers.
 */
export interface ListCountsTable {
  name: ColumnType<string, never, never>
  n: ColumnType<number, never, never>
}
