import { assign, setup } from "xstate"
import { messageOf } from "../../api/api-error.ts"
import { RescheduleRequest, type CounsellingSession, type SessionHistoryEntry } from "../../api/contract/counselling/counselling-session.ts"
import * as sessionsApi from "../../api/counselling/counselling-sessions.api.ts"
import { createConfirmActionMachine } from "../confirm-action.machine.ts"
import { sessionLife, type SessionLifecycleEvent, type SessionParty } from "./counselling-session.machine.ts"
import { createFormMachine } from "../form/form.machine.ts"
import * as sessionCalls from "../../api/contract/counselling/counselling-sessions.endpoints.ts"
import { fromCall } from "../call-actor.ts"
import type { FieldSpec } from "../form/field-spec.ts"
import { MODAL_CLOSE_MS, saveFailure, sessionFields, toSessionSlot } from "./session-form.ts"

/**
 * The console's side of a session's life (issue 24): which steps to offer the viewer, asked of the
 * same machine the server asks, and the forms and confirmations that run them.
 */
export type SessionStep = "reschedule" | "requestReschedule" | "cancel" | "noShow" | "complete"

export const sessionStepLabels: Record<SessionStep, string> = {
  reschedule: "Reschedule",
  requestReschedule: "Ask for a new time",
  cancel: "Cancel session",
  noShow: "Mark no-show",
  complete: "Mark completed",
}

/** A probe event per step: far in the future and with a reason, so only who and when decide. */
const probeOf = (step: SessionStep, by: SessionParty, now: number): SessionLifecycleEvent => {
  switch (step) {
    case "reschedule":
      return { type: "session.reschedule", by, dateTime: now + 365 * 86_400_000, durationMinutes: 60 }
    case "requestReschedule":
      return { type: "session.requestReschedule", by }
    case "cancel":
      return { type: "session.cancel", by, reason: "probe" }
    case "noShow":
      return { type: "session.markNoShow", by }
    case "complete":
      return { type: "session.complete", by }
  }
}

/** The steps the machine accepts from this viewer now, in the order the dialog shows them. */
export function offeredSteps(session: CounsellingSession, by: SessionParty, now: number, noticeHours: number): SessionStep[] {
  const life = sessionLife({
    dateTime: session.dateTime,
    durationMinutes: session.duration,
    now,
    state: session.state,
    noticeHours,
    wishPending: session.rescheduleWish !== null,
  })
  const steps: SessionStep[] = ["reschedule", "requestReschedule", "cancel", "noShow", "complete"]
  return steps.filter((step) => life.can(probeOf(step, by, now)))
}

/** Whether a cancellation now would be late (inside the notice window): the dialog says so before it is sent. */
export const cancelWouldBeLate = (session: CounsellingSession, now: number, noticeHours: number) =>
  new Date(session.dateTime).getTime() - now <= noticeHours * 3_600_000

const reasonField = (label: string): FieldSpec => ({ name: "reason", label, kind: "textarea", schema: RescheduleRequest.fields.reason })
/** The new date and time (the session form's rules: not in the past) and why. */
export const rescheduleFields: readonly FieldSpec[] = [...sessionFields.filter((f) => f.name === "date" || f.name === "time"), reasonField("Reason")]
export const cancelFields: readonly FieldSpec[] = [reasonField("Reason for cancelling")]

export interface StepExtra {
  by: SessionParty
  /** The session the step is about (the reschedule form offers its counsellor's free times). */
  session: CounsellingSession | null
}

/**
 * Reschedule (Admin, counsellor) or Ask for a new time (client): new date and time in the viewer's zone,
 * and a reason. The answer is the session as it now stands; the modal closes 1 s after the message.
 */
export const rescheduleFormMachine = createFormMachine<{ message: string; data: CounsellingSession }, CounsellingSession, StepExtra>({
  id: "rescheduleSession",
  call: [sessionCalls.rescheduleSession, sessionCalls.requestSessionReschedule],
  modal: true,
  fields: rescheduleFields,
  initialExtra: { by: "admin", session: null },
  fromItem: (session) => ({ itemId: session._id, values: { date: "", time: "", reason: "" } }),
  submit: ({ values, itemId, extra }) => {
    const body = { ...toSessionSlot(values["date"] ?? "", values["time"] ?? ""), reason: values["reason"] ?? "" }
    return extra.by === "client" ? sessionsApi.requestSessionReschedule(itemId ?? "", body) : sessionsApi.rescheduleSession(itemId ?? "", body)
  },
  succeeded: (output) => ({ message: { text: output.message, tone: "success" } }),
  failed: (error, onField) => ({ message: onField ? null : saveFailure(error, "Failed to reschedule the session.") }),
  after: { ms: MODAL_CLOSE_MS, then: "close" },
})

/** Cancel session: a reason is required; the answer says whether it was late. */
export const cancelFormMachine = createFormMachine<{ message: string; data: CounsellingSession }, CounsellingSession, StepExtra>({
  id: "cancelSession",
  call: sessionCalls.cancelSession,
  modal: true,
  fields: cancelFields,
  initialExtra: { by: "admin", session: null },
  fromItem: (session) => ({ itemId: session._id, values: { reason: "" } }),
  submit: ({ values, itemId }) => sessionsApi.cancelSession(itemId ?? "", { reason: values["reason"] ?? "" }),
  succeeded: (output) => ({ message: { text: output.message, tone: "success" } }),
  failed: (error, onField) => ({ message: onField ? null : saveFailure(error, "Failed to cancel the session.") }),
  after: { ms: MODAL_CLOSE_MS, then: "close" },
})

/** Mark completed, after a confirmation naming the session. */
export const completeSessionMachine = createConfirmActionMachine<CounsellingSession>({
  id: "completeSession",
  call: sessionCalls.completeSession,
  run: (session) => sessionsApi.completeSession(session._id),
  successText: "Session marked as completed.",
  failureText: "Failed to mark the session completed.",
  networkText: "Something went wrong while saving.",
})

/** Mark no-show, after a confirmation naming the client. */
export const noShowSessionMachine = createConfirmActionMachine<CounsellingSession>({
  id: "markSessionNoShow",
  call: sessionCalls.markSessionNoShow,
  run: (session) => sessionsApi.markSessionNoShow(session._id),
  successText: "Session marked as a no-show.",
  failureText: "Failed to mark the no-show.",
  networkText: "Something went wrong while saving.",
})

/** A session's History, read when its details open; a failure offers Try again. */
export const sessionHistoryMachine = setup({
  types: {
    context: {} as { sessionId: string; entries: SessionHistoryEntry[]; error: string | null },
    input: {} as { sessionId: string },
    events: {} as { type: "history.retry" } | { type: "history.reload" },
  },
  actors: {
    fetchHistory: fromCall<SessionHistoryEntry[], string>(sessionCalls.fetchSessionHistory, ({ input }) => sessionsApi.fetchSessionHistory(input)),
  },
}).createMachine({
  id: "sessionHistory",
  context: ({ input }) => ({ sessionId: input.sessionId, entries: [], error: null }),
  initial: "loading",
  states: {
    loading: {
      description: "The session's events are fetched, newest first: 'Loading history...'.",
      tags: ["busy"],
      invoke: {
        src: "fetchHistory",
        input: ({ context }) => context.sessionId,
        onDone: { target: "shown", actions: assign({ entries: ({ event }) => event.output, error: null }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => messageOf(event.error, "Failed to load the session's history.") }) },
      },
    },
    shown: { description: "The timeline; a step taken in the dialog reads it again.", on: { "history.reload": "loading" } },
    failed: { description: "The failure in words with Try again.", on: { "history.retry": "loading", "history.reload": "loading" } },
  },
})
