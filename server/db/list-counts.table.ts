import type { ColumnType } from "kysely"

/**
 * Totals of the big unfiltered lists (all sessions, all tickets, the audit log, assigned and
 * unassigned clients), kept by statement triggers (migration 0007). Written only by the triggers.
 */
export interface ListCountsTable {
  name: ColumnType<string, never, never>
  /** Each total is the sum of its slots, one per backend modulo 16 (migration 0038): no write waits on another's row. */
  slot: ColumnType<number, never, never>
  n: ColumnType<number, never, never>
}
