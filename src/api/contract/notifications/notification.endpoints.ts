import { MessageAnswer } from "../common.ts"
import { endpoint } from "../endpoint.ts"
import {
  DeadMailPage,
  DeadMailQuery,
  InboxIdParams,
  InboxPage,
  InboxQuery,
  OutboxIdParams,
  PreferencesAnswer,
  PreferencesRequest,
  UnreadAnswer,
} from "./notification.ts"
import { TemplateAnswer, TemplateIdParams, TemplatePreview, TemplateRequest, TemplatesAnswer } from "./notification-templates.ts"

export const listDeadMail = endpoint({
  name: "listDeadMail",
  method: "GET",
  path: "/notifications/outbox/dead",
  query: DeadMailQuery,
  answer: DeadMailPage,
  access: ["Admin"],
  summary: "Emails that failed on every attempt, newest first, 10 a page",
})

export const retryDeadMail = endpoint({
  name: "retryDeadMail",
  method: "POST",
  path: "/notifications/outbox/:id/retry",
  params: OutboxIdParams,
  answer: MessageAnswer,
  access: ["Admin"],
  summary: "Queue a dead email again: it is sent at once, with its attempts counted afresh",
  refusals: { 404: "No dead email has this id (it may have been sent already)" },
})

export const listNotifications = endpoint({
  name: "listNotifications",
  method: "GET",
  path: "/notifications",
  query: InboxQuery,
  answer: InboxPage,
  access: "signedIn",
  summary: "The caller's in-app notifications, newest first, 10 a page, with how many are unread",
  ownership: "Only the caller's own notifications",
})

export const countUnreadNotifications = endpoint({
  name: "countUnreadNotifications",
  method: "GET",
  path: "/notifications/unread",
  answer: UnreadAnswer,
  access: "signedIn",
  summary: "How many of the caller's notifications are unread (the bell's count)",
})

export const markNotificationRead = endpoint({
  name: "markNotificationRead",
  method: "POST",
  path: "/notifications/read/:id",
  params: InboxIdParams,
  answer: UnreadAnswer,
  access: "signedIn",
  summary: "Mark one of the caller's notifications read; answers the unread count left",
  ownership: "Only the caller's own notifications (another's id is answered 404)",
})

export const markAllNotificationsRead = endpoint({
  name: "markAllNotificationsRead",
  method: "POST",
  path: "/notifications/read-all",
  answer: UnreadAnswer,
  access: "signedIn",
  summary: "Mark every notification of the caller read",
})

export const getNotificationPreferences = endpoint({
  name: "getNotificationPreferences",
  method: "GET",
  path: "/notifications/preferences",
  answer: PreferencesAnswer,
  access: "signedIn",
  summary: "The kinds of notification the caller can receive, and for each whether it is also mailed",
})

export const updateNotificationPreferences = endpoint({
  name: "updateNotificationPreferences",
  method: "PATCH",
  path: "/notifications/preferences",
  body: PreferencesRequest,
  answer: PreferencesAnswer,
  access: "signedIn",
  summary:
    "Switch the mail of some kinds on or off (in-app notifications are always on); answers every kind. A kind the caller's role never receives, or whose mail is always sent (mailOptional false in the list), is refused (400)",
})

export const listNotificationTemplates = endpoint({
  name: "listNotificationTemplates",
  method: "GET",
  path: "/notifications/templates",
  answer: TemplatesAnswer,
  access: ["Admin"],
  summary: "Every email template: its subject and body as worded now, whether it is the default, and its placeholders",
})

export const saveNotificationTemplate = endpoint({
  name: "saveNotificationTemplate",
  method: "PUT",
  path: "/notifications/templates/:id",
  params: TemplateIdParams,
  body: TemplateRequest,
  answer: TemplateAnswer,
  access: ["Admin"],
  summary: "Reword an email template; new emails use it from now on. A placeholder the template does not have is refused (400)",
})

export const resetNotificationTemplate = endpoint({
  name: "resetNotificationTemplate",
  method: "DELETE",
  path: "/notifications/templates/:id",
  params: TemplateIdParams,
  answer: TemplateAnswer,
  access: ["Admin"],
  summary: "Put an email template back to its default wording",
})

export const previewNotificationTemplate = endpoint({
  name: "previewNotificationTemplate",
  method: "POST",
  path: "/notifications/templates/:id/preview",
  params: TemplateIdParams,
  body: TemplateRequest,
  answer: TemplatePreview,
  access: ["Admin"],
  summary: "The email a wording would give, filled with the latest real notification of this template (example values before the first one)",
})

export const notificationEndpoints = [
  listDeadMail,
  retryDeadMail,
  listNotifications,
  countUnreadNotifications,
  markNotificationRead,
  markAllNotificationsRead,
  getNotificationPreferences,
  updateNotificationPreferences,
  listNotificationTemplates,
  saveNotificationTemplate,
  resetNotificationTemplate,
  previewNotificationTemplate,
]
