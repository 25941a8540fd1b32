import { sql } from "kysely"
import type { Blog, BlogSort, BlogStatusFilter } from "../../../src/api/contract/blogs/blog.ts"
import { sanitizeSlate } from "../../services/content/sanitize-slate.ts"
import type { BlogRow } from "../blogs.table.ts"
import type { Db } from "../database.ts"
import { nameOrDateOrder, type Paging } from "../paging.ts"

export const uploadUrl = (name: string): string => `/uploads/${name}`

/** The one row-to-contract mapper for blogs. */
export const toBlog = (row: BlogRow): Blog => ({
  _id: row.id,
  blogName: row.blog_name,
  title: row.title,
  keyword: row.keyword,
  description: row.description,
  image: uploadUrl(row.image),
  // A Slate body stored before its addresses were sanitised is cleaned on the way out too.
  about: sanitizeSlate(row.about),
  slug: row.slug,
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
})

export const findBlogById = (db: Db, id: string) => db.selectFrom("blogs").selectAll().where("id", "=", id).executeTakeFirst()

/** Locks the row for the rest of the transaction so its `before` in the event log is the real one. */
export const lockBlog = (db: Db, id: string) => db.selectFrom("blogs").selectAll().where("id", "=", id).forUpdate().executeTakeFirst()

export const findPublishedBlogBySlug = (db: Db, slug: string) =>
  db.selectFrom("blogs").selectAll().where("slug", "=", slug).where("status", "=", true).executeTakeFirst()

/** Slugs equal to `base` or `base-<n>`, to choose the next free suffix. */
export async function slugsLike(db: Db, base: string, exceptId: string | null): Promise<Set<string>> {
  let query = db
    .selectFrom("blogs")
    .select("slug")
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
  if (exceptId) query = query.where("id", "!=", exceptId)
  return new Set((await query.execute()).map((r) => r.slug))
}

/**
 * A page of blogs, newest first or in `sort`'s order; `publishedOnly` (the public site) or `status` (the Blogs screen's
 * filter) keeps the Active or the Inactive ones only, `from` and `to` those created in the Created days (issue 26).
 */
export async function listBlogs(
  db: Db,
  paging: Paging,
  options: { publishedOnly: boolean; sort?: BlogSort; status?: BlogStatusFilter; from?: Date; to?: Date },
) {
  let blogs = db.selectFrom("blogs")
  const status = options.publishedOnly ? true : options.status === undefined ? undefined : options.status === "active"
  if (status !== undefined) blogs = blogs.where("status", "=", status)
  if (options.from !== undefined) blogs = blogs.where("created_at", ">=", options.from)
  if (options.to !== undefined) blogs = blogs.where("created_at", "<", options.to)
  const rows = blogs.selectAll()
  const count = blogs.select(sql<number>`count(*)::int`.as("total"))
  // A few hundred rows: no index needed for either order.
  const { column, way } = nameOrDateOrder(options.sort, { key: "blogName", column: "blog_name" })
  const [page, total] = await Promise.all([
    rows.orderBy(column, way).orderBy("id", way).limit(paging.limit).offset(paging.offset).execute(),
    count.executeTakeFirstOrThrow(),
  ])
  return { rows: page.map(toBlog), total: total.total }
}
