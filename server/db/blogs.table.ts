import type { ColumnType, Generated, Selectable } from "kysely"

type CreatedAt = ColumnType<Date, Date | string | undefined, never>
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>

/** Blogs. `image` holds the random name of a public upload, served at /uploads/<name>. */
export interface BlogsTable {
  id: string
  blog_name: string
  title: string
  keyword: string
  description: string
  /** Sanitised HTML (allowlist) of the rich-text body. */
  about: string
  image: string
  slug: string
  status: boolean
  /** Who created it (a user id; kept when that user is deleted, like the event log). */
  created_by: string | null
  created_at: CreatedAt
  updated_at: UpdatedAt
  version: Generated<number>
}
export type BlogRow = Selectable<BlogsTable>
