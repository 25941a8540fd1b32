import { json, type Db } from "../database.ts"

export interface InboxEntry {
  userId: string
  kind: string
  template: string
  fields: Record<string, string>
  entityType: string
  entityId: string
  title: string
  link: string
}

export interface InboxRow {
  id: string
  kind: string
  title: string
  link: string
  created_at: Date
  read_at: Date | null
}

/** Writes in-app notifications inside the caller's transaction. */
export async function insertInbox(trx: Db, entries: InboxEntry[], at: Date): Promise<void> {
  if (entries.length === 0) return
  await trx
    .insertInto("inbox")
    .values(
      entries.map((e) => ({
        user_id: e.userId,
        kind: e.kind,
        template: e.template,
        fields: json(e.fields),
        entity_type: e.entityType,
        entity_id: e.entityId,
        title: e.title,
        link: e.link,
        created_at: at,
      })),
    )
    .execute()
}

/** A page of one person's notifications, newest first, with their total and unread counts. */
export async function listInbox(db: Db, userId: string, page: { offset: number; limit: number }): Promise<{ rows: InboxRow[]; total: number; unread: number }> {
  const [rows, counts] = await Promise.all([
    db
      .selectFrom("inbox")
      .select(["id", "kind", "title", "link", "created_at", "read_at"])
      .where("user_id", "=", userId)
      .orderBy("seq", "desc")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom("inbox")
      .select((eb) => [eb.fn.countAll<string>().as("total"), eb.fn.count<string>("id").filterWhere("read_at", "is", null).as("unread")])
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(counts.total), unread: Number(counts.unread) }
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("inbox")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Marks one of the person's notifications read; answers whether it is theirs. Reading it twice is no change. */
export async function markRead(db: Db, userId: string, id: string, at: Date): Promise<boolean> {
  const row = await db.selectFrom("inbox").select("read_at").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst()
  if (!row) return false
  if (row.read_at === null) await db.updateTable("inbox").set({ read_at: at }).where("id", "=", id).where("read_at", "is", null).execute()
  return true
}

export async function markAllRead(db: Db, userId: string, at: Date): Promise<void> {
  await db.updateTable("inbox").set({ read_at: at }).where("user_id", "=", userId).where("read_at", "is", null).execute()
}

/** The mail choices people made (only where they differ from a kind's default), as `userId/kind` → mail. */
export async function mailChoices(db: Db, userIds: string[]): Promise<Map<string, boolean>> {
  if (userIds.length === 0) return new Map()
  const rows = await db.selectFrom("notification_preferences").select(["user_id", "kind", "mail"]).where("user_id", "in", userIds).execute()
  return new Map(rows.map((row) => [`${row.user_id}/${row.kind}`, row.mail]))
}

export async function saveMailChoices(db: Db, userId: string, choices: Array<{ kind: string; mail: boolean }>): Promise<void> {
  if (choices.length === 0) return
  await db
    .insertInto("notification_preferences")
    .values(choices.map((c) => ({ user_id: userId, kind: c.kind, mail: c.mail })))
    .onConflict((oc) => oc.columns(["user_id", "kind"]).doUpdateSet((eb) => ({ mail: eb.ref("excluded.mail") })))
    .execute()
}

/** The Admins' own wordings of these templates, by id (a template without one uses its built-in wording). */
export async function templateWordings(db: Db, ids: string[]): Promise<Map<string, { subject: string; body: string }>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom("notification_templates").select(["id", "subject", "body"]).where("id", "in", ids).execute()
  return new Map(rows.map((row) => [row.id, { subject: row.subject, body: row.body }]))
}

export async function allTemplateWordings(db: Db) {
  return db.selectFrom("notification_templates").select(["id", "subject", "body"]).execute()
}

export async function saveTemplateWording(db: Db, wording: { id: string; subject: string; body: string; at: Date; by: string }): Promise<void> {
  await db
    .insertInto("notification_templates")
    .values({ id: wording.id, subject: wording.subject, body: wording.body, updated_at: wording.at, updated_by: wording.by })
    .onConflict((oc) => oc.column("id").doUpdateSet({ subject: wording.subject, body: wording.body, updated_at: wording.at, updated_by: wording.by }))
    .execute()
}

/** Answers whether there was an own wording to remove. */
export async function removeTemplateWording(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("notification_templates").where("id", "=", id).executeTakeFirst()
  return result.numDeletedRows > 0n
}

/** The fields of the latest notification told with this template: a real record to preview with. */
export async function latestFieldsOf(db: Db, template: string): Promise<Record<string, string> | null> {
  const row = await db.selectFrom("inbox").select("fields").where("template", "=", template).orderBy("seq", "desc").limit(1).executeTakeFirst()
  return row?.fields ?? null
}
