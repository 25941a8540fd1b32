import { DRAFT_DISCARDED, DRAFT_SAVED, type DraftForm, type DraftValues } from "../../../src/api/contract/drafts/drafts.ts"
import type { Db } from "../../db/database.ts"
import type { Caller } from "../auth/tokens.ts"

/** A draft's name in a list: the title typed so far, else the blog name, a card's name or link, else a placeholder. */
const titleOf = (key: string, values: DraftValues) =>
  values.title?.trim() || values.blogName?.trim() || values.name?.trim() || values.link?.trim() || `Untitled ${key.slice(0, key.indexOf(":"))}`

/** GET /drafts: the caller's own drafts, newest first; one form's only when asked (a person keeps a handful, read along the key). */
export async function listDrafts(deps: { db: Db }, caller: Caller, form?: DraftForm) {
  const rows = await deps.db
    .selectFrom("drafts")
    .select(["key", "values", "updated_at"])
    .where("user_id", "=", caller.id)
    .$if(form !== undefined, (q) => q.where("key", "like", `${form}:%`))
    .orderBy("updated_at", "desc")
    .orderBy("key")
    .execute()
  return { success: true, data: rows.map((r) => ({ key: r.key, title: titleOf(r.key, r.values), updatedAt: new Date(r.updated_at).toISOString() })) }
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
export async function saveDraft(deps: { db: Db; now: () => number }, caller: Caller, key: string, values: DraftValues) {
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
