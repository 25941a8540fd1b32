import { assign, fromPromise, setup } from "xstate"
import type { CounsellingSession } from "../api/contract/counselling-session.ts"
import * as sessionsApi from "../api/counselling-sessions.api.ts"
import { canEditSession, MISSING_MEETING_KEY_MESSAGE, PAST_SESSION_MESSAGE } from "./counselling-session.machine.ts"
import type { Message } from "./login.machine.ts"
import {
  emptySessionForm,
  formValuesOf,
  isSessionFormValid,
  MODAL_CLOSE_MS,
  saveFailure,
  toSessionPayload,
  validateSessionForm,
  type SessionFormErrors,
  type SessionFormEvent,
  type SessionFormValues,
} from "./session-form.ts"

export const SESSION_UPDATED = "Session updated successfully!"

export interface EditSessionContext {
  values: SessionFormValues
  errors: SessionFormErrors
  message: Message | null
  session: CounsellingSession | null
  now: () => number
}

export type EditSessionEvent = { type: "form.open"; session: CounsellingSession } | SessionFormEvent

/**
 * Edit Session (spec sections 2, 4, 5): only an upcoming session opens (the session machine
 * decides); one without a meeting key is refused with 'Missing meeting key.'. Success shows
 * 'Session updated successfully!', refreshes the list and closes the modal 1 s later.
 */
export const editSessionMachine = setup({
  types: { context: {} as EditSessionContext, events: {} as EditSessionEvent, input: {} as { now?: () => number } | undefined },
  actors: {
    updateSession: fromPromise<{ message: string }, { id: string; values: SessionFormValues }>(({ input }) =>
      sessionsApi.updateSession(input.id, toSessionPayload(input.values)),
    ),
  },
  actions: {
    /** Provided by the view: reload the session list. */
    sessionSaved: () => {},
    /** Provided by the view: show a toast. */
    notify: (_, _params: { text: string; tone: "success" | "error" }) => {},
  },
  guards: {
    isPastSession: ({ context, event }) => event.type === "form.open" && !canEditSession(event.session.dateTime, context.now()),
    lacksMeetingKey: ({ event }) => event.type === "form.open" && !event.session.meetingKey,
    isValid: ({ context }) => isSessionFormValid(context.values, context.now()),
  },
  delays: { modalClose: MODAL_CLOSE_MS },
}).createMachine({
  id: "editSession",
  context: ({ input }) => ({ values: emptySessionForm, errors: {}, message: null, session: null, now: input?.now ?? Date.now }),
  initial: "closed",
  states: {
    closed: {
      description: "No session is being edited; Edit opens an upcoming session with a meeting key.",
      on: {
        "form.open": [
          { guard: "isPastSession", actions: { type: "notify", params: { text: PAST_SESSION_MESSAGE, tone: "error" } } },
          { guard: "lacksMeetingKey", actions: { type: "notify", params: { text: MISSING_MEETING_KEY_MESSAGE, tone: "error" } } },
          {
            target: "editing",
            actions: assign({ session: ({ event }) => event.session, values: ({ event }) => formValuesOf(event.session), errors: {}, message: null }),
          },
        ],
      },
    },
    editing: {
      description: "The Edit Session modal shows the session's values in the viewer's time zone.",
      on: {
        "field.change": {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }),
            errors: ({ context, event }) => ({ ...context.errors, [event.field]: undefined }),
            // A failure's message is about the values as they were; once one changes it is stale.
            message: ({ context }) => (context.message?.tone === "error" ? null : context.message),
          }),
        },
        "form.submit": [
          { guard: "isValid", target: "saving", actions: assign({ errors: {}, message: null }) },
          { actions: assign({ errors: ({ context }) => validateSessionForm(context.values, context.now()) }) },
        ],
        "form.cancel": { target: "closed" },
      },
    },
    saving: {
      description: "The change is being saved; Update shows it is busy.",
      tags: ["busy"],
      invoke: {
        src: "updateSession",
        input: ({ context }) => ({ id: context.session?._id ?? "", values: context.values }),
        onDone: {
          target: "saved",
          actions: [
            assign({ message: { text: SESSION_UPDATED, tone: "success" } }),
            "sessionSaved",
            { type: "notify", params: { text: SESSION_UPDATED, tone: "success" } },
          ],
        },
        onError: { target: "editing", actions: assign({ message: ({ event }) => saveFailure(event.error, "Failed to update session.") }) },
      },
    },
    saved: {
      description: "'Session updated successfully!' shows; the modal closes 1 s later.",
      after: { modalClose: { target: "closed", actions: assign({ message: null, session: null }) } },
      on: { "form.cancel": { target: "closed", actions: assign({ message: null, session: null }) } },
    },
  },
})
