import { Schema } from "effect"
import { Id, MessageAnswer } from "../common.ts"
import {
  AllSessionsQuery,
  CreateSessionRequest,
  MeetingKeyParams,
  SessionAnswer,
  SessionIdParams,
  SessionListAnswer,
  SessionListQuery,
  UpdateSessionRequest,
} from "../counselling-session.ts"
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
  summary: "Book a session with a meeting room; emails client and counsellor an .ics invite. 409 when the counsellor is already booked then",
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
  summary: "Change an upcoming session (the id is the session's _id); 409 for a past session or an overlap",
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

export const counsellingSessionEndpoints = [createSession, fetchSessions, fetchUserSessions, fetchCounsellorSessions, updateSession, deleteSession]
