import { Schema } from "effect"
import { Id, MessageAnswer } from "../common.ts"
import {
  AllSessionsQuery,
  CancelSessionRequest,
  RescheduleRequest,
  SessionHistoryAnswer,
  CreateSessionRequest,
  MeetingKeyParams,
  SessionAnswer,
  SessionIdParams,
  SessionListAnswer,
  SessionListQuery,
  UpdateSessionRequest,
} from "./counselling-session.ts"
import { vendorRoles } from "../common.ts"
import { endpoint } from "../endpoint.ts"

const PersonIdParams = Schema.Struct({ id: Id })

export const createSession = endpoint({
  name: "createSession",
  method: "POST",
  path: "/counselling/create",
  body: CreateSessionRequest,
  answer: SessionAnswer,
  access: ["Admin"],
  summary:
    "Book a session with a meeting room; emails client and counsellor an .ics invite. Its date and time must be in the future (400 otherwise); 409 when the counsellor is already booked then",
  refusals: { 404: "No client or counsellor has this id", 409: "The counsellor (or the client) already has a session at that time" },
})

export const fetchSessions = endpoint({
  name: "fetchSessions",
  method: "GET",
  path: "/counselling/fetch",
  query: AllSessionsQuery,
  answer: SessionListAnswer,
  access: ["Admin"],
  summary: "Every session, most recently booked first; sort=dateTime (earliest first) or -dateTime (latest first) orders them by the session's date",
})

export const fetchUserSessions = endpoint({
  name: "fetchUserSessions",
  method: "GET",
  path: "/counselling/fetch/user/:id",
  params: PersonIdParams,
  query: SessionListQuery,
  answer: SessionListAnswer,
  access: ["Admin", "User"],
  summary: "One client's sessions (a client may ask only for their own id: 403 otherwise)",
  ownership: "An Admin reads anyone's sessions; a client only their own",
})

export const fetchCounsellorSessions = endpoint({
  name: "fetchCounsellorSessions",
  method: "GET",
  path: "/counselling/fetch/counsellor/:id",
  params: PersonIdParams,
  query: SessionListQuery,
  answer: SessionListAnswer,
  access: ["Admin", ...vendorRoles],
  summary: "One counsellor's sessions (a vendor may ask only for their own id: 403 otherwise)",
  ownership: "An Admin reads anyone's sessions; a vendor only their own",
})

export const updateSession = endpoint({
  name: "updateSession",
  method: "PATCH",
  path: "/counselling/update/:id",
  params: SessionIdParams,
  body: UpdateSessionRequest,
  answer: SessionAnswer,
  access: ["Admin"],
  summary:
    "Change an upcoming session (the id is the session's _id); a new date and time must be in the future (400 otherwise); 409 for a past session or an overlap",
  refusals: { 409: "The session has started or ended (only upcoming sessions change), or the counsellor is busy at the new time" },
})

export const deleteSession = endpoint({
  name: "deleteSession",
  method: "DELETE",
  path: "/counselling/delete/:meetingKey",
  params: MeetingKeyParams,
  answer: MessageAnswer,
  access: ["Admin"],
  summary: "Cancel a session by its meeting key; emails client and counsellor a cancellation",
  refusals: { 409: "The session has started or ended: only upcoming sessions can be deleted" },
})

const sessionParties = ["Admin", ...vendorRoles, "User"] as const
const partyOnly = "An Admin, or one of the session's two people (anyone else: 404, as if it did not exist)"

export const rescheduleSession = endpoint({
  name: "rescheduleSession",
  method: "POST",
  path: "/counselling/session/:id/reschedule",
  params: SessionIdParams,
  body: RescheduleRequest,
  answer: SessionAnswer,
  access: ["Admin", ...vendorRoles],
  summary:
    "Move an upcoming session to a new time in the future with a reason (Admin at any time; the counsellor outside the notice window); both people get the updated .ics",
  ownership: "An Admin moves any session; a counsellor only their own (anyone else: 404)",
  refusals: { 409: "The session is no longer upcoming, the start is inside the notice window (counsellor), or either person is busy at the new time" },
})

export const requestSessionReschedule = endpoint({
  name: "requestSessionReschedule",
  method: "POST",
  path: "/counselling/session/:id/reschedule-request",
  params: SessionIdParams,
  body: RescheduleRequest,
  answer: SessionAnswer,
  access: ["User"],
  summary: "The client asks for another time, with a reason; the counsellor is told and the session stays until they (or an Admin) move it",
  ownership: "Only the session's client (anyone else: 404)",
  refusals: { 409: "The session is no longer upcoming, or it starts inside the notice window" },
})

export const cancelSession = endpoint({
  name: "cancelSession",
  method: "POST",
  path: "/counselling/session/:id/cancel",
  params: SessionIdParams,
  body: CancelSessionRequest,
  answer: SessionAnswer,
  access: sessionParties,
  summary:
    "Cancel an upcoming session with a reason; inside the notice window it is recorded as late. Both people get a cancelling .ics and the slot is free again",
  ownership: partyOnly,
  refusals: { 409: "The session has started, ended or was cancelled already" },
})

export const completeSession = endpoint({
  name: "completeSession",
  method: "POST",
  path: "/counselling/session/:id/complete",
  params: SessionIdParams,
  answer: SessionAnswer,
  access: ["Admin", ...vendorRoles],
  summary: "Record that a session was held, once it has ended",
  ownership: "An Admin, or the session's counsellor (anyone else: 404)",
  refusals: { 409: "The session has not ended yet, or its outcome is recorded already" },
})

export const markSessionNoShow = endpoint({
  name: "markSessionNoShow",
  method: "POST",
  path: "/counselling/session/:id/no-show",
  params: SessionIdParams,
  answer: SessionAnswer,
  access: ["Admin", ...vendorRoles],
  summary: "Record that the client did not come, once the session has started",
  ownership: "An Admin, or the session's counsellor (anyone else: 404)",
  refusals: { 409: "The session has not started yet, or its outcome is recorded already" },
})

export const fetchSessionHistory = endpoint({
  name: "fetchSessionHistory",
  method: "GET",
  path: "/counselling/session/:id/history",
  params: SessionIdParams,
  answer: SessionHistoryAnswer,
  access: sessionParties,
  summary: "A session's life, newest first: booked, edited, rescheduled, a new time asked for, cancelled, completed or no-show, with who and why",
  ownership: partyOnly,
})

export const counsellingSessionEndpoints = [
  createSession,
  fetchSessions,
  fetchUserSessions,
  fetchCounsellorSessions,
  updateSession,
  deleteSession,
  rescheduleSession,
  requestSessionReschedule,
  cancelSession,
  completeSession,
  markSessionNoShow,
  fetchSessionHistory,
]
