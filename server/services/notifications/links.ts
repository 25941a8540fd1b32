import type { NotificationKind } from "../../../src/api/contract/notifications/notification.ts"

/** Where in the console an in-app notification leads: the page that shows its record to its recipient. */
export function linkOf(kind: NotificationKind, entity: { type: string; id: string }): string {
  if (kind.startsWith("ticket.")) return `/ticket/${entity.id}`
  if (kind.startsWith("session.") || kind === "counsellor.assigned") return "/upcoming-session"
  if (kind === "signIn.newDevice") return "/two-factor"
  if (kind === "partner.applied" || kind === "profileChange.submitted") return `/vendor-details/${entity.id}`
  if (kind === "enquiry.received") return entity.type === "counsellingEnquiry" ? "/counselling" : "/enquiries"
  return "/profile"
}
