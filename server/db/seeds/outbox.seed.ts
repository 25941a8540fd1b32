import type { Db } from "../database.ts"
import { queueNotifications } from "../../services/notifications/queue.ts"
import { daysBefore } from "./demo-names.ts"

/**
 * Two mails that failed on every attempt, so the demo's Undelivered emails screen (Admin's user menu)
 * shows what an Admin meets when a mailbox refuses mail: each can be sent again from there.
 */
export async function seedUndeliveredMail(trx: Db, now: number): Promise<void> {
  const people = await trx
    .selectFrom("users")
    .select(["id", "name", "email"])
    .where("email", "in", ["user@demo.test", "yogateacher@demo.test"])
    .orderBy("email")
    .execute()
  const at = new Date(daysBefore(now, 2))
  const ids = await queueNotifications(
    trx,
    at,
    people.map((person) => ({
      template: "password.changed" as const,
      entity: { type: "user", id: person.id },
      to: person.email,
      // The seed does not know the public address; the words still say where to go.
      fields: { name: person.name, how: "changed from your profile", loginUrl: "the sign-in page" },
    })),
  )
  if (ids.mail.length === 0) return
  await trx
    .updateTable("outbox")
    .set({ status: "dead", attempts: 8, last_error: "550 5.1.1 The recipient's mailbox is unavailable" })
    .where("id", "in", ids.mail)
    .execute()
}
