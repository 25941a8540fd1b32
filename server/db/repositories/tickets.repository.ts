import { randomUUID } from "node:crypto"
import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Updateable } from "kysely"
import type { Role } from "../../../src/api/contract/common.ts"
import { ticketCode, type Ticket, type TicketResponse, type TicketSort, type TicketState, type TicketType } from "../../../src/api/contract/tickets/ticket.ts"
import type { Database, Db } from "../database.ts"
import { direction, type EndPaging, type Paging, readFromNearestEnd } from "../paging.ts"
import { readListCount } from "./list-counts.repository.ts"
import type { TicketResponseRow, TicketRow, TicketsTable } from "../tickets.table.ts"

/** A ticket row with its raiser's name and role, as every read needs them. */
export type TicketWithRaiser = TicketRow & { raiser_name: string; raiser_role: Role }

const withRaiser = (db: Db) =>
  db
    .selectFrom("tickets")
    .innerJoin("users", "users.id", "tickets.raiser_id")
    .selectAll("tickets")
    .select(["users.name as raiser_name", "users.role as raiser_role"])

/** Which tickets a list holds: the open or the closed ones only, raised within an instant range (`from` inclusive, `to` exclusive). */
export interface TicketFilter {
  state?: TicketState | undefined
  raised?: { from?: Date; to?: Date }
}

/** The conditions of a list's tickets, for its page and its count alike (`raiserId` null: every raiser's). */
function ticketsOf(eb: ExpressionBuilder<Database, "tickets">, raiserId: string | null, filter: TicketFilter) {
  const conditions: Expression<SqlBool>[] = []
  if (raiserId !== null) conditions.push(eb("tickets.raiser_id", "=", raiserId))
  if (filter.state !== undefined) conditions.push(eb("tickets.closed", "=", filter.state === "closed"))
  if (filter.raised?.from) conditions.push(eb("tickets.created_at", ">=", filter.raised.from))
  if (filter.raised?.to) conditions.push(eb("tickets.created_at", "<", filter.raised.to))
  return eb.and(conditions)
}

/**
 * One page, newest first (oldest first with `sort` createdAt), with its total; `raiserId` null means every ticket (the Admin's view),
 * whose far half is read from the other end. The Admin's totals without a range are trigger-kept (all and closed; open is
 * their difference); a range is counted along the created_at indexes, as one raiser's tickets always are.
 */
export async function listTickets(
  db: Db,
  raiserId: string | null,
  page: Paging,
  filter: TicketFilter = {},
  sort?: TicketSort,
): Promise<{ rows: TicketWithRaiser[]; total: number }> {
  const query = withRaiser(db).where((eb) => ticketsOf(eb, raiserId, filter))
  const way = sort === "createdAt" ? "asc" : "desc"
  const read = (end: EndPaging) =>
    query.orderBy("tickets.created_at", direction(way, end)).orderBy("tickets.id", direction(way, end)).limit(end.limit).offset(end.offset).execute()
  if (raiserId !== null) {
    const [rows, total] = await Promise.all([read({ reverse: false, limit: page.limit, offset: page.offset }), countTickets(db, raiserId, filter)])
    return { rows, total }
  }
  const total = filter.raised?.from || filter.raised?.to ? await countTickets(db, null, filter) : await adminTotal(db, filter.state)
  return { rows: await readFromNearestEnd(total, page, read), total }
}

async function adminTotal(db: Db, state: TicketState | undefined): Promise<number> {
  if (state === undefined) return readListCount(db, "tickets")
  if (state === "closed") return readListCount(db, "tickets_closed")
  // Both counts in one statement, so they come from one moment.
  const row = await db
    .selectFrom("list_counts")
    .select(sql<string>`coalesce(sum(case when name = 'tickets' then n else -n end), 0)`.as("open"))
    .where("name", "in", ["tickets", "tickets_closed"])
    .executeTakeFirstOrThrow()
  return Number(row.open)
}

/** One raiser's tickets (index tickets_raiser_created_idx), or every ticket in a range (tickets_created_idx, tickets_closed_created_idx). */
async function countTickets(db: Db, raiserId: string | null, filter: TicketFilter): Promise<number> {
  const row = await db
    .selectFrom("tickets")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where((eb) => ticketsOf(eb, raiserId, filter))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

export const findTicket = (db: Db, id: string) => withRaiser(db).where("tickets.id", "=", id).executeTakeFirst()

export const findTicketByNumber = (db: Db, number: number) => withRaiser(db).where("tickets.number", "=", number).executeTakeFirst()

/** Reads and locks the row for the rest of the transaction, so two steps on one ticket queue up. */
export const lockTicket = (db: Db, id: string) => db.selectFrom("tickets").selectAll().where("id", "=", id).forUpdate().executeTakeFirst()

export const lockTicketByNumber = (db: Db, number: number) => db.selectFrom("tickets").selectAll().where("number", "=", number).forUpdate().executeTakeFirst()

export async function insertTicket(
  db: Db,
  ticket: { raiserId: string; ticketType: TicketType; query: string; imageName: string | null; at: Date },
): Promise<TicketRow> {
  return db
    .insertInto("tickets")
    .values({
      id: randomUUID(),
      raiser_id: ticket.raiserId,
      ticket_type: ticket.ticketType,
      query: ticket.query,
      image_name: ticket.imageName,
      closed_at: null,
      closed_by: null,
      user_rating: null,
      user_review: null,
      feedback_at: null,
      created_at: ticket.at,
      updated_at: ticket.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Changes a ticket and counts one more version (what the chat's ETag follows). */
export const updateTicket = (db: Db, id: string, changes: Updateable<TicketsTable>) =>
  db
    .updateTable("tickets")
    .set({ ...changes, version: sql<number>`version + 1` })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow()

export const insertResponse = (db: Db, response: { ticketId: string; question: string | null; answer: string | null; addedBy: string; at: Date }) =>
  db
    .insertInto("ticket_responses")
    .values({
      id: randomUUID(),
      ticket_id: response.ticketId,
      question: response.question,
      answer: response.answer,
      added_by: response.addedBy,
      created_at: response.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow()

/** A response as a thread carries it: read as JSON with its ticket, so its moment is text (an ISO instant with an offset). */
type ThreadResponse = Pick<TicketResponseRow, "id" | "question" | "answer" | "added_by"> & { created_at: string; author_name: string; author_role: Role }

/**
 * The ticket with its conversation (oldest first) in one statement, so both come from one moment: a chat answer and its poll
 * read the thread after every step, and a second round trip for the responses cost a write as much as a statement
 * of its own transaction.
 */
export const findThread = (db: Db, id: string) =>
  withRaiser(db)
    .select(
      sql<ThreadResponse[]>`coalesce((
        select json_agg(json_build_object(
          'id', r.id, 'question', r.question, 'answer', r.answer, 'created_at', r.created_at,
          'added_by', r.added_by, 'author_name', a.name, 'author_role', a.role
        ) order by r.seq)
        from ticket_responses r join users a on a.id = r.added_by
        where r.ticket_id = tickets.id
      ), '[]'::json)`.as("responses"),
    )
    .where("tickets.id", "=", id)
    .executeTakeFirst()

const iso = (value: Date | string) => new Date(value).toISOString()

/** The one row-to-contract mapper for tickets. */
export function toTicket(row: TicketWithRaiser): Ticket {
  return {
    _id: row.id,
    queryId: row.id,
    ticketId: ticketCode(row.number),
    ticketType: row.ticket_type,
    query: row.query,
    createdAt: iso(row.created_at),
    status: row.closed,
    userId: row.raiser_id,
    name: row.raiser_name,
    role: row.raiser_role,
    userRating: row.user_rating,
    userReview: row.user_review,
    hasImage: row.image_name !== null,
  }
}

export function toTicketResponse(row: ThreadResponse): TicketResponse {
  return {
    _id: row.id,
    question: row.question,
    answer: row.answer,
    createdAt: iso(row.created_at),
    addedBy: { _id: row.added_by, name: row.author_name, role: row.author_role },
  }
}
