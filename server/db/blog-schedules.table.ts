import type { ColumnType, Generated, Selectable } from "kysely"

/** jsonb: written as JSON text, read parsed. */
type Json<T> = ColumnType<T, string, string>

export type BlogScheduleStatus = "pending" | "published"

/** A blog's changes set to go live at `publish_at` (migration 0036); `id` is the blog's. */
export interface BlogSchedulesTable {
  id: string
  status: ColumnType<BlogScheduleStatus, BlogScheduleStatus | undefined, BlogScheduleStatus>
  publish_at: ColumnType<Date, Date, Date>
  /** The blog form's text fields as sent (any of blogName, title, keyword, description, about, sanitised). */
  values: Json<Record<string, string>>
  /** A stored public upload that replaces the blog's image when the changes go live. */
  image: string | null
  /** Who scheduled it: the changes go live in their name. */
  scheduled_by: string | null
  created_at: ColumnType<Date, Date, never>
  updated_at: ColumnType<Date, Date, Date>
  version: Generated<number>
}
export type BlogScheduleRow = Selectable<BlogSchedulesTable>
