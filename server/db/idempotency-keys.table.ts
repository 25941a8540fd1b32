import type { ColumnType } from "kysely"

/** A write's Idempotency-Key: claimed before it runs, its answer stored after (migration 0010). */
export interface IdempotencyKeysTable {
  /** Whose key: the caller's id, or "anonymous" for a public write. */
  scope: string
  key: string
  /** The request the key was first used for (method, path, body); another request with it is refused. */
  fingerprint: string
  committed: ColumnType<boolean, boolean | undefined, boolean>
  /** The stored answer; null while the first request still runs. */
  status: number | null
  body: string | null
  created_at: ColumnType<Date, Date | string | undefined, never>
  /** When the claim was taken, on the database's clock: its lease runs out LEASE_MS later (migration 0024). */
  leased_at: ColumnType<Date, Date | string | undefined, never>
}
