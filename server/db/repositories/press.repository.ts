import { sql } from "kysely"
import type { PressItem } from "../../../src/api/contract/content/press.ts"
import type { Db } from "../database.ts"
import type { Paging } from "../paging.ts"
import type { PressRow } from "../press-items.table.ts"
import { uploadUrl } from "./blogs.repository.ts"
import type { CardRepository } from "./card-repository.ts"

export const toPressItem = (row: PressRow): PressItem => ({
  _id: row.id,
  link: row.link,
  type: row.type,
  thumbnail: uploadUrl(row.thumbnail),
  createdAt: new Date(row.created_at).toISOString(),
})

type Fields = Pick<PressItem, "link" | "type">

export const pressRepository: CardRepository<PressRow, PressItem, Fields> = {
  toItem: toPressItem,
  imageOf: (row) => row.thumbnail,
  lock: (db, id) => db.selectFrom("press_items").selectAll().where("id", "=", id).forUpdate().executeTakeFirst(),
  insert: (db, { id, fields, image, at }) =>
    db
      .insertInto("press_items")
      .values({ id, ...fields, thumbnail: image, created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow(),
  update: (db, { id, fields, image, at }) =>
    db
      .updateTable("press_items")
      .set({ ...fields, ...(image ? { thumbnail: image } : {}), updated_at: at })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  remove: (db, id) => db.deleteFrom("press_items").where("id", "=", id).execute(),
  list: async (db: Db, paging: Paging) => {
    const [rows, total] = await Promise.all([
      db.selectFrom("press_items").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(paging.limit).offset(paging.offset).execute(),
      db
        .selectFrom("press_items")
        .select(sql<number>`count(*)::int`.as("total"))
        .executeTakeFirstOrThrow(),
    ])
    return { rows: rows.map(toPressItem), total: total.total }
  },
}
