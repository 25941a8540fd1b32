import type { FastifyInstance } from "fastify"
import * as enquiryApi from "../../src/api/contract/counselling/counselling-enquiry.endpoints.ts"
import * as sessionApi from "../../src/api/contract/counselling/counselling-sessions.endpoints.ts"
import * as usersApi from "../../src/api/contract/counselling/counselling-users.endpoints.ts"
import type { RouteDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import { sendUserLoginAccess } from "../services/counselling/access.service.ts"
import * as assignment from "../services/counselling/assignment.service.ts"
import { createEnquiry, fetchEnquiries } from "../services/counselling/enquiries.service.ts"
import * as commands from "../services/counselling/sessions.commands.ts"
import * as queries from "../services/counselling/sessions.queries.ts"
import * as lifecycle from "../services/counselling/sessions.lifecycle.ts"
import { jitsiMeetings } from "../services/meetings/jitsi.ts"
import type { MeetingProvider } from "../services/meetings/meeting-provider.ts"
import { slidingWindowLimiter } from "../services/rate-limit.ts"
import { withRequestLog } from "./request-mail-log.ts"
import { announcingList } from "../services/live/live-hub.ts"

/** The marketing site's intake form: at most 5 enquiries per client address in 15 minutes. */
export const INTAKE_LIMIT = { limit: 5, windowMs: 15 * 60 * 1000 }

/** 1:1 counselling: enquiries and access, assignment to counsellors, sessions with video links. */
export function counsellingRoutes(app: FastifyInstance, deps: RouteDeps, meetings: MeetingProvider = jitsiMeetings()): void {
  const intakeLimiter = slidingWindowLimiter({
    ...INTAKE_LIMIT,
    now: deps.now,
    message: "Too many enquiries from this address. Please try again in 15 minutes.",
  })
  const sessionDeps = { ...deps, meetings }

  route(app, enquiryApi.createCounsellingEnquiry, ({ body, request }) =>
    announcingList(deps.live, "counselling", () => createEnquiry({ ...withRequestLog(deps, request), intakeLimiter }, body, request.ip)),
  )
  route(app, enquiryApi.fetchCounsellingEnquiries, ({ query }) => fetchEnquiries(deps, query))
  route(app, enquiryApi.sendUserLoginAccess, ({ body, caller, request }) =>
    announcingList(deps.live, "counselling", () => sendUserLoginAccess(withRequestLog(deps, request), caller, body.enquiryId)),
  )

  route(app, usersApi.fetchUnassignedUsers, ({ query }) => assignment.fetchUnassignedUsers(deps, query))
  route(app, usersApi.fetchAssignablePeople, ({ query }) => assignment.fetchAssignablePeople(deps, query))
  route(app, usersApi.assignOrUpdateCounsellor, ({ params, body, caller, request }) =>
    assignment.assignCounsellor(withRequestLog(deps, request), caller, params.userId, body.counsellorId),
  )
  route(app, usersApi.fetchCounsellingUsers, ({ query }) => assignment.fetchCounsellingUsers(deps, query))
  route(app, usersApi.fetchCounsellingDetails, ({ params }) => assignment.fetchCounsellingDetails(deps, params.userId))

  route(app, sessionApi.createSession, ({ body, caller, request }) => commands.createSession(withRequestLog(sessionDeps, request), caller, body))
  route(app, sessionApi.fetchSessions, ({ query }) => queries.fetchAllSessions(deps, query))
  route(app, sessionApi.fetchUserSessions, ({ params, query, caller }) => queries.fetchUserSessions(deps, caller, params.id, query))
  route(app, sessionApi.fetchCounsellorSessions, ({ params, query, caller }) => queries.fetchCounsellorSessions(deps, caller, params.id, query))
  route(app, sessionApi.updateSession, ({ params, body, caller, request }) =>
    commands.updateSession(withRequestLog(sessionDeps, request), caller, params.id, body),
  )
  route(app, sessionApi.deleteSession, ({ params, caller, request }) => commands.deleteSession(withRequestLog(sessionDeps, request), caller, params.meetingKey))

  route(app, sessionApi.rescheduleSession, ({ params, body, caller, request }) =>
    lifecycle.rescheduleSession(withRequestLog(sessionDeps, request), caller, params.id, body),
  )
  route(app, sessionApi.requestSessionReschedule, ({ params, body, caller, request }) =>
    lifecycle.requestReschedule(withRequestLog(sessionDeps, request), caller, params.id, body),
  )
  route(app, sessionApi.cancelSession, ({ params, body, caller, request }) =>
    lifecycle.cancelSession(withRequestLog(sessionDeps, request), caller, params.id, body),
  )
  route(app, sessionApi.completeSession, ({ params, caller, request }) => lifecycle.completeSession(withRequestLog(sessionDeps, request), caller, params.id))
  route(app, sessionApi.markSessionNoShow, ({ params, caller, request }) => lifecycle.markNoShow(withRequestLog(sessionDeps, request), caller, params.id))
  route(app, sessionApi.fetchSessionHistory, ({ params, caller }) => queries.fetchSessionHistory(deps, caller, params.id))
}
