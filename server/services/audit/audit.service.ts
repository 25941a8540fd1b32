import type { AuditEvent, AuditQuery } from "../../../src/api/contract/audit/audit.ts"
import type { Db } from "../../db/database.ts"
import { direction, type EndPaging, paging, readFromNearestEnd, totalPages } from "../../db/paging.ts"
import { cappedCount, readListCount } from "../../db/repositories/list-counts.repository.ts"
import { foldEvents } from "./fold-events.ts"
import { csvLine } from "../export/csv.ts"
import { auditSentence } from "../../../src/api/contract/audit/audit-sentence.ts"
import { entityLabelsOf } from "./entity-labels.ts"
import { sql } from "kysely"
import { badRequest } from "../errors.ts"

/** The contract's AuditInstant has checked the text (a real ISO 8601 moment, years 0001 to 9999). */
const parseInstant = (value: string | undefined): Date | null => (value ? new Date(value) : null)

/** Every read of the log (the page, the exports) goes through here, so a reversed range is refused before anything is read. */
function filtered(db: Db, query: AuditQuery) {
  const from = parseInstant(query.from)
  const to = parseInstant(query.to)
  // Both bounds are inclusive: the same moment twice is one moment's events; an end before the start holds none anyone meant.
  if (from && to && to < from) throw badRequest("to: must be on or after from")
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

const columns = [
  "events.id",
  "events.entity_type",
  "events.entity_id",
  "events.type",
  "events.actor_id",
  "users.name as actor_name",
  "users.role as actor_role",
  "users.email as actor_email",
  "events.at",
  "events.before",
  "events.after",
  "events.machine",
  "events.ip",
  "events.request_id",
] as const

type Row = {
  id: string | number
  entity_type: string
  entity_id: string
  type: string
  actor_id: string | null
  actor_name: string | null
  actor_role: string | null
  actor_email: string | null
  at: Date
  before: unknown
  after: unknown
  machine: string | null
  ip: string | null
  request_id: string | null
}

const toAuditEvent = (row: Row, labelOf: (row: Row) => string | null): AuditEvent => ({
  _id: String(row.id),
  entityType: row.entity_type,
  entityId: row.entity_id,
  entityLabel: labelOf(row),
  type: row.type,
  actorId: row.actor_id,
  actorName: row.actor_name,
  actorRole: row.actor_role,
  actorEmail: row.actor_email,
  at: new Date(row.at).toISOString(),
  before: row.before,
  after: row.after,
  workflow: row.machine,
  ip: row.ip,
  requestId: row.request_id,
})

/** Events as the API answers them: each with its record's name, looked up once per kind for the page. */
async function toAuditEvents(db: Db, rows: readonly Row[]): Promise<AuditEvent[]> {
  const labelOf = await entityLabelsOf(db, rows)
  return rows.map((row) => toAuditEvent(row, labelOf))
}

const isUnfiltered = (query: AuditQuery) => !query.entityType && !query.entityId && !query.actorId && !query.type && !query.from && !query.to

/**
 * The whole log's total is trigger-kept (list_counts) and its far half is read from the oldest end;
 * a filtered log is counted up to a cap (millions of `user.created` events are not counted one by one).
 */
export async function listEvents(db: Db, query: AuditQuery) {
  const pageOf = paging(query, 20)
  const { page, limit } = pageOf
  const read = (end: EndPaging) =>
    filtered(db, query).select(columns).orderBy("events.id", direction("desc", end)).limit(end.limit).offset(end.offset).execute()
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
    data: await toAuditEvents(db, rows as Row[]),
    totalRecords: total,
    totalPages: totalPages(total, limit),
    currentPage: page,
    ...(capped ? { totalCapped: true } : {}),
  }
}

/** A filtered audit log counts at most this many events (500 pages of 20). */
const AUDIT_COUNT_CAP = 10_000

/** Events read per round trip of an export: a few hundred kilobytes of JSON at a time, whatever the log's size. */
const EXPORT_BATCH = 500

/**
 * The filtered log oldest first, batch after batch along the primary key (each batch starts after the
 * last id sent), so an export of any size holds one batch in memory. The first batch is read before
 * this resolves: a failing query is a clean error answer, never a cut file.
 */
async function eventBatches(db: Db, query: AuditQuery): Promise<AsyncGenerator<AuditEvent[]>> {
  const read = async (afterId: string | null) => {
    let q = filtered(db, query).select(columns)
    if (afterId !== null) q = q.where("events.id", ">", afterId)
    return toAuditEvents(db, (await q.orderBy("events.id", "asc").limit(EXPORT_BATCH).execute()) as Row[])
  }
  const first = await read(null)
  async function* batches(): AsyncGenerator<AuditEvent[]> {
    let batch = first
    while (batch.length > 0) {
      yield batch
      if (batch.length < EXPORT_BATCH) return
      batch = await read(batch[batch.length - 1]!._id)
    }
  }
  return batches()
}

const CSV_HEADER = [
  "id",
  "at",
  "entityType",
  "entityId",
  "type",
  "actorId",
  "actorName",
  "before",
  "after",
  "entityLabel",
  "summary",
  "workflow",
  "ip",
  "requestId",
]

/**
 * CSV of the filtered log, oldest first, streamed; cells that a spreadsheet would run as a formula are
 * quoted safe. Each line ends with the record's name, the event in words and the workflow version.
 */
export async function exportEventsCsv(db: Db, query: AuditQuery): Promise<AsyncGenerator<string>> {
  const batches = await eventBatches(db, query)
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(CSV_HEADER)
    for await (const batch of batches) {
      yield batch
        .map((e) =>
          csvLine([
            e._id,
            e.at,
            e.entityType,
            e.entityId,
            e.type,
            e.actorId ?? "",
            e.actorName ?? "",
            e.before == null ? "" : JSON.stringify(e.before),
            e.after == null ? "" : JSON.stringify(e.after),
            e.entityLabel ?? "",
            auditSentence(e),
            e.workflow ?? "",
            e.ip ?? "",
            e.requestId ?? "",
          ]),
        )
        .join("")
    }
  }
  return lines()
}

/** The filtered log as one JSON array, oldest first, streamed: each event as the list answers it, with its sentence. */
export async function exportEventsJson(db: Db, query: AuditQuery): Promise<AsyncGenerator<string>> {
  const batches = await eventBatches(db, query)
  async function* chunks(): AsyncGenerator<string> {
    yield "["
    let first = true
    for await (const batch of batches) {
      const items = batch.map((e) => JSON.stringify({ ...e, summary: auditSentence(e) }))
      yield `${first ? "\n" : ",\n"}${items.join(",\n")}`
      first = false
    }
    yield "\n]\n"
  }
  return chunks()
}

export async function entityAsOf(db: Db, entityType: string, entityId: string, at: string) {
  const instant = new Date(at)
  const rows = await filtered(db, { entityType, entityId, to: instant.toISOString() }).select(columns).orderBy("events.id", "asc").execute()
  const events = await toAuditEvents(db, rows as Row[])
  const folded = foldEvents(events)
  return { success: true, data: { entityType, entityId, at: instant.toISOString(), exists: folded.exists, state: folded.state, events } }
}

/**
 * Every event type in the log, alphabetical: a skip scan along the (type, id) index, one probe per type,
 * so a log of millions answers as fast as a small one.
 */
export async function listEventTypes(db: Db) {
  const { rows } = await sql<{ type: string }>`
    with recursive types(type) as (
      (select type from events order by type limit 1)
      union all
      select (select e.type from events e where e.type > types.type order by e.type limit 1) from types where types.type is not null
    )
    select type from types where type is not null`.execute(db)
  // Sorted here too: the database's collation may order punctuation and case differently from code points.
  return { success: true, data: rows.map((r) => r.type).sort() }
}
