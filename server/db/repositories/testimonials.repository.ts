import { sql } from "kysely"
import type { Testimonial } from "../../../src/api/contract/content/testimonial.ts"
import type { Db } from "../database.ts"
import type { TestimonialRow } from "../testimonials.table.ts"
import type { Paging } from "../paging.ts"
import { uploadUrl } from "./blogs.repository.ts"
import type { CardRepository } from "./card-repository.ts"

export const toTestimonial = (row: TestimonialRow): Testimonial => ({
  _id: row.id,
  name: row.name,
  summery: row.summery,
  avatar: uploadUrl(row.avatar),
  createdAt: new Date(row.created_at).toISOString(),
})

type Fields = { name: string; summery: string }

export const testimonialsRepository: CardRepository<TestimonialRow, Testimonial, Fields> = {
  toItem: toTestimonial,
  imageOf: (row) => row.avatar,
  lock: (db, id) => db.selectFrom("testimonials").selectAll().where("id", "=", id).forUpdate().executeTakeFirst(),
  insert: (db, { id, fields, image, at }) =>
    db
      .insertInto("testimonials")
      .values({ id, ...fields, avatar: image, created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow(),
  update: (db, { id, fields, image, at }) =>
    db
      .updateTable("testimonials")
      .set({ ...fields, ...(image ? { avatar: image } : {}), updated_at: at })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  remove: (db, id) => db.deleteFrom("testimonials").where("id", "=", id).execute(),
  list: async (db: Db, paging: Paging) => {
    const [rows, total] = await Promise.all([
      db.selectFrom("testimonials").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(paging.limit).offset(paging.offset).execute(),
      db
        .selectFrom("testimonials")
        .select(sql<number>`count(*)::int`.as("total"))
        .executeTakeFirstOrThrow(),
    ])
    return { rows: rows.map(toTestimonial), total: total.total }
  },
}
