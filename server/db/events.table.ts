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
  /** The seal that covers this event (audit-chain.ts); null for the few seconds before it is sealed. */
  seal: ColumnType<string | null, string | null | undefined, string | null>
  /** The hash of the workflow definition (machine) that allowed this event, when one did. */
  machine: ColumnType<string | null, string | null | undefined, never>
  /** The client's address and the request id of the call that wrote it; null outside a request and before 0023. */
  ip: ColumnType<string | null, string | null | undefined, never>
  request_id: ColumnType<string | null, string | null | undefined, never>
}

/** One link of the event log's hash chain: the hash of the events it covers, chained to the previous seal. */
export interface AuditSealsTable {
  seq: ColumnType<string, string | number, never>
  prev_hash: string
  hash: string
  events: number
  sealed_at: ColumnType<Date, Date, never>
}

/** The chain's head at the first seal of each day (UTC), also written to a file an auditor can copy away. */
export interface AuditCheckpointsTable {
  day: ColumnType<string, string, never>
  seq: ColumnType<string, string | number, never>
  hash: string
  written_at: ColumnType<Date, Date, never>
}
export type EventRow = Selectable<EventsTable>
