import { sessionSorts, type SessionStatus } from "../../api/contract/counselling/counselling-session.ts"
import type { SessionUser } from "../../api/contract/user.ts"
import { fetchEnquiryPage } from "../../api/counselling/counselling-enquiry.api.ts"
import { fetchAllSessionsPage, fetchMySessionsPage, fetchUserSessionsPage } from "../../api/counselling/counselling-sessions.api.ts"
import { fetchCounsellingUsersPage, fetchUnassignedUsersPage } from "../../api/counselling/counselling-users.api.ts"
import { createPagedListMachine } from "../paged-list.machine.ts"

/** The counselling screens' paged lists (page size 10, spec section 9) with their failure messages (section 8). */

export const enquiryListMachine = createPagedListMachine({
  id: "counsellingEnquiries",
  live: "counselling",
  fetchPage: fetchEnquiryPage,
  failureMessage: "Failed to fetch counselling enquiries.",
})

/** The spec names no message for these two lists; these follow the others' wording. */
export const unassignedUsersListMachine = createPagedListMachine({
  id: "unassignedUsers",
  fetchPage: fetchUnassignedUsersPage,
  failureMessage: "Failed to fetch unassigned users.",
})

export const counsellingUsersListMachine = createPagedListMachine({
  id: "counsellingUsers",
  fetchPage: fetchCounsellingUsersPage,
  failureMessage: "Failed to fetch counselling users.",
})

export const allSessionsListMachine = createPagedListMachine({
  id: "allSessions",
  fetchPage: fetchAllSessionsPage,
  failureMessage: "Failed to fetch session.",
  sorts: sessionSorts,
})

/** One client's sessions on the admin's Counselling Sessions page. */
export const userSessionsListMachine = (userId: string) =>
  createPagedListMachine({
    id: "userSessions",
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
