import type { ColumnType } from "kysely"

/**
 * One private calendar feed per person (migration 0017). The token is kept as it is: the feed's address
 * is shown on the profile whenever the person looks, and holding it grants only a read of their sessions;
 * replacing or deleting the row ends it at once.
 */
export interface CalendarFeedsTable {
  user_id: string
  token: string
  created_at: ColumnType<Date, Date, never>
}
