import type { AuditEvent, AuditQuery } from "../../../src/api/contract/audit.ts"
import type { Db } from "../../db/database.ts"
import { direction, type EndPaging, paging, readFromNearestEnd, totalPages } from "../../db/paging.ts"
import { cappedCount, readListCount } from "../../db/repositories/list-counts.repository.ts"
import { foldEvents } from "./fold-events.ts"
import { csvCell } from "../export/csv.ts"

/** The contract's AuditInstant has checked the text (a real ISO 8601 moment, years 0001 to 9999). */
const parseInstant = (value: string | undefined): Date | null => (value ? new Date(value) : null)

function filtered(db: Db, query: AuditQuery) {
  const from = parseInstant(query.from)
  const to = parseInstant(query.to)
  let q = db.selectFrom("events").leftJoin("users", "users.id", "events.actor_id")
  if (query.entityType) q = q.where("events.entity_type", "=", query.entityType)
  if (query.entityId) q = q.where("events.entity_id", "=", query.entityId)
  if (query.actorId) q = q.where("events.actor_id", "=", query.actorId)
  if (query.type) q = q.where("events.type", "=", query.type)
  if (from) q = q.where("events.at", ">=", from)
  // Inclusive to the millisecond: PostgreSQL keeps microseconds that an ISO string drops.
  if (to) q = q.where("events.at", "<", new Date(to.getTime() + 1))
  return q
}

const columns = ["events.id", "events.entity_type", "events.entity_id", "events.type", "events.actor_id", "users.name as actor_name", "events.at", "events.before", "events.after"] as const

type Row = { id: string | number; entity_type: string; entity_id: string; type: string; actor_id: string | null; actor_name: string | null; at: Date; before: unknown; after: unknown }

const toAuditEvent = (row: Row): AuditEvent => ({
  _id: String(row.id),
  entityType: row.entity_type,
  entityId: row.entity_id,
  type: row.type,
  actorId: row.actor_id,
  actorName: row.actor_name,
  at: new Date(row.at).toISOString(),
  before: row.before,
  after: row.after,
})

const isUnfiltered = (query: AuditQuery) => !query.entityType && !query.entityId && !query.actorId && !query.type && !query.from && !query.to

/**
 * The whole log's total is trigger-kept (list_counts) and its far half is read from the oldest end;
 * a filtered log is counted up to a cap (millions of `user.created` events are not counted one by one).
 */
export async function listEvents(db: Db, query: AuditQuery) {
  const pageOf = paging(query, 20)
  const { page, limit } = pageOf
  const read = (end: EndPaging) => filtered(db, query).select(columns).orderBy("events.id", direction("desc", end)).limit(end.limit).offset(end.offset).execute()
  let rows: Awaited<ReturnType<typeof read>>
  let total: number
  let capped = false
  if (isUnfiltered(query)) {
    total = await readListCount(db, "events")
    rows = await readFromNearestEnd(total, pageOf, read)
  } else {
    // Counted newest first along the filter's (column, id) index, never over the whole log.
    const counting = filtered(db, query).orderBy("events.id", "desc")
    const [found, counted] = await Promise.all([read({ reverse: false, limit, offset: pageOf.offset }), cappedCount(db, counting, AUDIT_COUNT_CAP)])
    rows = found
    total = Math.max(counted.total, pageOf.offset + found.length)
    capped = counted.capped
  }
  return {
    success: true,
    data: rows.map((r) => toAuditEvent(r as Row)),
    totalRecords: total,
    totalPages: totalPages(total, limit),
    currentPage: page,
    ...(capped ? { totalCapped: true } : {}),
  }
}

/** A filtered audit log counts at most this many events (500 pages of 20). */
const AUDIT_COUNT_CAP = 10_000

const CSV_LIMIT = 100_000

/** CSV of the filtered log, oldest first; cells that a spreadsheet would run as a formula are quoted safe. */
export async function exportEvents(db: Db, query: AuditQuery): Promise<string> {
  const rows = await filtered(db, query).select(columns).orderBy("events.id", "asc").limit(CSV_LIMIT).execute()
  const header = ["id", "at", "entityType", "entityId", "type", "actorId", "actorName", "before", "after"]
  const lines = rows.map((r) => {
    const e = toAuditEvent(r as Row)
    return [e._id, e.at, e.entityType, e.entityId, e.type, e.actorId ?? "", e.actorName ?? "", e.before == null ? "" : JSON.stringify(e.before), e.after == null ? "" : JSON.stringify(e.after)].map(csvCell).join(",")
  })
  return [header.join(","), ...lines].join("\r\n") + "\r\n"
}


export async function entityAsOf(db: Db, entityType: string, entityId: string, at: string) {
  const instant = new Date(at)
  const rows = await filtered(db, { entityType, entityId, to: instant.toISOString() }).select(columns).orderBy("events.id", "asc").execute()
  const events = rows.map((r) => toAuditEvent(r as Row))
  const folded = foldEvents(events)
  return { success: true, data: { entityType, entityId, at: instant.toISOString(), exists: folded.exists, state: folded.state, events } }
}
