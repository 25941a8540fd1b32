import { sql } from "kysely"
import type { GalleryItem } from "../../../src/api/contract/content/gallery.ts"
import type { Db } from "../database.ts"
import type { GalleryRow } from "../gallery-items.table.ts"
import type { Paging } from "../paging.ts"
import { uploadUrl } from "./blogs.repository.ts"

export const toGalleryItem = (row: GalleryRow): GalleryItem => ({ _id: row.id, image: uploadUrl(row.image), createdAt: new Date(row.created_at).toISOString() })

export const insertGalleryItem = (db: Db, values: { id: string; image: string; created_by: string | null; created_at: Date }) =>
  db.insertInto("gallery_items").values(values).returningAll().executeTakeFirstOrThrow()

export const lockGalleryItem = (db: Db, id: string) => db.selectFrom("gallery_items").selectAll().where("id", "=", id).forUpdate().executeTakeFirst()

export const deleteGalleryItem = (db: Db, id: string) => db.deleteFrom("gallery_items").where("id", "=", id).execute()

export async function listGalleryItems(db: Db, paging: Paging) {
  const [rows, total] = await Promise.all([
    db.selectFrom("gallery_items").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(paging.limit).offset(paging.offset).execute(),
    db
      .selectFrom("gallery_items")
      .select(sql<number>`count(*)::int`.as("total"))
      .executeTakeFirstOrThrow(),
  ])
  return { rows: rows.map(toGalleryItem), total: total.total }
}
