import { ticketRaisers } from "../../../src/api/contract/tickets/ticket.endpoints.ts"
import { ticketCode, ticketGist, ticketNumberOf } from "../../../src/api/contract/tickets/ticket.ts"
import { likePattern } from "../../db/paging.ts"
import type { SearchSource } from "./search-source.ts"

/** A raiser finds their own tickets by their text or their number (TKT-000123); a result opens the chat. */
export const ticketsSource: SearchSource = {
  kind: "ticket",
  access: ticketRaisers,
  async search(deps, { caller, q, limit }) {
    const number = ticketNumberOf(q)
    const rows = await deps.db
      .selectFrom("tickets")
      .select(["id", "number", "ticket_type", "query", "closed"])
      .where("raiser_id", "=", caller.id)
      .where((eb) => eb.or([eb("query", "ilike", likePattern(q)), ...(number === null ? [] : [eb("number", "=", number)])]))
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute()
    return rows.map((row) => ({
      kind: "ticket",
      id: row.id,
      title: `${ticketCode(row.number)} · ${ticketGist(row.query)}`,
      subtitle: `${row.ticket_type} · ${row.closed ? "Closed" : "Open"}`,
      href: `/ticket/${encodeURIComponent(row.id)}`,
    }))
  },
}
