import { assign, fromPromise, setup } from "xstate"
import * as sessionsApi from "../api/counselling-sessions.api.ts"
import type { Message } from "./login.machine.ts"
import {
  emptySessionForm,
  isSessionFormValid,
  MODAL_CLOSE_MS,
  saveFailure,
  toSessionPayload,
  validateSessionForm,
  type SessionFormErrors,
  type SessionFormEvent,
  type SessionFormValues,
} from "./session-form.ts"

export const SESSION_CREATED = "Session created successfully!"

export interface CreateSessionContext {
  values: SessionFormValues
  errors: SessionFormErrors
  message: Message | null
  userId: string | null
  counsellorId: string | null
  now: () => number
}

export type CreateSessionEvent = { type: "form.open"; userId: string; counsellorId: string } | SessionFormEvent

/**
 * '+ Create Session' (spec section 2): Date, Time, Topic, Agenda, Duration, Note for one client
 * and their counsellor. Success shows 'Session created successfully!', clears the form, refreshes
 * the lists and closes the modal 1 s later; a failure keeps every field.
 */
export const createSessionMachine = setup({
  types: { context: {} as CreateSessionContext, events: {} as CreateSessionEvent, input: {} as { now?: () => number } | undefined },
  actors: {
    createSession: fromPromise<{ message: string }, { userId: string; counsellorId: string; values: SessionFormValues }>(({ input }) =>
      sessionsApi.createSession({ userId: input.userId, counsellorId: input.counsellorId, ...toSessionPayload(input.values) }),
    ),
  },
  actions: {
    /** Provided by the view: reload the session lists. */
    sessionSaved: () => {},
    /** Provided by the view: show a toast. */
    notify: (_, _params: { text: string; tone: "success" | "error" }) => {},
  },
  guards: {
    isValid: ({ context }) => isSessionFormValid(context.values, context.now()),
  },
  delays: { modalClose: MODAL_CLOSE_MS },
}).createMachine({
  id: "createSession",
  context: ({ input }) => ({ values: emptySessionForm, errors: {}, message: null, userId: null, counsellorId: null, now: input?.now ?? Date.now }),
  initial: "closed",
  states: {
    closed: {
      description: "The modal is closed; '+ Create Session' opens it for the client and their counsellor.",
      on: {
        "form.open": {
          target: "editing",
          actions: assign({ userId: ({ event }) => event.userId, counsellorId: ({ event }) => event.counsellorId, message: null, errors: {} }),
        },
      },
    },
    editing: {
      description: "The form takes input; Submit checks the required fields before any call.",
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
      description: "The session is being created; Submit shows it is busy.",
      tags: ["busy"],
      invoke: {
        src: "createSession",
        input: ({ context }) => ({ userId: context.userId ?? "", counsellorId: context.counsellorId ?? "", values: context.values }),
        onDone: {
          target: "saved",
          actions: [
            assign({ values: emptySessionForm, message: { text: SESSION_CREATED, tone: "success" } }),
            "sessionSaved",
            { type: "notify", params: { text: SESSION_CREATED, tone: "success" } },
          ],
        },
        onError: { target: "editing", actions: assign({ message: ({ event }) => saveFailure(event.error, "Failed to create session.") }) },
      },
    },
    saved: {
      description: "'Session created successfully!' shows; the modal closes 1 s later.",
      after: { modalClose: { target: "closed", actions: assign({ message: null }) } },
      on: { "form.cancel": { target: "closed", actions: assign({ message: null }) } },
    },
  },
})
