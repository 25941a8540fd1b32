import type { ColumnType, Generated, Selectable } from "kysely"

/**
 * The event log: one row per command that changed something, written in the same
 * transaction as the change. Auditors read it; folding an entity's events rebuilds it.
 */
export interface EventsTable {
  id: Generated<string>
  entity_type: string
  entity_id: string
  type: string
  actor_id: string | null
  at: ColumnType<Date, Date | string | undefined, never>
  before: ColumnType<unknown, string | null, never>
  after: ColumnType<unknown, string | null, never>
}
export type EventRow = Selectable<EventsTable>
