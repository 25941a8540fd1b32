import { sql } from "kysely"
import type { Editor } from "../../../src/api/contract/editors/editor.ts"
import type { PeopleSort } from "../../../src/api/contract/vendors/vendor.ts"
import type { Db } from "../database.ts"
import { nameOrDateOrder, type Paging } from "../paging.ts"
import type { UserRow } from "../users.table.ts"

/** The one user-row-to-editor mapper: only what the Editor page shows leaves the server. */
export const toEditor = (row: UserRow): Editor => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  number: row.number,
  role: "Editor",
  createdAt: new Date(row.created_at).toISOString(),
})

export const lockEditor = (db: Db, id: string) =>
  db.selectFrom("users").selectAll().where("id", "=", id).where("role", "=", "Editor").forUpdate().executeTakeFirst()

export const updateEditorRow = (db: Db, id: string, values: { name?: string; email?: string; number?: string }, at: Date) =>
  db
    .updateTable("users")
    .set({ ...values, updated_at: at, version: sql`version + 1` })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow()

export const deleteEditorRow = (db: Db, id: string) => db.deleteFrom("users").where("id", "=", id).where("role", "=", "Editor").execute()

/** Newest first; served by the (role, status, created_at, id) index of users. */
/**
 * A page of editors, newest first or in `sort`'s order: a name (letter case ignored, the people lists' lower(name)
 * index) or when they joined, then id, one way.
 */
export async function listEditors(db: Db, paging: Paging, sort?: PeopleSort) {
  const { column, way } = nameOrDateOrder(sort, { key: "name", column: "name" })
  const [rows, total] = await Promise.all([
    db.selectFrom("users").selectAll().where("role", "=", "Editor").orderBy(column, way).orderBy("id", way).limit(paging.limit).offset(paging.offset).execute(),
    db
      .selectFrom("users")
      .select(sql<number>`count(*)::int`.as("total"))
      .where("role", "=", "Editor")
      .executeTakeFirstOrThrow(),
  ])
  return { rows: rows.map(toEditor), total: total.total }
}
