import type { AccessLogQuery } from "../../../src/api/contract/audit/access-log.ts"
import type { Db } from "../../db/database.ts"
import { paging, totalPages } from "../../db/paging.ts"
import { ACCESS_COUNT_CAP, listAccessEntries } from "../../db/repositories/access-log.repository.ts"

/** GET /audit/access: the access log, newest first, 20 a page. */
export async function listAccessLog(db: Db, query: AccessLogQuery) {
  const page = paging(query, 20)
  const { rows, total } = await listAccessEntries(db, { kind: query.kind }, page)
  const capped = total > ACCESS_COUNT_CAP
  const totalRecords = capped ? ACCESS_COUNT_CAP : total
  return {
    success: true,
    data: rows.map((row) => ({
      _id: String(row.id),
      at: new Date(row.at).toISOString(),
      kind: row.kind,
      actorId: row.actor_id,
      actorName: row.actor_name,
      actorEmail: row.actor_email,
      actorRole: row.actor_role,
      email: row.email,
      method: row.method,
      path: row.path,
      operation: row.operation,
      status: row.status,
      detail: row.detail,
      ip: row.ip,
      requestId: row.request_id,
    })),
    totalRecords,
    totalPages: totalPages(totalRecords, page.limit),
    currentPage: page.page,
    ...(capped ? { totalCapped: true } : {}),
  }
}
