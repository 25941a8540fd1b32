import type { ColumnType } from "kysely"

/** One person's named view of one list (migration 0028). */
export interface SavedViewsTable {
  id: string
  user_id: string
  list: string
  name: string
  query: string
  created_at: ColumnType<Date, Date, never>
}
