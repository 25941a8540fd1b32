import {
  MAX_SCHEDULE_DAYS,
  NO_SCHEDULE,
  PUBLISH_AT_PAST,
  PUBLISH_AT_TOO_LATE,
  SCHEDULE_CANCELLED,
  SCHEDULE_SAVED,
  type BlogSchedule,
} from "../../../src/api/contract/blogs/blog-schedule.ts"
import { BLOG_IMAGE_FIELD } from "../../../src/api/contract/blogs/blog.ts"
import type { BlogScheduleRow } from "../../db/blog-schedules.table.ts"
import { fromJson, type Db } from "../../db/database.ts"
import { findBlogById, lockBlog, uploadUrl } from "../../db/repositories/blogs.repository.ts"
import {
  claimDueBlogSchedules,
  findPendingBlogSchedule,
  insertBlogSchedule,
  lockBlogSchedule,
  nextBlogScheduleAt,
  replaceBlogSchedule,
} from "../../db/repositories/blog-schedules.repository.ts"
import type { AppDeps } from "../../deps.ts"
import type { UploadedFile } from "../../plugins/multipart.ts"
import { snapshotOf } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"
import type { Caller } from "../auth/tokens.ts"
import { badRequest, notFound } from "../errors.ts"
import { cleanBlogText, retryOnSlugClash, writeBlogUpdate } from "./blog-writes.ts"
import { chooseImage, releaseImage, withStoredImage, type LibraryChoice } from "./content-images.ts"

type Deps = Pick<AppDeps, "db" | "uploads" | "now">
const DAY_MS = 24 * 60 * 60 * 1000
const TEXT_FIELDS = ["blogName", "title", "keyword", "description", "about"] as const

function toSchedule(row: BlogScheduleRow, scheduler: string | null): BlogSchedule {
  const values = fromJson<Record<string, string>>(row.values)
  return {
    publishAt: new Date(row.publish_at).toISOString(),
    by: scheduler,
    at: new Date(row.updated_at).toISOString(),
    values: Object.fromEntries(TEXT_FIELDS.filter((k) => typeof values[k] === "string").map((k) => [k, values[k]!])),
    image: row.image ? uploadUrl(row.image) : null,
  }
}

/** GET /blog/schedule/:id */
export async function getBlogSchedule(deps: Pick<Deps, "db">, id: string) {
  if (!(await findBlogById(deps.db, id))) throw notFound("Blog not found.")
  const row = await findPendingBlogSchedule(deps.db, id)
  return { success: true, data: row ? toSchedule(row, row.scheduler) : null }
}

function publishTime(text: string, now: number): Date {
  const at = new Date(text)
  if (Number.isNaN(at.getTime()) || at.getTime() <= now) throw badRequest(PUBLISH_AT_PAST)
  if (at.getTime() > now + MAX_SCHEDULE_DAYS * DAY_MS) throw badRequest(PUBLISH_AT_TOO_LATE)
  return at
}

/**
 * PUT /blog/schedule/:id: the changes are checked and sanitised now, as an update's are, and kept until
 * `publishAt`. A schedule already set is replaced; its image is kept when no new one comes (moving the time
 * keeps what was chosen). `wake` tells this instance's sweeper when to look.
 */
export async function scheduleBlog(
  deps: Deps & { wake: (at: Date) => void },
  caller: Caller,
  id: string,
  body: { publishAt: string } & Partial<Record<(typeof TEXT_FIELDS)[number], string>> & LibraryChoice,
  files: UploadedFile[],
) {
  const now = deps.now()
  const publishAt = publishTime(body.publishAt, now)
  const { publishAt: _when, libraryImage, ...text } = body
  const values = cleanBlogText(text) as Record<string, string>
  const choice = chooseImage(files, BLOG_IMAGE_FIELD, libraryImage, false)
  const data = await withStoredImage(deps, caller.id, choice, (image) =>
    deps.db.transaction().execute(async (trx) => {
      const blog = await lockBlog(trx, id)
      if (!blog) throw notFound("Blog not found.")
      await image?.keep(trx, values.title ?? blog.title)
      const before = await lockBlogSchedule(trx, id)
      const at = new Date(now)
      // A published schedule's image became the blog's: it is never the new schedule's, nor removed with it.
      const kept = before?.status === "pending" ? before.image : null
      const write = { publishAt, values, image: image?.name ?? kept, scheduledBy: caller.id, at }
      if (before) {
        const beforeFields = await snapshotOf(trx, "blogSchedule", id)
        const row = await replaceBlogSchedule(trx, id, write)
        await recordChange(trx, { entityType: "blogSchedule", entityId: id, type: "blogSchedule.updated", actorId: caller.id, before: beforeFields, row })
      } else {
        const row = await insertBlogSchedule(trx, id, write)
        await recordChange(trx, { entityType: "blogSchedule", entityId: id, type: "blogSchedule.created", actorId: caller.id, row })
      }
      const saved = (await findPendingBlogSchedule(trx, id))!
      return { result: toSchedule(saved, saved.scheduler), replaced: image && kept ? kept : null }
    }),
  )
  deps.wake(publishAt)
  return { success: true, message: SCHEDULE_SAVED, data }
}

/** Ends a blog's schedule inside its deletion's transaction; answers a pending schedule's image, to remove after the commit. */
export async function dropBlogSchedule(trx: Db, actorId: string, id: string): Promise<string | null> {
  const before = await lockBlogSchedule(trx, id)
  if (!before) return null
  const beforeFields = await snapshotOf(trx, "blogSchedule", id)
  await trx.deleteFrom("blog_schedules").where("id", "=", id).execute()
  await recordChange(trx, { entityType: "blogSchedule", entityId: id, type: "blogSchedule.deleted", actorId, before: beforeFields })
  return before.status === "pending" ? before.image : null
}

/** DELETE /blog/schedule/:id */
export async function cancelBlogSchedule(deps: Pick<Deps, "db" | "uploads">, caller: Caller, id: string) {
  const image = await deps.db.transaction().execute(async (trx) => {
    if (!(await lockBlog(trx, id))) throw notFound("Blog not found.")
    const before = await lockBlogSchedule(trx, id)
    if (before?.status !== "pending") throw notFound(NO_SCHEDULE)
    return dropBlogSchedule(trx, caller.id, id)
  })
  if (image) await releaseImage(deps, image)
  return { success: true, message: SCHEDULE_CANCELLED }
}

/**
 * Puts live what has fallen due, one schedule per transaction: the claim (SKIP LOCKED, so another instance
 * takes the next one or nothing), the blog's update in the scheduler's name, publishing it if it was not,
 * and marking the schedule published all commit together, so each goes live exactly once, and a crash
 * leaves it due. Answers how many went live.
 */
export async function publishDueBlogSchedules(deps: Pick<Deps, "db" | "uploads">, now: Date): Promise<number> {
  const next = await nextBlogScheduleAt(deps.db)
  if (!next || next.getTime() > now.getTime()) return 0
  let published = 0
  for (;;) {
    const applied = await retryOnSlugClash(() =>
      deps.db.transaction().execute(async (trx) => {
        const [due] = await claimDueBlogSchedules(trx, now, 1)
        if (!due) return undefined
        const values = fromJson<Record<string, string>>(due.values)
        const { result: blog, replaced } = await writeBlogUpdate(trx, now, due.scheduled_by, due.id, values, due.image)
        if (!blog.status) {
          const beforeStatus = await snapshotOf(trx, "blog", due.id)
          await trx.updateTable("blogs").set({ status: true, updated_at: now }).where("id", "=", due.id).execute()
          await recordChange(trx, { entityType: "blog", entityId: due.id, type: "blog.statusChanged", actorId: due.scheduled_by, before: beforeStatus })
        }
        const beforeFields = await snapshotOf(trx, "blogSchedule", due.id)
        const row = await trx
          .updateTable("blog_schedules")
          .set((eb) => ({ status: "published", updated_at: now, version: eb("version", "+", 1) }))
          .where("id", "=", due.id)
          .returningAll()
          .executeTakeFirstOrThrow()
        await recordChange(trx, {
          entityType: "blogSchedule",
          entityId: due.id,
          type: "blogSchedule.published",
          actorId: due.scheduled_by,
          before: beforeFields,
          row,
        })
        return { replaced }
      }),
    )
    if (!applied) return published
    published += 1
    if (applied.replaced) await releaseImage(deps, applied.replaced)
  }
}

export { nextBlogScheduleAt }
