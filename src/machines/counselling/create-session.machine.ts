import * as sessionsApi from "../../api/counselling/counselling-sessions.api.ts"
import { createFormMachine } from "../form/form.machine.ts"
import * as sessionCalls from "../../api/contract/counselling/counselling-sessions.endpoints.ts"
import { MODAL_CLOSE_MS, saveFailure, sessionFields, toSessionPayload, type SessionFormValues } from "./session-form.ts"

export const SESSION_CREATED = "Session created successfully!"

/**
 * '+ Create Session' (spec section 2): Date, Time, Topic, Agenda, Duration, Note for one client and
 * their counsellor. Success shows 'Session created successfully!', clears the form, refreshes the
 * lists (`submitted`) and closes the modal 1 s later; a failure keeps every field, and so does
 * closing the modal without saving.
 */
export const createSessionMachine = createFormMachine<{ message: string }, never, { userId: string; counsellorId: string }>({
  id: "createSession",
  call: sessionCalls.createSession,
  modal: true,
  fields: sessionFields,
  initialExtra: { userId: "", counsellorId: "" },
  keepUnsaved: true,
  clearOnSuccess: true,
  submit: ({ values, extra }) =>
    sessionsApi.createSession({ userId: extra.userId, counsellorId: extra.counsellorId, ...toSessionPayload(values as unknown as SessionFormValues) }),
  succeeded: () => ({ message: { text: SESSION_CREATED, tone: "success" } }),
  failed: (error, onField) => ({ message: onField ? null : saveFailure(error, "Failed to create session.") }),
  after: { ms: MODAL_CLOSE_MS, then: "close" },
})
