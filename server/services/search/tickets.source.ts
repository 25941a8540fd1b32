import { ticketRaisers } from "../../../src/api/contract/endpoints/ticket.endpoints.ts"
import { ticketCode } from "../../../src/api/contract/ticket.ts"
import { likePattern } from "../../db/paging.ts"
import type { SearchSource } from "./search-source.ts"

/** A raiser finds their own tickets by their text or their number (TKT-000123); a result opens the chat. */
export const ticketsSource: SearchSource = {
  kind: "ticket",
  access: ticketRaisers,
  async search(deps, { caller, q, limit }) {
    const number = /^(?:tkt-?)?0*(\d{1,9})$/i.exec(q)?.[1]
    const rows = await deps.db
      .selectFrom("tickets")
      .select(["id", "number", "ticket_type", "query", "closed"])
      .where("raiser_id", "=", caller.id)
      .where((eb) => eb.or([eb("query", "ilike", likePattern(q)), ...(number ? [eb("number", "=", Number(number))] : [])]))
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute()
    return rows.map((row) => ({
      kind: "ticket",
      id: row.id,
      title: `${ticketCode(row.number)} · ${row.query.length > 60 ? `${row.query.slice(0, 60)}...` : row.query}`,
      subtitle: `${row.ticket_type} · ${row.closed ? "Closed" : "Open"}`,
      href: `/ticket/${encodeURIComponent(row.id)}`,
    }))
  },
}
