import type { ColumnType, Selectable } from "kysely"

type CreatedAt = ColumnType<Date, Date | string | undefined, never>
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>

/** Press releases and recognitions; `thumbnail` is a public upload name. */
export interface PressItemsTable {
  id: string
  link: string
  type: "Press Release" | "Recognition"
  thumbnail: string
  created_at: CreatedAt
  updated_at: UpdatedAt
}
export type PressRow = Selectable<PressItemsTable>
