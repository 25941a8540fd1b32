import type { Db } from "../../db/database.ts"
import { lockBlog, toBlog } from "../../db/repositories/blogs.repository.ts"
import { isUniqueViolation } from "../../db/repositories/users.repository.ts"
import { snapshotOf } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"
import { badRequest, conflict, notFound } from "../errors.ts"
import { sanitizeBlogHtml, textOf } from "./sanitize-blog-html.ts"
import { isSlateDocument, sanitizeSlate, slateText } from "./sanitize-slate.ts"
import { uniqueSlug } from "./slug.ts"

/** A blog's text fields (spec section 3). */
export interface BlogText {
  blogName: string
  title: string
  keyword: string
  description: string
  about: string
}

/**
 * The body is stored only as sanitised HTML, or as a Slate document with its addresses sanitised
 * (sanitize-slate.ts); one that sanitising leaves without text is refused.
 */
export function cleanAbout(about: string): string {
  if (isSlateDocument(about)) {
    const clean = sanitizeSlate(about)
    if (!slateText(clean)) throw badRequest("about: is required")
    return clean
  }
  const clean = sanitizeBlogHtml(about)
  if (!textOf(clean)) throw badRequest("about: is required")
  return clean
}

/** Two blogs given the same name at the same moment race for one slug; the loser tries the next one. */
export async function retryOnSlugClash<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      if (attempt >= 3) throw conflict("Another blog took this address at the same moment. Please try again.")
    }
  }
}

/** The update's text as it is stored: the body sanitised (refused when nothing is left of it). */
export function cleanBlogText(fields: Partial<BlogText>): Partial<BlogText> {
  return fields.about === undefined ? fields : { ...fields, about: cleanAbout(fields.about) }
}

/**
 * Writes an update of clean text (and a stored image) inside the caller's transaction, with its event in
 * the actor's name; answers the blog and the image it replaced, for the caller to remove after the commit.
 * An update and a scheduled publish going live (blog-schedule.service.ts) both write through here.
 */
export async function writeBlogUpdate(trx: Db, at: Date, actorId: string | null, id: string, fields: Partial<BlogText>, image: string | null) {
  const before = await lockBlog(trx, id)
  if (!before) throw notFound("Blog not found.")
  const beforeFields = await snapshotOf(trx, "blog", id)
  // A renamed blog gets the new name's slug; an unchanged name keeps its address.
  const renamed = fields.blogName !== undefined && fields.blogName !== before.blog_name
  const row = await trx
    .updateTable("blogs")
    .set({
      blog_name: fields.blogName,
      title: fields.title,
      keyword: fields.keyword,
      description: fields.description,
      about: fields.about,
      ...(image ? { image } : {}),
      ...(renamed ? { slug: await uniqueSlug(trx, fields.blogName!, id) } : {}),
      updated_at: at,
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow()
  await recordChange(trx, { entityType: "blog", entityId: id, type: "blog.updated", actorId, before: beforeFields })
  return { result: toBlog(row), replaced: image ? before.image : null }
}
