import {
  isNotificationKind,
  notificationKinds,
  type InboxQuery,
  type NotificationKind,
  type PreferencesRequest,
} from "../../../src/api/contract/notifications/notification.ts"
import type { Db } from "../../db/database.ts"
import { isRowId } from "./row-id.ts"
import { paging, totalPages } from "../../db/paging.ts"
import { countUnread, listInbox, mailChoices, markAllRead, markRead, saveMailChoices } from "../../db/repositories/inbox.repository.ts"
import type { Caller } from "../auth/tokens.ts"
import { badRequest, notFound } from "../errors.ts"

const NOT_YOURS = "Notification not found."

/** GET /notifications: the caller's own, newest first, 10 a page. */
export async function listNotifications(db: Db, caller: Caller, query: InboxQuery) {
  const page = paging(query, 10, 50)
  const { rows, total, unread } = await listInbox(db, caller.id, page)
  return {
    success: true,
    data: rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      title: row.title,
      link: row.link,
      createdAt: new Date(row.created_at).toISOString(),
      read: row.read_at !== null,
    })),
    totalRecords: total,
    totalPages: totalPages(total, page.limit),
    currentPage: page.page,
    unread,
  }
}

export async function unreadCount(db: Db, caller: Caller) {
  return { success: true, data: { unread: await countUnread(db, caller.id) } }
}

/** Another person's notification is answered as one that does not exist: ids reveal nothing. */
export async function readNotification(deps: { db: Db; now: () => number }, caller: Caller, id: string) {
  if (!isRowId(id) || !(await markRead(deps.db, caller.id, id, new Date(deps.now())))) throw notFound(NOT_YOURS)
  return unreadCount(deps.db, caller)
}

export async function readAllNotifications(deps: { db: Db; now: () => number }, caller: Caller) {
  await markAllRead(deps.db, caller.id, new Date(deps.now()))
  return { success: true, data: { unread: 0 } }
}

/** The kinds a role can receive, in the contract's order. */
const kindsOf = (caller: Caller) =>
  (Object.keys(notificationKinds) as NotificationKind[]).filter((kind) => (notificationKinds[kind].roles as readonly string[]).includes(caller.role))

export async function notificationPreferences(db: Db, caller: Caller) {
  const choices = await mailChoices(db, [caller.id])
  return {
    success: true,
    data: kindsOf(caller).map((kind) => {
      const info = notificationKinds[kind]
      return {
        kind,
        label: info.label,
        mail: !info.mailOptional || (choices.get(`${caller.id}/${kind}`) ?? info.mailByDefault),
        mailOptional: info.mailOptional,
      }
    }),
  }
}

/** Only kinds the caller can receive and whose mail can be switched off; anything else is refused whole. */
export async function updateNotificationPreferences(db: Db, caller: Caller, request: PreferencesRequest) {
  const own = new Set<string>(kindsOf(caller))
  const listed = new Set<string>()
  for (const { kind } of request.preferences) {
    // One choice per kind: two in one request would be two writes of one row (the database refuses that).
    if (listed.has(kind)) throw badRequest(`preferences: "${kind}" is listed more than once`)
    listed.add(kind)
    if (!isNotificationKind(kind) || !own.has(kind)) throw badRequest(`preferences: there is no kind of notification "${kind}" for you`)
    if (!notificationKinds[kind].mailOptional) throw badRequest(`preferences: ${notificationKinds[kind].label} emails are always sent`)
  }
  await saveMailChoices(db, caller.id, [...request.preferences])
  return notificationPreferences(db, caller)
}
