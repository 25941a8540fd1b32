import dayjs from "dayjs"
import { isApiError, messageOf } from "../api/api-error.ts"
import { SESSION_MINUTES, type CounsellingSession } from "../api/contract/counselling-session.ts"
import type { Message } from "./login.machine.ts"

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

const REQUIRED: Array<[SessionField, string]> = [
  ["date", "Date is required."],
  ["time", "Time is required."],
  ["topic", "Topic is required."],
  ["agenda", "Agenda is required."],
  ["duration", "Duration is required."],
]

/** Today's date in the viewer's zone, as the date field holds it ('YYYY-MM-DD'): the field's minimum. */
export const todayInput = (now = Date.now()) => dayjs(now).format("YYYY-MM-DD")

/** A date before today: nothing can be booked on it, so no time slots are listed for it either. */
export const isPastDate = (date: string, now = Date.now()) => /^\d{4}-\d{2}-\d{2}$/.test(date) && date < todayInput(now)

/**
 * Date, time, topic, agenda and duration are required; note is optional. The start must be in the
 * future and the duration within the contract's bounds (5 to 480 minutes), as the server checks.
 */
export function validateSessionForm(values: SessionFormValues, now = Date.now()): SessionFormErrors {
  const errors: SessionFormErrors = {}
  for (const [field, text] of REQUIRED) if (values[field].trim() === "") errors[field] = text
  const duration = values.duration.trim()
  if (!errors.duration && !/^\d+$/.test(duration)) errors.duration = "Duration must be a whole number of minutes."
  else if (!errors.duration && (Number(duration) < SESSION_MINUTES.minimum || Number(duration) > SESSION_MINUTES.maximum))
    errors.duration = `Duration must be between ${SESSION_MINUTES.minimum} and ${SESSION_MINUTES.maximum} minutes.`
  if (!errors.date && isPastDate(values.date, now)) errors.date = "Date cannot be in the past."
  else if (!errors.date && !errors.time && dayjs(`${values.date}T${values.time}`).valueOf() <= now) errors.time = "Time must be later than now."
  return errors
}

export const isSessionFormValid = (values: SessionFormValues, now = Date.now()) => Object.keys(validateSessionForm(values, now)).length === 0

/**
 * The form's date and time are wall-clock values in the admin's (browser's) zone. The API takes
 * the date and `HH:mm` plus that zone's offset at that moment (`14:30+05:30`), which names one
 * instant even on a daylight-saving day; a time skipped by a spring-forward moves to the real one.
 */
export function toSessionSlot(date: string, time: string): { date: string; time: string } {
  const local = dayjs(`${date}T${time}`)
  return { date: local.format("YYYY-MM-DD"), time: local.format("HH:mmZ") }
}

/** A stored instant as the form's date and time in the viewer's zone. */
export function fromSessionDateTime(dateTime: string): { date: string; time: string } {
  const local = dayjs(dateTime)
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

export type SessionFormEvent =
  | { type: "field.change"; field: SessionField; value: string }
  | { type: "form.submit" }
  | { type: "form.cancel" }
