import { entityKindLabel, type AuditEvent } from "./audit.ts"

/**
 * What an event means, in the words an auditor uses (issue 25): "Asha Admin changed Vikram Lawyer from
 * Under Review to Approved", and which fields changed, field by field. The server writes the same sentence
 * into the CSV export, so a spreadsheet and the screen say the same.
 */

type Fields = Record<string, unknown>
const isRecord = (v: unknown): v is Fields => v !== null && typeof v === "object" && !Array.isArray(v)
const fieldsOf = (value: unknown): Fields => (isRecord(value) ? value : {})

/** "person" → "Person": a kind or a field named at the start of a label. */
export const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

/** "Approve" is shown as "Approved" (spec: the status badge); booleans of a blog or ticket say what they mean. */
function statusWord(value: unknown): string {
  if (value === "Approve") return "Approved"
  if (value === null || value === undefined || value === "") return "none"
  return String(value)
}

const who = (e: AuditEvent): string => e.actorName ?? (e.actorId ? "A deleted account" : e.ip ? "Someone not signed in" : "The system")

/** The record as people name it: a person by name, a ticket by its number, content by its title. */
export function targetOf(e: AuditEvent): string {
  const kind = entityKindLabel(e.entityType)
  const label = e.entityLabel?.trim()
  if (!label) return `${kind} ${e.entityId.slice(0, 8)}`
  if (e.entityType === "user") return label
  if (e.entityType === "availability") return `${label}'s availability`
  if (e.entityType === "profileChange") return `${label}'s profile changes`
  if (e.entityType === "ticket") return `ticket ${label}`
  return `${kind} “${label}”`
}

/** A blog's schedule is named by its blog (their ids are one). */
const scheduledBlog = (e: AuditEvent): string => (e.entityLabel?.trim() ? `blog “${e.entityLabel.trim()}”` : `blog ${e.entityId.slice(0, 8)}`)

/** An instant as the same words on the screen and in the CSV, wherever they are read: "2030-04-01 09:30 UTC". */
const instantWords = (value: unknown): string =>
  typeof value === "string" && value.length >= 16 ? `${value.slice(0, 10)} ${value.slice(11, 16)} UTC` : "a time not recorded"

/** `camelCase` or `snake_case` as words: "Bank name", "Starts at". */
export const fieldWords = (key: string): string => {
  const words = key
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim()
  return capitalized(words)
}

/** An event type as a person reads it, for the filter and under each sentence: "Person: status changed". */
export function eventTypeLabel(type: string): string {
  const dot = type.indexOf(".")
  if (dot < 0) return fieldWords(type)
  return `${capitalized(entityKindLabel(type.slice(0, dot)))}: ${fieldWords(type.slice(dot + 1)).toLowerCase()}`
}

export interface FieldChange {
  /** The changed field's path, e.g. `account_details.bankName`. */
  field: string
  /** The path in words: "Account details › Bank name". */
  label: string
  before: unknown
  after: unknown
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * The fields an update changed, one line each; a field holding a group (bank details, a profile) is opened
 * one level, so "Bank name" shows, not the whole group twice. A creation or a deletion lists no changes.
 */
export function fieldChanges(e: AuditEvent): FieldChange[] {
  if (e.before == null || e.after == null) return []
  const before = fieldsOf(e.before)
  const after = fieldsOf(e.after)
  const changes: FieldChange[] = []
  for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])]) {
    const was = before[key]
    const now = after[key]
    if (same(was, now)) continue
    if (isRecord(was) && isRecord(now)) {
      for (const inner of [...new Set([...Object.keys(was), ...Object.keys(now)])]) {
        if (same(was[inner], now[inner])) continue
        changes.push({ field: `${key}.${inner}`, label: `${fieldWords(key)} › ${fieldWords(inner)}`, before: was[inner] ?? null, after: now[inner] ?? null })
      }
      continue
    }
    changes.push({ field: key, label: fieldWords(key), before: was ?? null, after: now ?? null })
  }
  return changes
}

const actsOnSelf = (e: AuditEvent) => e.actorId !== null && e.actorId === e.entityId

/** The event as one sentence. Types the log does not name yet read "Asha Admin: feedback given (ticket TKT-000042)". */
export function auditSentence(e: AuditEvent): string {
  const [, action = e.type] = e.type.split(".")
  const actor = who(e)
  const target = targetOf(e)
  const before = fieldsOf(e.before)
  const after = fieldsOf(e.after)
  switch (e.type) {
    case "user.statusChanged":
      return `${actor} changed ${target} from ${statusWord(before["status"])} to ${statusWord(after["status"])}`
    case "user.partnerSignedUp":
      return `${target} signed up as a partner`
    case "user.passwordChanged":
      return actsOnSelf(e) ? `${target} changed their password` : `${actor} changed the password of ${target}`
    case "user.passwordReset":
      return `${target} reset their password with an emailed link`
    case "user.loggedOut":
      return `${target} signed out`
    case "user.madeAdmin":
      return `${actor} made ${target} an Admin`
    case "blog.statusChanged":
      return `${actor} ${after["status"] === true ? "published" : "unpublished"} ${target}`
    case "ticket.closed":
      return `${actor} closed ${target}`
    case "ticket.responded":
      return `${actor} answered ${target}`
    case "ticket.feedbackGiven":
      return `${actor} left feedback on ${target}${typeof after["user_rating"] === "number" ? ` (${after["user_rating"]} of 5)` : ""}`
    case "user.profileUpdated":
      return actsOnSelf(e) ? `${target} updated their profile` : `${actor} updated the profile of ${target}`
    case "user.profileChangeApproved":
      return `${actor} approved profile changes of ${target}`
    case "profileChange.submitted":
      return `${actor} asked for ${target} to be reviewed`
    case "profileChange.updated":
      return `${actor} changed ${target} under review`
    case "profileChange.approved":
      return `${actor} approved ${target}`
    case "profileChange.rejected":
      return `${actor} rejected ${target}${typeof after["reason"] === "string" ? `: ${after["reason"]}` : ""}`
    case "profileChange.withdrawn":
      return `${actor} withdrew ${target}`
    case "counsellingEnquiry.accessSent":
      return `${actor} sent access for ${target}`
    case "counsellingSession.created":
      return `${actor} booked ${target}`
    case "counsellingSession.rescheduled":
      return `${actor} rescheduled ${target}`
    case "counsellingSession.rescheduleRequested":
      return `${actor} asked for a new time for ${target}`
    case "counsellingSession.cancelled":
      return `${actor} cancelled ${target}`
    case "counsellingSession.completed":
      return `${actor} marked ${target} completed`
    case "counsellingSession.noShow":
      return `${actor} marked ${target} a no-show`
    case "blogSchedule.created":
      return `${actor} scheduled changes to ${scheduledBlog(e)} to go live at ${instantWords(after["publish_at"])}`
    case "blogSchedule.updated":
      return "publish_at" in after
        ? `${actor} moved the changes scheduled for ${scheduledBlog(e)} to ${instantWords(after["publish_at"])}`
        : `${actor} changed what is scheduled for ${scheduledBlog(e)}`
    case "blogSchedule.published":
      return `The changes ${actor} scheduled for ${scheduledBlog(e)} went live`
    case "blogSchedule.deleted":
      return `${actor} cancelled the changes scheduled for ${scheduledBlog(e)}`
  }
  switch (action) {
    case "created":
      return e.entityType === "user" ? `${actor} created the account of ${target}` : `${actor} created ${target}`
    case "deleted":
      return `${actor} deleted ${target}`
    case "updated": {
      const changed = fieldChanges(e).map((c) => c.label.toLowerCase())
      return changed.length > 0 ? `${actor} updated ${target}: ${changed.join(", ")}` : `${actor} updated ${target}`
    }
  }
  return `${actor}: ${fieldWords(action).toLowerCase()} (${target})`
}
