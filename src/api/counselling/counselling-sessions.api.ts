import type { SessionUser } from "../contract/account/user.ts"
import {
  isSessionSort,
  isSessionState,
  type CancelSessionRequest,
  type CounsellingSession,
  type CreateSessionRequest,
  type RescheduleRequest,
  type SessionStatus,
  type UpdateSessionRequest,
} from "../contract/counselling/counselling-session.ts"
import * as api from "../contract/counselling/counselling-sessions.endpoints.ts"
import { call } from "../client.ts"
import type { PageAsk, RowsPage, SortedPageAsk } from "./counselling-enquiry.api.ts"

const toPage = (answer: { data: { counsellingSessions: readonly CounsellingSession[] }; totalRecords: number }): RowsPage<CounsellingSession> => ({
  rows: [...answer.data.counsellingSessions],
  total: answer.totalRecords,
})

/** Everyone's sessions: most recently booked first, or by session date with `sort`; one state's only with the State filter. */
export async function fetchAllSessionsPage(ask: SortedPageAsk & { filters?: Record<string, string> }) {
  const state = ask.filters?.state
  const query = {
    page: String(ask.page),
    limit: String(ask.limit),
    ...(isSessionSort(ask.sort) ? { sort: ask.sort } : {}),
    ...(isSessionState(state) ? { state } : {}),
    // The Starts days as instants (both or neither, machines/day-range.ts).
    ...(ask.filters?.from && ask.filters.to ? { from: ask.filters.from, to: ask.filters.to } : {}),
  }
  return toPage(await call(api.fetchSessions, { query }))
}

/** One client's sessions (the admin's Counselling Sessions page). */
export const fetchUserSessionsPage = async (userId: string, ask: PageAsk & { status?: SessionStatus }) =>
  toPage(
    await call(api.fetchUserSessions, {
      params: { id: userId },
      query: { page: String(ask.page), limit: String(ask.limit), ...(ask.status ? { status: ask.status } : {}) },
    }),
  )

/**
 * The signed-in person's own sessions: role User through the user-sessions call, every other
 * role through the counsellor-sessions call (spec section 6).
 */
export async function fetchMySessionsPage(user: Pick<SessionUser, "_id" | "role">, ask: PageAsk & { status?: SessionStatus }) {
  const query = { page: String(ask.page), limit: String(ask.limit), ...(ask.status ? { status: ask.status } : {}) }
  return user.role === "User"
    ? toPage(await call(api.fetchUserSessions, { params: { id: user._id }, query }))
    : toPage(await call(api.fetchCounsellorSessions, { params: { id: user._id }, query }))
}

/** A vendor's sessions as their counsellor, newest bookings first (the Admin's Vendor Details tab). */
export const fetchVendorSessions = async (vendorId: string) =>
  toPage(await call(api.fetchCounsellorSessions, { params: { id: vendorId }, query: { page: "1", limit: "100" } })).rows

export const createSession = async (body: CreateSessionRequest) => call(api.createSession, { body })

/** The id is the session's `_id`. */
export const updateSession = async (id: string, body: UpdateSessionRequest) => call(api.updateSession, { params: { id }, body })

export const deleteSession = (meetingKey: string) => call(api.deleteSession, { params: { meetingKey } })

/** The lifecycle steps (issue 24); each answers the session as it now stands. */
export const rescheduleSession = (id: string, body: RescheduleRequest) => call(api.rescheduleSession, { params: { id }, body })
export const requestSessionReschedule = (id: string, body: RescheduleRequest) => call(api.requestSessionReschedule, { params: { id }, body })
export const cancelSession = (id: string, body: CancelSessionRequest) => call(api.cancelSession, { params: { id }, body })
export const completeSession = (id: string) => call(api.completeSession, { params: { id } })
export const markSessionNoShow = (id: string) => call(api.markSessionNoShow, { params: { id } })
export const fetchSessionHistory = async (id: string) => [...(await call(api.fetchSessionHistory, { params: { id } })).data]

/** Whose sessions a calendar shows: everyone's (an Admin) or the signed-in person's own. */
export type CalendarScope = { kind: "all" } | { kind: "mine"; user: Pick<SessionUser, "_id" | "role"> }

/** The most sessions one calendar range shows (the Admin's calendar says when there are more). */
export const CALENDAR_LIMIT = 100

/** Sessions starting in [from, to), earliest first, with how many there are in all. */
export async function fetchSessionsInRange(scope: CalendarScope, from: string, to: string): Promise<RowsPage<CounsellingSession>> {
  const query = { page: "1", limit: String(CALENDAR_LIMIT), from, to }
  if (scope.kind === "all") return toPage(await call(api.fetchSessions, { query }))
  return scope.user.role === "User"
    ? toPage(await call(api.fetchUserSessions, { params: { id: scope.user._id }, query }))
    : toPage(await call(api.fetchCounsellorSessions, { params: { id: scope.user._id }, query }))
}
