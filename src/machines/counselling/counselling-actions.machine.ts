import type { CounsellingEnquiry } from "../../api/contract/counselling/counselling-enquiry.ts"
import type { CounsellingSession } from "../../api/contract/counselling/counselling-session.ts"
import { sendUserLoginAccess } from "../../api/counselling/counselling-enquiry.api.ts"
import { deleteSession } from "../../api/counselling/counselling-sessions.api.ts"
import { createConfirmActionMachine } from "../confirm-action.machine.ts"
import * as sessionCalls from "../../api/contract/counselling/counselling-sessions.endpoints.ts"
import * as enquiryCalls from "../../api/contract/counselling/counselling-enquiry.endpoints.ts"

/** Send access on /counselling: 'Are you sure you want to send access to this user?' first. */
export const sendAccessMachine = createConfirmActionMachine<CounsellingEnquiry>({
  id: "sendAccess",
  call: enquiryCalls.sendUserLoginAccess,
  run: sendUserLoginAccess,
  successText: "Access sent successfully.",
  failureText: "Failed to send access.",
  networkText: "Failed to send user access.",
})

/** Delete on /all-sessions, by the session's meeting key, after confirmation. */
export const deleteSessionMachine = createConfirmActionMachine<CounsellingSession>({
  id: "deleteSession",
  call: sessionCalls.deleteSession,
  run: (session) => deleteSession(session.meetingKey ?? ""),
  successText: "Session deleted successfully.",
  failureText: "Failed to delete session.",
  networkText: "Something went wrong while deleting.",
})
