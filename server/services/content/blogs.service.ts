import { randomUUID } from "node:crypto"
import { BLOG_IMAGE_FIELD, type BlogListQuery } from "../../../src/api/contract/blogs/blog.ts"
import type { ContentPageQuery } from "../../../src/api/contract/content/content-common.ts"
import type { Db } from "../../db/database.ts"
import { findBlogById, findPublishedBlogBySlug, listBlogs, lockBlog, toBlog } from "../../db/repositories/blogs.repository.ts"
import type { AppDeps } from "../../deps.ts"
import type { UploadedFile } from "../../plugins/multipart.ts"
import type { Caller } from "../auth/tokens.ts"
import { notFound } from "../errors.ts"
import { snapshotOf } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"
import { chooseImage, releaseImage, withStoredImage, type LibraryChoice } from "./content-images.ts"
import { contentPaging, listAnswer } from "./list-answer.ts"
import { instantRange } from "../instant-range.ts"
import { uniqueSlug } from "./slug.ts"
import { dropBlogSchedule } from "./blog-schedule.service.ts"
import { cleanAbout, cleanBlogText, retryOnSlugClash, writeBlogUpdate, type BlogText } from "./blog-writes.ts"

type Deps = Pick<AppDeps, "db" | "uploads" | "now">

export async function createBlog(deps: Deps, caller: Caller, body: BlogText & LibraryChoice, files: UploadedFile[]) {
  const { libraryImage, ...fields } = body
  const about = cleanAbout(fields.about)
  const choice = chooseImage(files, BLOG_IMAGE_FIELD, libraryImage, true)
  const data = await withStoredImage(deps, caller.id, choice, async (image) => {
    const result = await retryOnSlugClash(() =>
      deps.db.transaction().execute(async (trx) => {
        const at = new Date(deps.now())
        const row = await trx
          .insertInto("blogs")
          .values({
            id: randomUUID(),
            blog_name: fields.blogName,
            title: fields.title,
            keyword: fields.keyword,
            description: fields.description,
            about,
            image: image!.name,
            slug: await uniqueSlug(trx, fields.blogName),
            status: true,
            created_by: caller.id,
            created_at: at,
            updated_at: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow()
        const blog = toBlog(row)
        await image!.keep(trx, fields.title)
        await recordChange(trx, { entityType: "blog", entityId: blog._id, type: "blog.created", actorId: caller.id })
        return blog
      }),
    )
    return { result }
  })
  return { success: true, message: "Blog added successfully!", data }
}

export async function updateBlog(deps: Deps, caller: Caller, id: string, body: Partial<BlogText> & LibraryChoice, files: UploadedFile[]) {
  const { libraryImage, ...fields } = body
  const clean = cleanBlogText(fields)
  const choice = chooseImage(files, BLOG_IMAGE_FIELD, libraryImage, false)
  const data = await withStoredImage(deps, caller.id, choice, (image) =>
    retryOnSlugClash(() =>
      deps.db.transaction().execute(async (trx) => {
        const written = await writeBlogUpdate(trx, new Date(deps.now()), caller.id, id, clean, image?.name ?? null)
        await image?.keep(trx, written.result.title)
        return written
      }),
    ),
  )
  return { success: true, message: "Blog updated successfully!", data }
}

export async function setBlogStatus(deps: Pick<AppDeps, "db" | "now">, caller: Caller, id: string, status: boolean) {
  const data = await deps.db.transaction().execute(async (trx) => {
    const before = await lockBlog(trx, id)
    if (!before) throw notFound("Blog not found.")
    const beforeFields = await snapshotOf(trx, "blog", id)
    const row = await trx
      .updateTable("blogs")
      .set({ status, updated_at: new Date(deps.now()) })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await recordChange(trx, { entityType: "blog", entityId: id, type: "blog.statusChanged", actorId: caller.id, before: beforeFields })
    return toBlog(row)
  })
  return { success: true, message: status ? "Blog published." : "Blog unpublished.", data }
}

export async function deleteBlog(deps: Pick<AppDeps, "db" | "uploads">, caller: Caller, id: string) {
  const images = await deps.db.transaction().execute(async (trx) => {
    const before = await lockBlog(trx, id)
    if (!before) throw notFound("Blog not found.")
    // Its schedule goes first, with its own event, so the log never holds a schedule of a blog that is gone.
    const scheduled = await dropBlogSchedule(trx, caller.id, id)
    const beforeFields = await snapshotOf(trx, "blog", id)
    await trx.deleteFrom("blogs").where("id", "=", id).execute()
    await recordChange(trx, { entityType: "blog", entityId: id, type: "blog.deleted", actorId: caller.id, before: beforeFields })
    return [before.image, scheduled]
  })
  for (const image of images) if (image) await releaseImage(deps, image)
  return { success: true, message: "Blog deleted successfully." }
}

export async function getBlogDetails(deps: { db: Db }, id: string) {
  const row = await findBlogById(deps.db, id)
  if (!row) throw notFound("Blog not found.")
  return { success: true, data: [toBlog(row)] }
}

/** The Blogs screen's list (its order and Status filter), or the public site's (published only, newest first). */
export async function listAllBlogs(
  deps: { db: Db },
  query: ContentPageQuery & Partial<Pick<BlogListQuery, "sort" | "status" | "from" | "to">>,
  publishedOnly: boolean,
) {
  const at = contentPaging(query)
  const { sort, status } = query
  return listAnswer(await listBlogs(deps.db, at, { publishedOnly, ...(sort ? { sort } : {}), ...(status ? { status } : {}), ...instantRange(query) }), at)
}

export async function publishedBlogBySlug(deps: { db: Db }, slug: string) {
  const row = await findPublishedBlogBySlug(deps.db, slug)
  if (!row) throw notFound("Blog not found.")
  return { success: true, data: toBlog(row) }
}
