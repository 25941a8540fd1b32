import type { CounsellingSession } from "../api/contract/counselling-session.ts"
import * as sessionsApi from "../api/counselling-sessions.api.ts"
import { canEditSession, MISSING_MEETING_KEY_MESSAGE, PAST_SESSION_MESSAGE } from "./counselling-session.machine.ts"
import { createFormMachine } from "./form/form.machine.ts"
import { formValuesOf, MODAL_CLOSE_MS, saveFailure, sessionFields, toSessionPayload, type SessionFormValues } from "./session-form.ts"

export const SESSION_UPDATED = "Session updated successfully!"

/**
 * Edit Session (spec sections 2, 4, 5): only an upcoming session opens; one without a meeting key is
 * refused with 'Missing meeting key.' (`openRefused`). Success shows 'Session updated successfully!',
 * refreshes the list (`submitted`) and closes the modal 1 s later.
 */
export const editSessionMachine = createFormMachine<{ message: string }, CounsellingSession, { counsellorId: string | null }>({
  id: "editSession",
  modal: true,
  fields: sessionFields,
  // The session's counsellor: the form shows the slots they marked available on the chosen date.
  initialExtra: { counsellorId: null },
  fromItem: (session) => ({ itemId: session._id, values: { ...formValuesOf(session) }, extra: { counsellorId: session.counsellorId } }),
  refuseOpen: (session, now) => (!canEditSession(session.dateTime, now) ? PAST_SESSION_MESSAGE : !session.meetingKey ? MISSING_MEETING_KEY_MESSAGE : null),
  submit: ({ values, itemId }) => sessionsApi.updateSession(itemId ?? "", toSessionPayload(values as unknown as SessionFormValues)),
  succeeded: () => ({ message: { text: SESSION_UPDATED, tone: "success" } }),
  failed: (error, onField) => ({ message: onField ? null : saveFailure(error, "Failed to update session.") }),
  after: { ms: MODAL_CLOSE_MS, then: "close" },
})
