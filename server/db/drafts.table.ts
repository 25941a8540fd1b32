import type { ColumnType } from "kysely"

/** jsonb: written as JSON text, read parsed. */
type Json<T> = ColumnType<T, string, string>

/** One unpublished draft of a content form, per person and form (migration 0022). */
export interface DraftsTable {
  user_id: string
  key: string
  values: Json<Record<string, string>>
  updated_at: ColumnType<Date, Date, Date>
}
