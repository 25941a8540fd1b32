import { isApiError, messageOf } from "../../api/api-error.ts"
import { CreateSessionRequest, type CounsellingSession } from "../../api/contract/counselling/counselling-session.ts"
import type { Message } from "../account/login.machine.ts"
import { validateForm, type FieldSpec, type FormErrors } from "../form/field-spec.ts"
import { instantAt, offsetAt, todayOnViewerClock, wallClock } from "../account/viewer-zone.ts"

/** What the Create and Edit Session forms hold: text as typed (spec section 5 validates it). */
export interface SessionFormValues {
  date: string
  time: string
  topic: string
  agenda: string
  duration: string
  note: string
}
export type SessionField = keyof SessionFormValues
export type SessionFormErrors = Partial<Record<SessionField, string>>

export const emptySessionForm: SessionFormValues = { date: "", time: "", topic: "", agenda: "", duration: "", note: "" }

/** Spec timing: a modal closes about 1 s after a successful save. */
export const MODAL_CLOSE_MS = 1000

/** Today's date in the viewer's zone, as the date field holds it ('YYYY-MM-DD'): the field's minimum. */
export const todayInput = (now = Date.now()) => todayOnViewerClock(now)

/** A date before today: nothing can be booked on it, so no time slots are listed for it either. */
export const isPastDate = (date: string, now = Date.now()) => /^\d{4}-\d{2}-\d{2}$/.test(date) && date < todayInput(now)

const fields = CreateSessionRequest.fields

/**
 * Date, time, topic, agenda and duration are required; note is optional (spec section 5). Limits come
 * from the contract (duration 5 to 480 whole minutes, topic 200 characters); the start must be in the
 * future, by the viewer's clock.
 */
export const sessionFields: readonly FieldSpec[] = [
  { name: "date", label: "Date", kind: "date", check: (text, _values, now) => (isPastDate(text, now) ? "Date cannot be in the past." : null) },
  {
    name: "time",
    label: "Time",
    kind: "time",
    check: (text, values, now) => {
      const date = values["date"] ?? ""
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || isPastDate(date, now)) return null
      return instantAt(date, text).getTime() <= now ? "Time must be later than now." : null
    },
  },
  { name: "topic", label: "Topic", kind: "text", schema: fields.topic },
  { name: "agenda", label: "Agenda", kind: "textarea", schema: fields.agenda },
  {
    name: "duration",
    label: "Duration (minutes)",
    messageLabel: "Duration",
    kind: "number",
    schema: fields.duration,
    // Only whole digits are a number of minutes: '4.5' or '1e2' fail the contract's whole-number rule.
    toValue: (text) => (/^\d+$/.test(text) ? Number(text) : 0.5),
  },
  { name: "note", label: "Note", kind: "textarea", required: false, schema: fields.note },
]

/** Every problem of the form, in the fields' words (what the machines check before any call). */
export function validateSessionForm(values: SessionFormValues, now = Date.now()): SessionFormErrors {
  const errors: FormErrors = validateForm({ fields: sessionFields, files: [], values: { ...values }, fileStates: {}, mode: "add", now })
  return errors as SessionFormErrors
}

/**
 * The form's date and time are wall-clock values on the viewer's clock (their profile's zone, else the
 * browser's). The API takes the date and `HH:mm` plus that zone's offset at that moment (`14:30+05:30`),
 * which names one instant even on a daylight-saving day; a time skipped by a spring-forward moves to the
 * real one.
 */
export function toSessionSlot(date: string, time: string): { date: string; time: string } {
  const at = instantAt(date, time).getTime()
  const local = wallClock(at)
  return { date: local.format("YYYY-MM-DD"), time: `${local.format("HH:mm")}${offsetAt(at)}` }
}

/** A stored instant as the form's date and time on the viewer's clock. */
export function fromSessionDateTime(dateTime: string): { date: string; time: string } {
  const local = wallClock(dateTime)
  return { date: local.format("YYYY-MM-DD"), time: local.format("HH:mm") }
}

export const toSessionPayload = (values: SessionFormValues) => ({
  ...toSessionSlot(values.date, values.time),
  topic: values.topic.trim(),
  agenda: values.agenda.trim(),
  duration: Number(values.duration.trim()),
  note: values.note.trim() === "" ? null : values.note.trim(),
})

export const formValuesOf = (session: CounsellingSession): SessionFormValues => ({
  ...fromSessionDateTime(session.dateTime),
  topic: session.topic,
  agenda: session.agenda,
  duration: String(session.duration),
  note: session.note ?? "",
})

/** Spec section 8: the server's message, the call's own failure text, or the network text. */
export const saveFailure = (error: unknown, fallback: string): Message => ({
  text: isApiError(error) && error.kind === "network" ? "Something went wrong. Please try again." : messageOf(error, fallback),
  tone: "error",
})
