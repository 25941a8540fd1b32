import type { Db } from "../../db/database.ts"
import type { TemplateId } from "../../../src/api/contract/notifications/notification-templates.ts"
import type { Notification } from "./queue.ts"

/** The Admins who hear of new work: every Admin account that is not rejected. */
export const activeAdmins = (trx: Db) => trx.selectFrom("users").select(["name", "email"]).where("role", "=", "Admin").where("status", "!=", "Reject").execute()

/**
 * One notification per Admin of something new for them to look at (a partner application, an enquiry).
 * In-app always; mailed only to the Admins who switched that mail on.
 */
export async function adminNotices(
  trx: Db,
  notice: {
    template: Extract<TemplateId, "partner.applied" | "profileChange.submitted" | `enquiry.received.${string}`>
    entity: { type: string; id: string }
    fields: Record<string, string>
  },
): Promise<Notification[]> {
  const admins = await activeAdmins(trx)
  return admins.map((admin) => ({ template: notice.template, entity: notice.entity, to: admin.email, fields: { name: admin.name, ...notice.fields } }))
}
