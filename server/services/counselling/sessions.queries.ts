import { MAX_RANGE_DAYS, type AllSessionsQuery, type SessionListQuery } from "../../../src/api/contract/counselling/counselling-session.ts"
import type { Db } from "../../db/database.ts"
import { paging, totalPages } from "../../db/paging.ts"
import { findSessionById, listSessions, toCounsellingSession, type SessionFilter } from "../../db/repositories/counselling-sessions.repository.ts"
import type { Caller } from "../auth/tokens.ts"
import { forbidden, notFound } from "../errors.ts"
import { instantRange } from "../instant-range.ts"
import { whenLabel } from "../notifications/when-label.ts"

/** The dashboard reads a person's sessions with page 1, limit 5000 (spec section 9). */
const PERSONAL_MAX_LIMIT = 5000

interface QueryDeps {
  db: Db
  now: () => number
}

async function pageOf(deps: QueryDeps, filter: Omit<SessionFilter, "now">, query: AllSessionsQuery | SessionListQuery, maxLimit: number) {
  const page = paging({ page: query.page, limit: query.limit }, 10, maxLimit)
  const now = deps.now()
  const { from, to } = instantRange(query, { bothOrNeither: true, maxDays: MAX_RANGE_DAYS })
  const range = from && to ? { from, to } : undefined
  const { rows, total } = await listSessions(deps.db, { ...filter, now: new Date(now), ...(range ? { range } : {}) }, page)
  return {
    success: true,
    data: { counsellingSessions: rows.map((row) => toCounsellingSession(row, now)) },
    totalRecords: total,
    totalPages: totalPages(total, page.limit),
    currentPage: page.page,
  }
}

export const fetchAllSessions = (deps: QueryDeps, query: AllSessionsQuery) =>
  pageOf(deps, { ...(query.sort ? { order: query.sort } : {}), ...(query.state ? { state: query.state } : {}) }, query, 100)

/** A client or vendor reads only their own sessions; an admin reads anyone's. */
function requireSelfOrAdmin(caller: Caller, id: string): void {
  if (caller.role !== "Admin" && caller.id !== id) throw forbidden("You can only see your own sessions.")
}

export function fetchUserSessions(deps: QueryDeps, caller: Caller, userId: string, query: SessionListQuery) {
  requireSelfOrAdmin(caller, userId)
  return pageOf(deps, { userId, ...(query.status ? { status: query.status } : {}) }, query, PERSONAL_MAX_LIMIT)
}

export function fetchCounsellorSessions(deps: QueryDeps, caller: Caller, counsellorId: string, query: SessionListQuery) {
  requireSelfOrAdmin(caller, counsellorId)
  return pageOf(deps, { counsellorId, ...(query.status ? { status: query.status } : {}) }, query, PERSONAL_MAX_LIMIT)
}

/** Words for a session's events, moments on the reader's clock; an unknown one (from a newer server) by its name. */
function summaryOf(type: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null, zone: string | null): string {
  const when = (value: unknown) => (value ? whenLabel(new Date(String(value)), zone) : "")
  switch (type) {
    case "counsellingSession.created":
      return `Booked for ${when(after?.starts_at)}`
    case "counsellingSession.updated":
      return after?.starts_at ? `Edited: moved from ${when(before?.starts_at)} to ${when(after.starts_at)}` : "Edited"
    case "counsellingSession.rescheduled":
      return `Rescheduled from ${when(before?.starts_at)} to ${when(after?.starts_at)}`
    case "counsellingSession.rescheduleRequested": {
      const wish = after?.reschedule_wish as { startsAt?: string } | null | undefined
      return `A new time was asked for: ${when(wish?.startsAt)}`
    }
    case "counsellingSession.cancelled":
      return after?.cancelled_late ? "Cancelled late (inside the notice window)" : "Cancelled"
    case "counsellingSession.completed":
      return "Marked as completed"
    case "counsellingSession.noShow":
      return "Marked as a no-show"
    default:
      return type
  }
}

const objectOrNull = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" ? (value as Record<string, unknown>) : typeof value === "string" ? (JSON.parse(value) as Record<string, unknown>) : null

/** A session's history, newest first, for an Admin or one of its two people (anyone else: 404). */
export async function fetchSessionHistory(deps: QueryDeps, caller: Caller, id: string) {
  const session = await findSessionById(deps.db, id)
  if (!session || (caller.role !== "Admin" && caller.id !== session.user_id && caller.id !== session.counsellor_id)) throw notFound("Session not found.")
  const rows = await deps.db
    .selectFrom("events as e")
    .leftJoin("users as a", "a.id", "e.actor_id")
    .select(["e.type", "e.at", "e.before", "e.after", "a.name as actor"])
    .where("e.entity_type", "=", "counsellingSession")
    .where("e.entity_id", "=", id)
    .orderBy("e.id", "desc")
    .limit(500)
    .execute()
  const reader = await deps.db.selectFrom("users").select("time_zone").where("id", "=", caller.id).executeTakeFirst()
  return {
    success: true,
    data: rows.map((row) => {
      const before = objectOrNull(row.before)
      const after = objectOrNull(row.after)
      const reason = typeof after?.state_reason === "string" && row.type !== "counsellingSession.rescheduleRequested" ? after.state_reason : null
      const wish = after?.reschedule_wish as { reason?: string } | null | undefined
      return {
        type: row.type,
        at: new Date(row.at).toISOString(),
        actor: row.actor ?? null,
        summary: summaryOf(row.type, before, after, reader?.time_zone ?? null),
        reason: row.type === "counsellingSession.rescheduleRequested" ? (wish?.reason ?? null) : reason,
      }
    }),
  }
}
