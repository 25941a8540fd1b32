import { activeAdmins } from "../notifications/admin-notices.ts"
import { ticketCode } from "../../../src/api/contract/tickets/ticket.ts"
import type { Db } from "../../db/database.ts"
import type { TicketRow } from "../../db/tickets.table.ts"
import type { NotificationKind } from "../../../src/api/contract/notifications/notification.ts"
import type { Notification } from "../notifications/queue.ts"

type TicketStep = Extract<NotificationKind, `ticket.${string}`>

/**
 * Who hears of a ticket's step: the Admins of a new ticket and of feedback, the raiser of an answer
 * and of the ticket being closed. Each mail links to the ticket's page.
 */
export async function ticketMails(trx: Db, publicUrl: string, step: TicketStep, ticket: TicketRow): Promise<Notification[]> {
  const raiser = await trx.selectFrom("users").select(["name", "email"]).where("id", "=", ticket.raiser_id).executeTakeFirst()
  const toAdmins = step === "ticket.raised" || step === "ticket.feedbackGiven"
  const recipients = toAdmins ? await activeAdmins(trx) : raiser ? [raiser] : []
  return recipients.map((to) => ({
    template: step,
    entity: { type: "ticket", id: ticket.id },
    to: to.email,
    fields: {
      name: to.name,
      raiserName: raiser?.name ?? "Someone",
      ticketCode: ticketCode(ticket.number),
      ticketType: ticket.ticket_type,
      query: ticket.query,
      ticketUrl: `${publicUrl}/ticket/${ticket.id}`,
      ...(step === "ticket.feedbackGiven"
        ? { rating: ticket.user_rating === null ? "" : String(ticket.user_rating), remarkLine: ticket.user_review ? `Remark: ${ticket.user_review}` : "" }
        : {}),
    },
  }))
}
