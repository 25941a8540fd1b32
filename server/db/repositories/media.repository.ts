import { sql } from "kysely"
import type { MediaUse } from "../../../src/api/contract/media/media.ts"
import { json, type Db } from "../database.ts"
import type { StoredVariant } from "../media.table.ts"
import type { Paging } from "../paging.ts"

export interface NewMedia {
  id: string
  file: string
  kind: string
  width: number
  height: number
  bytes: number
  alt: string
  variants: StoredVariant[]
  uploadedBy: string | null
  at: Date
}

export const insertMedia = (db: Db, m: NewMedia) =>
  db
    .insertInto("media")
    .values({
      id: m.id,
      file: m.file,
      kind: m.kind,
      width: m.width,
      height: m.height,
      bytes: m.bytes,
      alt: m.alt,
      variants: json(m.variants),
      uploaded_by: m.uploadedBy,
      created_at: m.at,
      updated_at: m.at,
    })
    // The same bytes uploaded twice at once: the second finds the first's row.
    .onConflict((oc) => oc.column("file").doNothing())
    .returningAll()
    .executeTakeFirst()

const withUploader = (db: Db) => db.selectFrom("media").leftJoin("users", "users.id", "media.uploaded_by").selectAll("media").select("users.name as uploader")

export const findMedia = (db: Db, id: string) => withUploader(db).where("media.id", "=", id).executeTakeFirst()
export const findMediaByFile = (db: Db, file: string) => withUploader(db).where("media.file", "=", file).executeTakeFirst()
/** The library's rows of these stored files (a page's images), in one read by the unique file index. */
export const findMediaByFiles = (db: Db, files: readonly string[]) =>
  db.selectFrom("media").select(["file", "kind", "width", "height", "alt", "variants"]).where("file", "in", files).execute()
export const lockMedia = (db: Db, id: string) => db.selectFrom("media").selectAll().where("id", "=", id).forUpdate().executeTakeFirst()

/** A page of the library, newest first; `search` matches words of the alt text, letter case ignored. */
export async function listMedia(db: Db, at: Paging, search: string | undefined) {
  const words = (search ?? "").trim().toLowerCase().split(/\s+/).filter(Boolean)
  let rows = withUploader(db)
  let count = db.selectFrom("media").select((eb) => eb.fn.countAll<string>().as("n"))
  for (const word of words) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    rows = rows.where(sql<boolean>`lower(media.alt) like ${like}`)
    count = count.where(sql<boolean>`lower(media.alt) like ${like}`)
  }
  const [page, total] = await Promise.all([
    rows.orderBy("media.created_at", "desc").orderBy("media.id", "desc").limit(at.limit).offset(at.offset).execute(),
    count.executeTakeFirstOrThrow(),
  ])
  return { rows: page, total: Number(total.n) }
}

/**
 * The records that show each of these stored files, by file: one indexed read per kind of record over the page's
 * files (the content tables are an editor's writing, small beside the people tables).
 */
export async function usesOf(db: Db, files: string[]): Promise<Map<string, MediaUse[]>> {
  const uses = new Map<string, MediaUse[]>()
  if (files.length === 0) return uses
  const add = (file: string, use: MediaUse) => uses.set(file, [...(uses.get(file) ?? []), use])
  const [blogs, scheduled, experts, testimonials, press, gallery] = await Promise.all([
    db.selectFrom("blogs").select(["id", "title as label", "image as file"]).where("image", "in", files).execute(),
    db
      .selectFrom("blog_schedules")
      .innerJoin("blogs", "blogs.id", "blog_schedules.id")
      .select(["blogs.id", "blogs.title as label", "blog_schedules.image as file"])
      .where("blog_schedules.status", "=", "pending")
      .where("blog_schedules.image", "in", files)
      .execute(),
    db.selectFrom("experts").select(["id", "name as label", "avatar as file"]).where("avatar", "in", files).execute(),
    db.selectFrom("testimonials").select(["id", "name as label", "avatar as file"]).where("avatar", "in", files).execute(),
    db.selectFrom("press_items").select(["id", "link as label", "thumbnail as file"]).where("thumbnail", "in", files).execute(),
    db.selectFrom("gallery_items").select(["id", "image as file"]).where("image", "in", files).execute(),
  ])
  for (const r of blogs) add(r.file, { kind: "blog", id: r.id, label: r.label })
  for (const r of scheduled) if (r.file) add(r.file, { kind: "scheduledBlog", id: r.id, label: r.label })
  for (const r of experts) add(r.file, { kind: "expert", id: r.id, label: r.label })
  for (const r of testimonials) add(r.file, { kind: "testimonial", id: r.id, label: r.label })
  for (const r of press) add(r.file, { kind: "press", id: r.id, label: r.label })
  for (const r of gallery) add(r.file, { kind: "gallery", id: r.id, label: "Gallery image" })
  return uses
}

/**
 * A library image a record is about to show, held (FOR SHARE) until the record's transaction ends: a delete of
 * the image then waits, and sees the record among its uses.
 */
export const holdMedia = (db: Db, id: string) => db.selectFrom("media").select(["id", "file"]).where("id", "=", id).forShare().executeTakeFirst()
