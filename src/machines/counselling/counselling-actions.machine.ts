import type { CounsellingEnquiry } from "../../api/contract/counselling/counselling-enquiry.ts"
import type { CounsellingSession } from "../../api/contract/counselling/counselling-session.ts"
import { sendUserLoginAccess } from "../../api/counselling/counselling-enquiry.api.ts"
import { deleteSession } from "../../api/counselling/counselling-sessions.api.ts"
import { createConfirmActionMachine } from "../confirm-action.machine.ts"

/** Send access on /counselling: 'Are you sure you want to send access to this user?' first. */
export const sendAccessMachine = createConfirmActionMachine<CounsellingEnquiry>({
  id: "sendAccess",
  run: sendUserLoginAccess,
  successText: "Access sent successfully.",
  failureText: "Failed to send access.",
  networkText: "Failed to send user access.",
})

/** Delete on /all-sessions, by the session's meeting key, after confirmation. */
export const deleteSessionMachine = createConfirmActionMachine<CounsellingSession>({
  id: "deleteSession",
  run: (session) => deleteSession(session.meetingKey ?? ""),
  successText: "Session deleted successfully.",
  failureText: "Failed to delete session.",
  networkText: "Something went wrong while deleting.",
})
