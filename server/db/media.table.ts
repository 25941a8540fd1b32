import type { ColumnType, Generated, Selectable } from "kysely"

/** jsonb: written as JSON text, read parsed. */
type Json<T> = ColumnType<T, string, string>

export interface StoredVariant {
  width: number
  height: number
  kind: string
  file: string
  bytes: number
}

/** One image of the media library (migration 0037). */
export interface MediaTable {
  id: string
  /** The original's stored name under the public uploads. */
  file: string
  kind: string
  width: number
  height: number
  bytes: number
  alt: string
  variants: Json<StoredVariant[]>
  uploaded_by: string | null
  created_at: ColumnType<Date, Date, never>
  updated_at: ColumnType<Date, Date, Date>
  version: Generated<number>
}
export type MediaRow = Selectable<MediaTable>
