import { DRAFT_DISCARDED, DRAFT_SAVED, type BlogDraftValues } from "../../../src/api/contract/blogs/drafts.ts"
import type { Db } from "../../db/database.ts"
import type { Caller } from "../auth/tokens.ts"

/** A draft's name in the Blogs list: the title typed so far, else the blog name, else a placeholder. */
const titleOf = (values: BlogDraftValues) => values.title?.trim() || values.blogName?.trim() || "Untitled blog"

/** GET /drafts: the caller's own drafts, newest first. */
export async function listDrafts(deps: { db: Db }, caller: Caller) {
  const rows = await deps.db
    .selectFrom("drafts")
    .select(["key", "values", "updated_at"])
    .where("user_id", "=", caller.id)
    .orderBy("updated_at", "desc")
    .orderBy("key")
    .execute()
  return { success: true, data: rows.map((r) => ({ key: r.key, title: titleOf(r.values), updatedAt: new Date(r.updated_at).toISOString() })) }
}

/** GET /drafts/:key: one form's draft of the caller, or null. */
export async function getDraft(deps: { db: Db }, caller: Caller, key: string) {
  const row = await deps.db
    .selectFrom("drafts")
    .select(["key", "values", "updated_at"])
    .where("user_id", "=", caller.id)
    .where("key", "=", key)
    .executeTakeFirst()
  return { success: true, data: row ? { key: row.key, values: row.values, updatedAt: new Date(row.updated_at).toISOString() } : null }
}

/** PUT /drafts/:key: one row per person and form, replaced at each save (the latest text wins). */
export async function saveDraft(deps: { db: Db; now: () => number }, caller: Caller, key: string, values: BlogDraftValues) {
  const at = new Date(deps.now())
  const json = JSON.stringify(values)
  await deps.db
    .insertInto("drafts")
    .values({ user_id: caller.id, key, values: json, updated_at: at })
    .onConflict((oc) => oc.columns(["user_id", "key"]).doUpdateSet({ values: json, updated_at: at }))
    .execute()
  return { success: true, message: DRAFT_SAVED, data: { key, updatedAt: at.toISOString() } }
}

/** DELETE /drafts/:key: discarded, or gone once published; the same answer when there was none. */
export async function deleteDraft(deps: { db: Db }, caller: Caller, key: string) {
  await deps.db.deleteFrom("drafts").where("user_id", "=", caller.id).where("key", "=", key).execute()
  return { success: true, message: DRAFT_DISCARDED }
}
