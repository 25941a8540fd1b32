import { Schema } from "effect"
import { Id, PageParam, roles, vendorRoles, type Role } from "../common.ts"
import { assignableRoles } from "../counselling/counselling-user.ts"

interface KindInfo {
  /** The console's words for it. */
  label: string
  /** Who can receive it: the notification settings list these kinds for these roles. */
  roles: readonly Role[]
  /**
   * Whether its mail can be switched off. Not for what carries the only way in (a set-password or
   * reset link) or tells of a security change: those are always mailed.
   */
  mailOptional: boolean
  /** Mail for a person who has not chosen (in-app is always on). */
  mailByDefault: boolean
}

const kindOf = (label: string, receivers: readonly Role[], mail: { optional?: boolean; byDefault?: boolean } = {}): KindInfo => ({
  label,
  roles: receivers,
  mailOptional: mail.optional ?? true,
  mailByDefault: mail.byDefault ?? true,
})
const raisers = roles.filter((role) => role !== "Admin")

/** Every kind of notification a change sends (issue 23): its words, who receives it, and its mail. */
export const notificationKinds = {
  "vendor.statusChanged": kindOf("Vendor status changed", vendorRoles),
  "session.booked": kindOf("Session booked", assignableRoles),
  "session.changed": kindOf("Session changed", assignableRoles),
  "session.cancelled": kindOf("Session cancelled", assignableRoles),
  "session.rescheduled": kindOf("Session rescheduled", assignableRoles),
  "session.rescheduleRequested": kindOf("New time asked for a session", assignableRoles),
  "session.outcome": kindOf("Session completed or missed", assignableRoles),
  "session.reminder": kindOf("Session reminder", assignableRoles),
  "access.sent": kindOf("Access sent", ["User"], { optional: false }),
  "counsellor.assigned": kindOf("Counsellor assigned", assignableRoles),
  "ticket.raised": kindOf("Ticket raised", ["Admin"]),
  "ticket.answered": kindOf("Ticket answered", raisers),
  "ticket.closed": kindOf("Ticket closed", raisers),
  "ticket.feedbackGiven": kindOf("Ticket feedback", ["Admin"]),
  "editor.invited": kindOf("Editor invited", ["Editor"], { optional: false }),
  "password.resetRequested": kindOf("Password reset link", roles, { optional: false }),
  "password.changed": kindOf("Password changed", roles, { optional: false }),
  "signIn.newDevice": kindOf("Sign-in from a new device", roles, { optional: false }),
  "partner.signedUp": kindOf("Partner sign-up", vendorRoles),
  // An Admin hears of new work in the console; mail for it is theirs to switch on (a public form can be busy).
  "partner.applied": kindOf("New partner application", ["Admin"], { byDefault: false }),
  "enquiry.received": kindOf("New enquiry", ["Admin"], { byDefault: false }),
  "profileChange.submitted": kindOf("Profile changes to review", ["Admin"], { byDefault: false }),
  "profileChange.decided": kindOf("Profile changes reviewed", vendorRoles),
} as const satisfies Record<string, KindInfo>
export type NotificationKind = keyof typeof notificationKinds
export const isNotificationKind = (kind: string): kind is NotificationKind => Object.hasOwn(notificationKinds, kind)

/** The console's words for a kind; a kind it does not know (from a newer server) as it is. */
export const notificationKindLabel = (kind: string): string => (isNotificationKind(kind) ? notificationKinds[kind].label : kind)

/** One in-app notification: what happened, where it leads, and whether it was read. */
export const InboxItem = Schema.Struct({
  _id: Schema.String,
  kind: Schema.String,
  title: Schema.String,
  /** A path in the console, e.g. `/ticket/…`. */
  link: Schema.String,
  createdAt: Schema.String,
  read: Schema.Boolean,
})
export type InboxItem = typeof InboxItem.Type

export const InboxQuery = Schema.Struct({ page: PageParam, limit: PageParam })
export type InboxQuery = typeof InboxQuery.Type

export const InboxPage = Schema.Struct({
  success: Schema.Boolean,
  data: Schema.Array(InboxItem),
  totalRecords: Schema.Number,
  totalPages: Schema.Number,
  currentPage: Schema.Number,
  unread: Schema.Number,
})
export type InboxPage = typeof InboxPage.Type

export const UnreadAnswer = Schema.Struct({ success: Schema.Boolean, data: Schema.Struct({ unread: Schema.Number }) })
export type UnreadAnswer = typeof UnreadAnswer.Type

export const InboxIdParams = Schema.Struct({ id: Id })

/** A kind the person can receive, and whether they get its mail. */
export const NotificationPreference = Schema.Struct({
  kind: Schema.String,
  label: Schema.String,
  mail: Schema.Boolean,
  /** False: always mailed (a link to get in, or a security change). */
  mailOptional: Schema.Boolean,
})
export type NotificationPreference = typeof NotificationPreference.Type

export const PreferencesAnswer = Schema.Struct({ success: Schema.Boolean, data: Schema.Array(NotificationPreference) })
export type PreferencesAnswer = typeof PreferencesAnswer.Type

export const PreferenceChange = Schema.Struct({ kind: Schema.Literals(Object.keys(notificationKinds) as NotificationKind[]), mail: Schema.Boolean })
// At most one choice per kind there is: a longer list is refused before it is read.
export const PreferencesRequest = Schema.Struct({
  preferences: Schema.Array(PreferenceChange).check(Schema.isMinLength(1), Schema.isMaxLength(Object.keys(notificationKinds).length)),
}).annotate({
  description:
    "Each kind at most once, only kinds of notification the caller's role receives (GET /notifications/preferences lists them), and only those whose mail can be switched off (`mailOptional`); anything else refuses the whole request.",
})
export type PreferencesRequest = typeof PreferencesRequest.Type

export const PREFERENCES_SAVED = "Notification settings saved."
export const NO_NOTIFICATIONS = "You have no notifications."

/**
 * A queued email that kept failing (issue 23): after its last attempt it waits, dead, for an Admin
 * to queue it again. The message itself is not shown (it may hold a set-password link).
 */
export const DeadMail = Schema.Struct({
  _id: Schema.String,
  /** Which transition it tells of, e.g. `vendor.statusChanged`. */
  kind: Schema.String,
  recipient: Schema.String,
  subject: Schema.String,
  entityType: Schema.String,
  entityId: Schema.String,
  attempts: Schema.Number,
  lastError: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
})
export type DeadMail = typeof DeadMail.Type

export const DeadMailQuery = Schema.Struct({ page: PageParam, limit: PageParam })
export type DeadMailQuery = typeof DeadMailQuery.Type

export const DeadMailPage = Schema.Struct({
  success: Schema.Boolean,
  data: Schema.Array(DeadMail),
  totalRecords: Schema.Number,
  totalPages: Schema.Number,
  currentPage: Schema.Number,
})
export type DeadMailPage = typeof DeadMailPage.Type

export const OutboxIdParams = Schema.Struct({ id: Id })
export const MAIL_QUEUED_AGAIN = "The email was queued again."
