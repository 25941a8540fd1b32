import type { ColumnType, Selectable } from "kysely"

type CreatedAt = ColumnType<Date, Date | string | undefined, never>

/** Gallery images: the random name of a public upload, served at /uploads/<name>. */
export interface GalleryItemsTable {
  id: string
  image: string
  /** Who created it (a user id; kept when that user is deleted, like the event log). */
  created_by: string | null
  created_at: CreatedAt
}
export type GalleryRow = Selectable<GalleryItemsTable>
