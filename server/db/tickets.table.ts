import type { ColumnType, Generated, Selectable } from "kysely"
import type { TicketType } from "../../src/api/contract/tickets/ticket.ts"

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>

/**
 * A support ticket. `number` gives the human-readable TKT-000123; `version` grows with every
 * change (response, close, feedback) and is what the chat's ETag is made of.
 */
export interface TicketsTable {
  id: string
  number: Generated<number>
  raiser_id: string
  ticket_type: TicketType
  query: string
  /** Random stored name of the private attachment, or null. */
  image_name: string | null
  closed: Generated<boolean>
  closed_at: Date | string | null
  closed_by: string | null
  user_rating: number | null
  user_review: string | null
  feedback_at: Date | string | null
  created_at: Timestamp
  updated_at: Timestamp
  version: Generated<number>
}
export type TicketRow = Selectable<TicketsTable>

/** One chat message: the raiser's carry `question`, the Admin's carry `answer`. `seq` orders them. */
export interface TicketResponsesTable {
  id: string
  seq: Generated<number>
  ticket_id: string
  question: string | null
  answer: string | null
  added_by: string
  created_at: Timestamp
}
export type TicketResponseRow = Selectable<TicketResponsesTable>
