import { ApiError } from "../../src/api/api-error.ts"
import type { InboxItem } from "../../src/api/contract/notifications/notification.ts"
import { notificationCentreMachine } from "../../src/machines/notifications/notification-centre.machine.ts"
import { notificationSettingsMachine } from "../../src/machines/notifications/notification-settings.machine.ts"
import { emailTemplatesMachine } from "../../src/machines/notifications/email-templates.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const item = (n: number, read = false): InboxItem => ({
  _id: `n${n}`,
  kind: "ticket.answered",
  title: `Your ticket has an answer: TKT-00000${n}`,
  link: `/ticket/t${n}`,
  createdAt: "2026-11-26T10:00:00.000Z",
  read,
})
const page = (items: InboxItem[], currentPage: number, totalPages: number, unread: number) => ({
  success: true,
  data: items,
  totalRecords: totalPages * 10,
  totalPages,
  currentPage,
  unread,
})
const offline = new ApiError("network", 0, "", "Could not reach the server.")

describeMachinePaths("notification bell", {
  machine: notificationCentreMachine.provide({ actions: { followLink: () => {} } }),
  events: [
    { type: "fetchUnread.done", output: { success: true, data: { unread: 2 } } },
    { type: "fetchUnread.error", error: offline },
    { type: "panel.open" },
    { type: "panel.close" },
    { type: "panel.retry" },
    { type: "fetchPage.done", output: page([item(1), item(2, true)], 1, 2, 1) },
    { type: "fetchPage.error", error: offline },
    { type: "panel.more" },
    { type: "item.open", id: "n1", link: "/ticket/t1" },
    { type: "markRead.done", output: { success: true, data: { unread: 0 } } },
    { type: "markRead.error", error: offline },
    { type: "all.read" },
    { type: "markAllRead.done", output: { success: true, data: { unread: 0 } } },
    { type: "markAllRead.error", error: offline },
    { type: "live.notification" },
    { type: "live.up" },
    { type: "live.down" },
    { type: "after.liveDelay" },
  ],
})

const preferences = [
  { kind: "vendor.statusChanged", label: "Vendor status changed", mail: true, mailOptional: true },
  { kind: "password.changed", label: "Password changed", mail: true, mailOptional: false },
]

describeMachinePaths("notification settings", {
  machine: notificationSettingsMachine,
  events: [
    { type: "fetchPreferences.done", output: { success: true, data: preferences } },
    { type: "fetchPreferences.error", error: offline },
    { type: "retry" },
    { type: "mail.set", kind: "vendor.statusChanged", mail: false },
    { type: "mail.set", kind: "password.changed", mail: false },
    { type: "savePreference.done", output: { success: true, data: [{ ...preferences[0], mail: false }, preferences[1]] } },
    { type: "savePreference.error", error: new ApiError("http", 400, "Bad Request", "preferences: Vendor status changed emails are always sent") },
  ],
})

const template = (id: string, customised: boolean) => ({
  id,
  kind: "ticket.closed",
  label: id,
  subject: "Your ticket was closed: {{ticketCode}}",
  body: "Hello {{name}},\n\nOpen the ticket: {{ticketUrl}}\n",
  customised,
  placeholders: [
    { name: "name", description: "The recipient's name" },
    { name: "ticketCode", description: "The ticket's number" },
    { name: "ticketUrl", description: "The ticket's page" },
  ],
})

describeMachinePaths("email templates", {
  machine: emailTemplatesMachine,
  events: [
    { type: "fetchTemplates.done", output: { success: true, data: [template("ticket.closed", true), template("ticket.answered", false)] } },
    { type: "fetchTemplates.error", error: offline },
    { type: "retry" },
    { type: "template.select", id: "ticket.answered" },
    { type: "template.select", id: "ticket.closed" },
    { type: "draft.change", field: "subject", value: "Closed: {{ticketCode}}" },
    { type: "draft.change", field: "body", value: "Hello {{nmae}}" },
    { type: "preview" },
    { type: "previewTemplate.done", output: { success: true, data: { subject: "Closed: TKT-000042", text: "Hello Asha Rao", source: "record" } } },
    { type: "previewTemplate.error", error: offline },
    { type: "save" },
    {
      type: "saveTemplate.done",
      output: {
        success: true,
        message: "Template saved. New emails use it from now on.",
        data: { ...template("ticket.closed", true), subject: "Closed: {{ticketCode}}" },
      },
    },
    { type: "saveTemplate.error", error: new ApiError("http", 400, "Bad Request", "body: {{nmae}} is not a placeholder of this email.") },
    { type: "reset.request" },
    { type: "reset.cancel" },
    { type: "reset.confirm" },
    { type: "resetTemplate.done", output: { success: true, message: "Template reset to its default wording.", data: template("ticket.closed", false) } },
    { type: "resetTemplate.error", error: offline },
    { type: "discard.confirm" },
    { type: "discard.cancel" },
  ],
})
