import type { ColumnType, Selectable } from "kysely"

type CreatedAt = ColumnType<Date, Date | string | undefined, never>
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>

/** Experts shown on the website; `avatar` is a public upload name. */
export interface ExpertsTable {
  id: string
  name: string
  designation: string
  avatar: string
  created_at: CreatedAt
  updated_at: UpdatedAt
}
export type ExpertRow = Selectable<ExpertsTable>
