import type { AllSessionsQuery, SessionListQuery } from "../../../src/api/contract/counselling-session.ts"
import type { Db } from "../../db/database.ts"
import { paging, totalPages } from "../../db/paging.ts"
import { listSessions, toCounsellingSession, type SessionFilter } from "../../db/repositories/counselling-sessions.repository.ts"
import type { Caller } from "../auth/tokens.ts"
import { forbidden } from "../errors.ts"

/** The dashboard reads a person's sessions with page 1, limit 5000 (spec section 9). */
const PERSONAL_MAX_LIMIT = 5000

interface QueryDeps {
  db: Db
  now: () => number
}

async function pageOf(deps: QueryDeps, filter: Omit<SessionFilter, "now">, query: AllSessionsQuery | SessionListQuery, maxLimit: number) {
  const page = paging({ page: query.page, limit: query.limit }, 10, maxLimit)
  const now = deps.now()
  const { rows, total } = await listSessions(deps.db, { ...filter, now: new Date(now) }, page)
  return {
    success: true,
    data: { counsellingSessions: rows.map((row) => toCounsellingSession(row, now)) },
    totalRecords: total,
    totalPages: totalPages(total, page.limit),
    currentPage: page.page,
  }
}

export const fetchAllSessions = (deps: QueryDeps, query: AllSessionsQuery) => pageOf(deps, query.sort ? { order: query.sort } : {}, query, 100)

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
