import type { MachineEntry } from "../machine-entry.ts"
import { emailTemplatesMachine } from "./email-templates.machine.ts"
import { notificationCentreMachine } from "./notification-centre.machine.ts"
import { notificationSettingsMachine } from "./notification-settings.machine.ts"
import { retryMailMachine } from "./retry-mail.machine.ts"
import { undeliveredMailMachine } from "./undelivered-mail.machine.ts"

/** The notifications' machines (the bell, settings, email templates, undelivered mail) as the diagrams show them. */
export const notificationEntries: MachineEntry[] = [
  {
    id: "undelivered-mail",
    title: "Undelivered emails",
    summary: "The outbox's emails that failed on every attempt (Admin only), paged by 10.",
    machine: undeliveredMailMachine,
  },
  {
    id: "retry-mail",
    title: "Send an undelivered email again",
    summary: "After a confirmation naming its recipient, the email is queued again and sent at once.",
    machine: retryMailMachine,
  },
  {
    id: "notification-centre",
    title: "Notification bell",
    summary:
      "The header's bell: the unread count, kept current by the live stream; its panel pages the person's notifications, marks one read as it is followed, or all at once.",
    machine: notificationCentreMachine,
  },
  {
    id: "notification-settings",
    title: "Notification settings",
    summary:
      "Each kind of notification the person can receive, with a switch for its email where it can be switched off; a switch saves at once and moves back if refused.",
    machine: notificationSettingsMachine,
  },
  {
    id: "email-templates",
    title: "Email templates",
    summary:
      "An Admin rewords an email: placeholders checked as typed, a preview with the latest real record, save, or reset to the default after confirming; unsaved changes are never dropped without asking.",
    machine: emailTemplatesMachine,
  },
]
