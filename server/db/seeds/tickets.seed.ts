import { randomUUID } from "node:crypto"
import type { Insertable } from "kysely"
import type { TicketType } from "../../../src/api/contract/tickets/ticket.ts"
import type { Db } from "../database.ts"
import type { TicketResponsesTable, TicketsTable } from "../tickets.table.ts"
import { daysBefore } from "./demo-names.ts"

type Line = ["q" | "a", string]
interface DemoTicket {
  /** A demo login's email, or `#n` for the n-th other approved person (vendors and users alike). */
  raiser: string
  type: TicketType
  query: string
  daysAgo: number
  thread: Line[]
  closed?: boolean
  feedback?: [number, string]
}

const DEMO_TICKETS: DemoTicket[] = [
  {
    raiser: "lawyer@demo.test",
    type: "Technical",
    query: "The session join link shows 'meeting not started' even after the start time.",
    daysAgo: 28,
    closed: true,
    feedback: [5, "Quick fix, the link works now. Thank you!"],
    thread: [
      ["a", "Thanks for reporting. The start link had expired; we have issued a new one."],
      ["q", "Confirmed, it works."],
    ],
  },
  {
    raiser: "lawyer@demo.test",
    type: "General",
    query: "How do I update my bank details for payouts?",
    daysAgo: 17,
    closed: true,
    thread: [
      ["a", "Bank details can be changed by the support team. Please share the new IFSC and account number over email."],
      ["q", "Sent. Please confirm once updated."],
      ["a", "Updated on our side."],
    ],
  },
  {
    raiser: "lawyer@demo.test",
    type: "Technical",
    query: "Session History shows a session twice.",
    daysAgo: 6,
    thread: [
      ["a", "Could you tell us the date of the duplicated session?"],
      ["q", "It is the one on the 3rd, 4:00 PM."],
    ],
  },
  { raiser: "lawyer@demo.test", type: "General", query: "Can I set different availability for weekends?", daysAgo: 1, thread: [] },
  {
    raiser: "user@demo.test",
    type: "General",
    query: "I would like to change my counsellor.",
    daysAgo: 25,
    closed: true,
    feedback: [4, "Handled well, took a day longer than I hoped."],
    thread: [
      ["a", "We can reassign you. Do you prefer a morning or evening slot?"],
      ["q", "Evening, after 6 PM please."],
      ["a", "Done: your new counsellor will reach out this week."],
    ],
  },
  {
    raiser: "user@demo.test",
    type: "Technical",
    query: "The upcoming session time shows in the wrong time zone.",
    daysAgo: 12,
    closed: true,
    thread: [["a", "Times follow your browser's time zone. Please check your device settings."]],
  },
  {
    raiser: "user@demo.test",
    type: "Technical",
    query: "I am not getting reminder emails before sessions.",
    daysAgo: 3,
    thread: [
      ["a", "Please check your spam folder and add our address to your contacts."],
      ["q", "Not in spam either."],
    ],
  },
  {
    raiser: "counsellor@demo.test",
    type: "General",
    query: "Please add Marathi to the languages on my profile.",
    daysAgo: 21,
    closed: true,
    feedback: [5, "Done within the hour."],
    thread: [["a", "Added. It will show on your profile now."]],
  },
  { raiser: "counsellor@demo.test", type: "Technical", query: "Uploading my certificate fails with a large PDF.", daysAgo: 9, thread: [] },
  {
    raiser: "nutritionist@demo.test",
    type: "General",
    query: "Where can I see my earnings for last month?",
    daysAgo: 19,
    closed: true,
    feedback: [3, "The answer helped but the report is still missing."],
    thread: [["a", "Transaction History will list earnings once payouts start for your account."]],
  },
  {
    raiser: "yogateacher@demo.test",
    type: "Technical",
    query: "The video stutters for clients on mobile data.",
    daysAgo: 14,
    thread: [["a", "Ask clients to switch off their camera when the network is weak; audio stays clear."]],
  },
  {
    raiser: "imageconsultant@demo.test",
    type: "General",
    query: "Can I offer group sessions of up to five people?",
    daysAgo: 8,
    closed: true,
    feedback: [2, "Not possible yet, which is a pity."],
    thread: [["a", "Group sessions are not supported yet; we have noted your request."]],
  },
  {
    raiser: "#0",
    type: "Technical",
    query: "I cannot log in on my phone's browser.",
    daysAgo: 11,
    closed: true,
    thread: [
      ["a", "Please clear the browser cache and try again."],
      ["q", "Works now, thanks."],
    ],
  },
  { raiser: "#1", type: "General", query: "Is there a way to download my session notes?", daysAgo: 5, thread: [] },
  {
    raiser: "#2",
    type: "Technical",
    query: "My profile photo does not appear after upload.",
    daysAgo: 4,
    closed: true,
    feedback: [4, "Solved after a re-upload."],
    thread: [["a", "Please upload a PNG or JPEG under 5 MB."]],
  },
  {
    raiser: "#3",
    type: "General",
    query: "How are sessions rescheduled if I fall ill?",
    daysAgo: 2,
    thread: [["a", "Raise a ticket with the session date and we will move it for you."]],
  },
]

/**
 * Sixteen tickets across eight raisers (lawyer@demo.test and user@demo.test among them): open ones
 * with and without responses, closed ones with and without a rating, so every control of
 * My Tickets and Ticket Details has data. Needs the people seed and an Admin.
 */
export async function seedTickets(db: Db, now: number): Promise<void> {
  const admin = await db.selectFrom("users").select("id").where("email", "=", "admin@demo.test").executeTakeFirstOrThrow()
  const logins = await db.selectFrom("users").select(["id", "email"]).where("email", "like", "%@demo.test").execute()
  const candidates = await db
    .selectFrom("users")
    .select(["id", "name"])
    .where("email", "not like", "%@demo.test")
    .where("status", "=", "Approve")
    .where("role", "not in", ["Admin", "Editor"])
    .orderBy("email")
    .execute()
  // Demo names repeat across roles; four different names read better in the Admin's list.
  const others = candidates.filter((p, i) => candidates.findIndex((q) => q.name === p.name) === i).slice(0, 4)
  const raiserOf = (key: string) => (key.startsWith("#") ? others[Number(key.slice(1))]?.id : logins.find((l) => l.email === key)?.id)

  // Oldest first, so ticket numbers grow with their dates as they would in use.
  for (const demo of [...DEMO_TICKETS].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const raiserId = raiserOf(demo.raiser)
    if (!raiserId) throw new Error(`tickets seed: no person for ${demo.raiser}`)
    const created = daysBefore(now, demo.daysAgo)
    const hour = (n: number) => new Date(created.getTime() + n * 60 * 60 * 1000)
    const closedAt = demo.closed ? hour(demo.thread.length + 1) : null
    const ticket: Insertable<TicketsTable> = {
      id: randomUUID(),
      raiser_id: raiserId,
      ticket_type: demo.type,
      query: demo.query,
      image_name: null,
      closed: demo.closed ?? false,
      closed_at: closedAt,
      closed_by: demo.closed ? admin.id : null,
      user_rating: demo.feedback?.[0] ?? null,
      user_review: demo.feedback?.[1] ?? null,
      feedback_at: demo.feedback ? hour(demo.thread.length + 2) : null,
      created_at: created,
      updated_at: closedAt ?? hour(demo.thread.length),
      version: 1 + demo.thread.length + (demo.closed ? 1 : 0) + (demo.feedback ? 1 : 0),
    }
    await db.insertInto("tickets").values(ticket).execute()
    if (demo.thread.length === 0) continue
    const lines: Array<Insertable<TicketResponsesTable>> = demo.thread.map(([side, text], i) => ({
      id: randomUUID(),
      ticket_id: ticket.id,
      question: side === "q" ? text : null,
      answer: side === "a" ? text : null,
      added_by: side === "q" ? raiserId : admin.id,
      created_at: hour(i + 1),
    }))
    await db.insertInto("ticket_responses").values(lines).execute()
  }
}
