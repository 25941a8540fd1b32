import { json, type Db } from "../database.ts"

/** The blog's schedule row, locked for the rest of the caller's transaction. */
export const lockBlogSchedule = (db: Db, id: string) => db.selectFrom("blog_schedules").selectAll().where("id", "=", id).forUpdate().executeTakeFirst()

/** The pending schedule with the scheduler's name, or undefined. */
export const findPendingBlogSchedule = (db: Db, id: string) =>
  db
    .selectFrom("blog_schedules")
    .leftJoin("users", "users.id", "blog_schedules.scheduled_by")
    .selectAll("blog_schedules")
    .select("users.name as scheduler")
    .where("blog_schedules.id", "=", id)
    .where("blog_schedules.status", "=", "pending")
    .executeTakeFirst()

export interface ScheduleWrite {
  publishAt: Date
  values: Record<string, string>
  image: string | null
  scheduledBy: string
  at: Date
}

export const insertBlogSchedule = (db: Db, id: string, w: ScheduleWrite) =>
  db
    .insertInto("blog_schedules")
    .values({ id, publish_at: w.publishAt, values: json(w.values), image: w.image, scheduled_by: w.scheduledBy, created_at: w.at, updated_at: w.at })
    .returningAll()
    .executeTakeFirstOrThrow()

export const replaceBlogSchedule = (db: Db, id: string, w: ScheduleWrite) =>
  db
    .updateTable("blog_schedules")
    .set((eb) => ({
      status: "pending",
      publish_at: w.publishAt,
      values: json(w.values),
      image: w.image,
      scheduled_by: w.scheduledBy,
      updated_at: w.at,
      version: eb("version", "+", 1),
    }))
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow()

/** Claims up to `limit` schedules due by `now` for the caller's transaction; another instance skips them. */
export const claimDueBlogSchedules = (db: Db, now: Date, limit: number) =>
  db
    .selectFrom("blog_schedules")
    .selectAll()
    .where("status", "=", "pending")
    .where("publish_at", "<=", now)
    .orderBy("publish_at")
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute()

/** When the next pending schedule falls due. */
export async function nextBlogScheduleAt(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom("blog_schedules")
    .select((eb) => eb.fn.min("publish_at").as("at"))
    .where("status", "=", "pending")
    .executeTakeFirst()
  return row?.at ? new Date(row.at as Date) : null
}
