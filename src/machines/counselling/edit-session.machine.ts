import type { CounsellingSession } from "../../api/contract/counselling/counselling-session.ts"
import * as sessionsApi from "../../api/counselling/counselling-sessions.api.ts"
import { CANCELLED_SESSION_MESSAGE, canEditSession, MISSING_MEETING_KEY_MESSAGE, PAST_SESSION_MESSAGE } from "./counselling-session.machine.ts"
import { createFormMachine } from "../form/form.machine.ts"
import * as sessionCalls from "../../api/contract/counselling/counselling-sessions.endpoints.ts"
import { formValuesOf, MODAL_CLOSE_MS, saveFailure, sessionFields, toSessionPayload, type SessionFormValues } from "./session-form.ts"

export const SESSION_UPDATED = "Session updated successfully!"

/**
 * Edit Session (spec sections 2, 4, 5): only an upcoming session opens; one without a meeting key is
 * refused with 'Missing meeting key.' (`openRefused`). Success shows 'Session updated successfully!',
 * refreshes the list (`submitted`) and closes the modal 1 s later.
 */
export const editSessionMachine = createFormMachine<{ message: string }, CounsellingSession, { counsellorId: string | null; userId: string | null }>({
  id: "editSession",
  call: sessionCalls.updateSession,
  modal: true,
  fields: sessionFields,
  // The session's two people: the form offers the counsellor's free times, the client's sessions taken away.
  initialExtra: { counsellorId: null, userId: null },
  fromItem: (session) => ({ itemId: session._id, values: { ...formValuesOf(session) }, extra: { counsellorId: session.counsellorId, userId: session.userId } }),
  refuseOpen: (session, now) =>
    !canEditSession(session.dateTime, now, session.state)
      ? session.state === "cancelled"
        ? CANCELLED_SESSION_MESSAGE
        : PAST_SESSION_MESSAGE
      : !session.meetingKey
        ? MISSING_MEETING_KEY_MESSAGE
        : null,
  submit: ({ values, itemId }) => sessionsApi.updateSession(itemId ?? "", toSessionPayload(values as unknown as SessionFormValues)),
  succeeded: () => ({ message: { text: SESSION_UPDATED, tone: "success" } }),
  failed: (error, onField) => ({ message: onField ? null : saveFailure(error, "Failed to update session.") }),
  after: { ms: MODAL_CLOSE_MS, then: "close" },
})
