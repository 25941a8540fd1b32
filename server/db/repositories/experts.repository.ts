import { sql } from "kysely"
import type { Expert } from "../../../src/api/contract/content/expert.ts"
import type { Db } from "../database.ts"
import type { ExpertRow } from "../experts.table.ts"
import type { Paging } from "../paging.ts"
import { uploadUrl } from "./blogs.repository.ts"
import type { CardRepository } from "./card-repository.ts"

export const toExpert = (row: ExpertRow): Expert => ({
  _id: row.id,
  name: row.name,
  designation: row.designation,
  avatar: uploadUrl(row.avatar),
  createdAt: new Date(row.created_at).toISOString(),
})

type Fields = { name: string; designation: string }

export const expertsRepository: CardRepository<ExpertRow, Expert, Fields> = {
  toItem: toExpert,
  imageOf: (row) => row.avatar,
  lock: (db, id) => db.selectFrom("experts").selectAll().where("id", "=", id).forUpdate().executeTakeFirst(),
  insert: (db, { id, fields, image, at }) =>
    db
      .insertInto("experts")
      .values({ id, ...fields, avatar: image, created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow(),
  update: (db, { id, fields, image, at }) =>
    db
      .updateTable("experts")
      .set({ ...fields, ...(image ? { avatar: image } : {}), updated_at: at })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  remove: (db, id) => db.deleteFrom("experts").where("id", "=", id).execute(),
  list: async (db: Db, paging: Paging) => {
    const [rows, total] = await Promise.all([
      db.selectFrom("experts").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(paging.limit).offset(paging.offset).execute(),
      db
        .selectFrom("experts")
        .select(sql<number>`count(*)::int`.as("total"))
        .executeTakeFirstOrThrow(),
    ])
    return { rows: rows.map(toExpert), total: total.total }
  },
}
