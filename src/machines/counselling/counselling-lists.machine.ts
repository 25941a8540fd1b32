import { MAX_RANGE_DAYS, sessionSorts, type SessionStatus } from "../../api/contract/counselling/counselling-session.ts"
import { dayRangeProblem, noDays, withDayBounds, type DayRangeRule } from "../day-range.ts"
import type { SessionUser } from "../../api/contract/account/user.ts"
import { fetchEnquiryPage } from "../../api/counselling/counselling-enquiry.api.ts"
import { fetchAllSessionsPage, fetchMySessionsPage, fetchUserSessionsPage } from "../../api/counselling/counselling-sessions.api.ts"
import { fetchCounsellingUsersPage, fetchUnassignedUsersPage } from "../../api/counselling/counselling-users.api.ts"
import { createPagedListMachine } from "../paged-list.machine.ts"
import * as sessionCalls from "../../api/contract/counselling/counselling-sessions.endpoints.ts"
import * as userCalls from "../../api/contract/counselling/counselling-users.endpoints.ts"
import * as enquiryCalls from "../../api/contract/counselling/counselling-enquiry.endpoints.ts"
import { counsellingListScreens } from "../../api/contract/counselling/counselling-list-screens.ts"
import { counsellingEnquirySorts } from "../../api/contract/counselling/counselling-enquiry.ts"
import { counsellingUserSorts } from "../../api/contract/counselling/counselling-user.ts"

/** The counselling screens' paged lists (page size 10, spec section 9) with their failure messages (section 8). */

export const enquiryListMachine = createPagedListMachine({
  id: "counsellingEnquiries",
  call: enquiryCalls.fetchCounsellingEnquiries,
  live: "counselling",
  fetchPage: (ask) => fetchEnquiryPage(withDayBounds(ask)),
  failureMessage: counsellingListScreens.counselling.failure,
  sorts: counsellingEnquirySorts,
  // Access: "" (every enquiry), "sent" (access sent) or "waiting"; the days received (issue 26).
  filters: { access: "", ...noDays },
  filtersProblem: dayRangeProblem,
})

export const unassignedUsersListMachine = createPagedListMachine({
  id: "unassignedUsers",
  call: userCalls.fetchUnassignedUsers,
  fetchPage: (ask) => fetchUnassignedUsersPage(withDayBounds(ask)),
  failureMessage: counsellingListScreens["unassign-users"].failure,
  sorts: counsellingUserSorts,
  // The days the clients joined (issue 26).
  filters: noDays,
  filtersProblem: dayRangeProblem,
})

export const counsellingUsersListMachine = createPagedListMachine({
  id: "counsellingUsers",
  call: userCalls.fetchCounsellingUsers,
  fetchPage: (ask) => fetchCounsellingUsersPage(withDayBounds(ask)),
  failureMessage: counsellingListScreens["counselling-users"].failure,
  sorts: counsellingUserSorts,
  // Counsellor: "" (every counsellor's clients) or one counsellor's id, chosen from a row's Counsellor cell; the days
  // the clients joined (issue 26).
  filters: { counsellor: "", ...noDays },
  filtersProblem: dayRangeProblem,
})

/** All Sessions' Starts days: both, at most as many as the server answers in one range (a calendar's). */
export const sessionDaysRule: DayRangeRule = { both: true, maxDays: MAX_RANGE_DAYS }

export const allSessionsListMachine = createPagedListMachine({
  id: "allSessions",
  call: sessionCalls.fetchSessions,
  fetchPage: (ask) => fetchAllSessionsPage(withDayBounds(ask, sessionDaysRule)),
  failureMessage: counsellingListScreens["all-sessions"].failure,
  sorts: sessionSorts,
  // state: "" (every session) or one of the lifecycle's states; from/to: the days the sessions start on (issue 26).
  filters: { state: "", ...noDays },
  filtersProblem: (filters) => dayRangeProblem(filters, sessionDaysRule),
})

/** One client's sessions on the admin's Counselling Sessions page. */
export const userSessionsListMachine = (userId: string) =>
  createPagedListMachine({
    id: "userSessions",
    call: sessionCalls.fetchUserSessions,
    fetchPage: (ask) => fetchUserSessionsPage(userId, ask),
    failureMessage: "Failed to fetch session.",
  })

/** Upcoming Session (soonest first) or Session History (latest first) of the signed-in person. */
export const mySessionsListMachine = (user: Pick<SessionUser, "_id" | "role">, status: SessionStatus) =>
  createPagedListMachine({
    id: status === "upcoming" ? "upcomingSessions" : "sessionHistory",
    fetchPage: (ask) => fetchMySessionsPage(user, { page: ask.page, limit: ask.limit, status }),
    failureMessage: "Something went wrong while fetching sessions.",
  })
