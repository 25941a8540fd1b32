import { MAIL_QUEUED_AGAIN, type DeadMailQuery } from "../../../src/api/contract/notifications/notification.ts"
import type { Db } from "../../db/database.ts"
import { isRowId } from "./row-id.ts"
import { paging, totalPages } from "../../db/paging.ts"
import { listDead, reviveDead } from "../../db/repositories/outbox.repository.ts"
import type { Caller } from "../auth/tokens.ts"
import { notFound } from "../errors.ts"
import { appendEvent } from "../events.ts"
import { deliverQueued, type NotifyDeps } from "./queue.ts"

const NO_DEAD_MAIL = "No dead email has this id; it may have been sent already."

/** GET /notifications/outbox/dead: what an Admin may want to send again. */
export async function listDeadMail(db: Db, query: DeadMailQuery) {
  const page = paging(query, 10)
  const { rows, total } = await listDead(db, page)
  return {
    success: true,
    data: rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      recipient: row.recipient,
      subject: row.subject,
      entityType: row.entity_type,
      entityId: row.entity_id,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    totalRecords: total,
    totalPages: totalPages(total, page.limit),
    currentPage: page.page,
  }
}

/** POST /notifications/outbox/:id/retry: due again at once, attempts counted afresh; the retry is itself logged. */
export async function retryDeadMail(deps: NotifyDeps & { db: Db; now: () => number }, caller: Caller, id: string) {
  if (!isRowId(id)) throw notFound(NO_DEAD_MAIL)
  const revived = await deps.db.transaction().execute(async (trx) => {
    if (!(await reviveDead(trx, id, new Date(deps.now())))) return false
    await appendEvent(trx, { entityType: "mail", entityId: id, type: "mail.requeued", actorId: caller.id })
    return true
  })
  if (!revived) throw notFound(NO_DEAD_MAIL)
  await deliverQueued(deps, { mail: [id], people: [] })
  return { success: true, message: MAIL_QUEUED_AGAIN }
}
