import { Schema } from "effect"
import type { NotificationKind } from "./notification.ts"

/**
 * The email templates an Admin can reword (issue 23): one per kind of notification, or one per
 * audience where a kind tells two people different things (the client and the counsellor of an
 * assignment). Each names its placeholders, `{{name}}` in the subject or body, filled from the record.
 */
export interface Placeholder {
  readonly name: string
  readonly description: string
  /** A link that lets its holder in: never kept after sending, so previews show a stand-in. */
  readonly secret?: true
}

export interface TemplateInfo {
  readonly kind: NotificationKind
  readonly label: string
  readonly placeholders: readonly Placeholder[]
}

const p = (name: string, description: string, secret?: true): Placeholder => (secret ? { name, description, secret } : { name, description })
const name = p("name", "The recipient's name")
const loginUrl = p("loginUrl", "The console's sign-in page")
const sessionFields = [
  name,
  p("with", "The other person of the session"),
  p("topic", "The session's topic"),
  p("agenda", "The session's agenda"),
  p("when", "Its start, e.g. 2026-12-01 09:30 UTC"),
  p("duration", "Its length in minutes"),
  p("meetingLine", "'Join link: …' for the client, 'Start link: …' for the counsellor (empty without a meeting)"),
  p("noteLine", "'Note: …' when the session has a note (empty otherwise)"),
  p("sessionsUrl", "The page listing the recipient's sessions"),
  p("reasonLine", "'Reason: …' when the change gave one (empty otherwise)"),
  p("previousWhen", "Its start before this change (the same as when otherwise)"),
  p("actor", "Who made the change"),
]
const ticketFields = [
  name,
  p("raiserName", "Who raised the ticket"),
  p("ticketCode", "The ticket's number, e.g. TKT-000042"),
  p("ticketType", "The ticket's type"),
  p("query", "What the ticket asks"),
  p("ticketUrl", "The ticket's page"),
]

export const notificationTemplates = {
  "vendor.statusChanged": {
    kind: "vendor.statusChanged",
    label: "Vendor status changed",
    placeholders: [
      name,
      p("status", "The new status, as the console names it (Approve, Temp Approve, Reject, Under Review)"),
      p("statusTitle", "The new status in words, e.g. Temporarily approved"),
      p("statusMessage", "What the new status means for the vendor"),
      loginUrl,
      p("profileUrl", "The vendor's profile page"),
    ],
  },
  "session.booked": { kind: "session.booked", label: "Session booked", placeholders: sessionFields },
  "session.changed": { kind: "session.changed", label: "Session changed", placeholders: sessionFields },
  "session.cancelled": { kind: "session.cancelled", label: "Session cancelled", placeholders: sessionFields },
  "session.rescheduled": { kind: "session.rescheduled", label: "Session rescheduled", placeholders: sessionFields },
  "session.rescheduleRequested": {
    kind: "session.rescheduleRequested",
    label: "New time asked for a session",
    placeholders: [...sessionFields, p("requestedWhen", "The start the client asks for, e.g. 2026-12-02 10:00 UTC")],
  },
  "session.reminder24h": { kind: "session.reminder", label: "Session reminder: a day before", placeholders: sessionFields },
  "session.reminder1h": { kind: "session.reminder", label: "Session reminder: an hour before", placeholders: sessionFields },
  "session.completed": { kind: "session.outcome", label: "Session completed", placeholders: sessionFields },
  "session.noShow": { kind: "session.outcome", label: "Session marked as a no-show", placeholders: sessionFields },
  "access.sent": {
    kind: "access.sent",
    label: "Access sent",
    placeholders: [name, p("setPasswordUrl", "The single-use link to choose a password", true), loginUrl],
  },
  "counsellor.assigned.toClient": {
    kind: "counsellor.assigned",
    label: "Counsellor assigned: to the client",
    placeholders: [
      name,
      p("counsellorName", "The counsellor's name"),
      p("counsellorRole", "The counsellor's role"),
      p("sessionsUrl", "The client's sessions page"),
    ],
  },
  "counsellor.assigned.toCounsellor": {
    kind: "counsellor.assigned",
    label: "Counsellor assigned: to the counsellor",
    placeholders: [name, p("clientName", "The client's name"), p("sessionsUrl", "The counsellor's sessions page")],
  },
  "ticket.raised": { kind: "ticket.raised", label: "Ticket raised (to Admins)", placeholders: ticketFields },
  "ticket.answered": { kind: "ticket.answered", label: "Ticket answered", placeholders: ticketFields },
  "ticket.closed": { kind: "ticket.closed", label: "Ticket closed", placeholders: ticketFields },
  "ticket.feedbackGiven": {
    kind: "ticket.feedbackGiven",
    label: "Ticket feedback (to Admins)",
    placeholders: [...ticketFields, p("rating", "The rating, 1 to 5"), p("remarkLine", "'Remark: …' when a remark was left (empty otherwise)")],
  },
  "editor.invited": {
    kind: "editor.invited",
    label: "Editor invited",
    placeholders: [name, p("setPasswordUrl", "The single-use link to choose a password", true), loginUrl],
  },
  "password.resetRequested": {
    kind: "password.resetRequested",
    label: "Password reset link",
    placeholders: [name, p("resetUrl", "The single-use reset link", true)],
  },
  "password.changed": {
    kind: "password.changed",
    label: "Password changed",
    placeholders: [name, p("how", "How it changed, e.g. 'changed from your profile'"), loginUrl],
  },
  "signIn.newDevice": {
    kind: "signIn.newDevice",
    label: "Sign-in from a new device",
    placeholders: [
      name,
      p("when", "When it happened, e.g. 2026-12-01 09:30 UTC"),
      p("device", "The browser and system, e.g. Chrome on Windows"),
      p("address", "The network address it came from"),
      loginUrl,
    ],
  },
  "partner.signedUp.received": {
    kind: "partner.signedUp",
    label: "Partner sign-up: application received",
    placeholders: [name, p("email", "The applicant's email"), p("role", "The role applied for"), loginUrl, p("profileUrl", "The applicant's profile page")],
  },
  "partner.signedUp.existing": {
    kind: "partner.signedUp",
    label: "Partner sign-up: email already has an account",
    placeholders: [name, loginUrl],
  },
  "partner.applied": {
    kind: "partner.applied",
    label: "New partner application (to Admins)",
    placeholders: [
      name,
      p("applicantName", "The applicant's name"),
      p("applicantEmail", "The applicant's email"),
      p("applicantRole", "The role applied for"),
      p("link", "The applicant's Vendor Details page"),
    ],
  },
  "profileChange.submitted": {
    kind: "profileChange.submitted",
    label: "Profile changes to review (to Admins)",
    placeholders: [
      name,
      p("vendorName", "The vendor's name"),
      p("vendorEmail", "The vendor's email"),
      p("fieldsList", "The fields the vendor asked to change, e.g. Bank Name, Account Number"),
      p("link", "The vendor's Vendor Details page"),
    ],
  },
  "profileChange.decided.approved": {
    kind: "profileChange.decided",
    label: "Profile changes approved",
    placeholders: [name, p("fieldsList", "The fields that changed"), p("profileUrl", "The vendor's profile page")],
  },
  "profileChange.decided.rejected": {
    kind: "profileChange.decided",
    label: "Profile changes rejected",
    placeholders: [
      name,
      p("fieldsList", "The fields the vendor asked to change"),
      p("reason", "Why the Admin rejected them"),
      p("profileUrl", "The vendor's profile page"),
    ],
  },
  "enquiry.received.contact": {
    kind: "enquiry.received",
    label: "New contact enquiry (to Admins)",
    placeholders: [
      name,
      p("enquirerName", "The enquirer's name"),
      p("from", "Who sent it: name, email, number, city and state"),
      p("messageLine", "'Message: …' when one was written (empty otherwise)"),
      p("link", "The All Enquiries page"),
    ],
  },
  "enquiry.received.counselling": {
    kind: "enquiry.received",
    label: "New counselling enquiry (to Admins)",
    placeholders: [name, p("enquirerName", "The enquirer's name"), p("enquirerEmail", "The enquirer's email"), p("link", "The 1:1 Counselling page")],
  },
} as const satisfies Record<string, TemplateInfo>

export type TemplateId = keyof typeof notificationTemplates
export const templateIds = Object.keys(notificationTemplates) as TemplateId[]
export const isTemplateId = (id: string): id is TemplateId => Object.hasOwn(notificationTemplates, id)

export const SUBJECT_MAX = 200
export const BODY_MAX = 5000
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g

/**
 * What is wrong with a template, by field, in words an Admin can act on: empty, too long, a subject on
 * two lines, a `{{` left open, or a placeholder this email does not have. Empty when it can be saved.
 */
export function templateProblems(id: TemplateId, template: { subject: string; body: string }): { subject?: string; body?: string } {
  const known = notificationTemplates[id].placeholders.map((ph) => ph.name)
  const check = (text: string, label: string, max: number): string | undefined => {
    if (text.trim() === "") return `${label} is required.`
    if (text.length > max) return `${label} must be at most ${max} characters.`
    for (const match of text.matchAll(PLACEHOLDER)) {
      const inner = match[1]!.trim()
      if (!known.includes(inner)) return `${match[0]} is not a placeholder of this email. Use one of: ${known.map((k) => `{{${k}}}`).join(", ")}.`
    }
    if (text.replace(PLACEHOLDER, "").includes("{{") || text.replace(PLACEHOLDER, "").includes("}}"))
      return `${label} has a placeholder that is not closed: write it as {{name}}.`
    return undefined
  }
  const subject = /[\r\n]/.test(template.subject) ? "Subject must be on one line." : check(template.subject, "Subject", SUBJECT_MAX)
  const body = check(template.body, "Body", BODY_MAX)
  return { ...(subject ? { subject } : {}), ...(body ? { body } : {}) }
}

/**
 * Fills a template: each `{{name}}` with its field (spaces inside the braces allowed). A line that holds
 * only placeholders which all came out empty is left out, so an optional line (a note, a remark)
 * vanishes instead of leaving a blank.
 */
export function renderTemplate(text: string, fields: Readonly<Record<string, string>>): string {
  return text
    .split("\n")
    .flatMap((line) => {
      const filled = line.replace(PLACEHOLDER, (_, inner: string) => fields[inner.trim()] ?? "")
      const onlyPlaceholders = line.replace(PLACEHOLDER, "").trim() === "" && line.trim() !== ""
      return onlyPlaceholders && filled.trim() === "" ? [] : [filled]
    })
    .join("\n")
}

/** One template as the Admin screen shows it. */
export const NotificationTemplate = Schema.Struct({
  id: Schema.String,
  kind: Schema.String,
  label: Schema.String,
  subject: Schema.String,
  body: Schema.String,
  /** False: the built-in wording is in use. */
  customised: Schema.Boolean,
  placeholders: Schema.Array(Schema.Struct({ name: Schema.String, description: Schema.String })),
})
export type NotificationTemplate = typeof NotificationTemplate.Type

export const TemplatesAnswer = Schema.Struct({ success: Schema.Boolean, data: Schema.Array(NotificationTemplate) })
export const TemplateAnswer = Schema.Struct({ success: Schema.Boolean, message: Schema.String, data: NotificationTemplate })
export type TemplateAnswer = typeof TemplateAnswer.Type

export const TemplateIdParams = Schema.Struct({ id: Schema.Literals(templateIds) })

export const TemplateRequest = Schema.Struct({
  subject: Schema.String.check(Schema.isMaxLength(SUBJECT_MAX)),
  body: Schema.String.check(Schema.isMaxLength(BODY_MAX)),
}).annotate({
  description:
    "Neither may be blank, the subject is one line, and every `{{name}}` is one of this email's placeholders (GET /notifications/templates lists them), closed with `}}`; the message names what to fix.",
})
export type TemplateRequest = typeof TemplateRequest.Type

export const TemplatePreview = Schema.Struct({
  success: Schema.Boolean,
  data: Schema.Struct({
    subject: Schema.String,
    text: Schema.String,
    /** What filled it: the latest real notification of this template, or example values when there is none yet. */
    source: Schema.Literals(["record", "example"]),
  }),
})
export type TemplatePreview = typeof TemplatePreview.Type

export const TEMPLATE_SAVED = "Template saved. New emails use it from now on."
export const TEMPLATE_RESET = "Template reset to its default wording."
