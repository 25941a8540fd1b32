import { randomUUID } from "node:crypto"
import { sql } from "kysely"
import {
  SAVED_VIEWS_PER_LIST,
  VIEW_DELETED,
  VIEW_LIMIT_REACHED,
  VIEW_NAME_TAKEN,
  VIEW_NOT_FOUND,
  VIEW_SAVED,
  type SaveViewRequest,
  type SavedView,
} from "../../../src/api/contract/views/saved-views.ts"
import type { Db } from "../../db/database.ts"
import type { SavedViewsTable } from "../../db/saved-views.table.ts"
import { isUniqueViolation } from "../../db/repositories/users.repository.ts"
import type { Caller } from "../auth/tokens.ts"
import { badRequest, conflict, notFound } from "../errors.ts"

const toSavedView = (row: Pick<SavedViewsTable, "id" | "list" | "name" | "query"> & { created_at: Date | string }): SavedView => ({
  _id: row.id,
  list: row.list,
  name: row.name,
  query: row.query,
  createdAt: new Date(row.created_at).toISOString(),
})

/** GET /views?list=: the caller's views of one list, by name (letter case ignored). */
export async function listSavedViews(deps: { db: Db }, caller: Caller, list: string) {
  const rows = await deps.db
    .selectFrom("saved_views")
    .select(["id", "list", "name", "query", "created_at"])
    .where("user_id", "=", caller.id)
    .where("list", "=", list)
    .orderBy(sql`lower(name)`)
    .orderBy("id")
    .execute()
  return { success: true, data: rows.map(toSavedView) }
}

/**
 * POST /views: one more named view of a list. The person's row is locked while the views are counted, so two
 * saves at once cannot both pass the bound; a name already used on the list (letter case ignored) is 409.
 */
export async function saveView(deps: { db: Db; now: () => number }, caller: Caller, request: SaveViewRequest) {
  // The contract's name has a letter that is not a space (a blank one is 400 before this runs).
  const name = request.name.trim()
  const query = request.query.replace(/^\?/, "")
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      await trx.selectFrom("users").select("id").where("id", "=", caller.id).forUpdate().executeTakeFirst()
      const { n } = await trx
        .selectFrom("saved_views")
        .select(sql<string>`count(*)`.as("n"))
        .where("user_id", "=", caller.id)
        .where("list", "=", request.list)
        .executeTakeFirstOrThrow()
      if (Number(n) >= SAVED_VIEWS_PER_LIST) throw badRequest(VIEW_LIMIT_REACHED)
      return trx
        .insertInto("saved_views")
        .values({ id: randomUUID(), user_id: caller.id, list: request.list, name, query, created_at: new Date(deps.now()) })
        .returning(["id", "list", "name", "query", "created_at"])
        .executeTakeFirstOrThrow()
    })
    return { success: true, message: VIEW_SAVED, data: toSavedView(row) }
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(VIEW_NAME_TAKEN)
    throw error
  }
}

/** DELETE /views/:id: only the caller's own; another person's view is as good as none (404). */
export async function deleteView(deps: { db: Db }, caller: Caller, id: string) {
  const deleted = await deps.db.deleteFrom("saved_views").where("id", "=", id).where("user_id", "=", caller.id).executeTakeFirst()
  if (Number(deleted.numDeletedRows) === 0) throw notFound(VIEW_NOT_FOUND)
  return { success: true, message: VIEW_DELETED }
}
