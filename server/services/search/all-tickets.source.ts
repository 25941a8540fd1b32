import { ticketCode, ticketGist, ticketNumberOf } from "../../../src/api/contract/tickets/ticket.ts"
import { searchPeople } from "../../db/repositories/people-search.repository.ts"
import type { SearchSource } from "./search-source.ts"

/**
 * The Admin, who answers every ticket, finds one by its number (TKT-000123, or 123) or by its raiser's name,
 * email or number: the people search finds the raisers through its index, their tickets come by the
 * raiser's index, newest first. A result opens the chat.
 */
export const allTicketsSource: SearchSource = {
  kind: "ticket",
  access: ["Admin"],
  async search(deps, { q, limit }) {
    const number = ticketNumberOf(q)
    const raisers = await searchPeople(deps.db, q, limit)
    if (number === null && raisers.length === 0) return []
    const rows = await deps.db
      .selectFrom("tickets")
      .innerJoin("users", "users.id", "tickets.raiser_id")
      .select(["tickets.id", "tickets.number", "tickets.query", "tickets.closed", "users.name"])
      .where((eb) =>
        eb.or([
          ...(number === null ? [] : [eb("tickets.number", "=", number)]),
          ...(raisers.length === 0
            ? []
            : [
                eb(
                  "tickets.raiser_id",
                  "in",
                  raisers.map((r) => r.id),
                ),
              ]),
        ]),
      )
      .orderBy("tickets.created_at", "desc")
      .orderBy("tickets.id", "desc")
      .limit(limit)
      .execute()
    return rows.map((row) => ({
      kind: "ticket",
      id: row.id,
      title: `${ticketCode(Number(row.number))} · ${ticketGist(row.query)}`,
      subtitle: `${row.name} · ${row.closed ? "Closed" : "Open"}`,
      href: `/ticket/${encodeURIComponent(row.id)}`,
    }))
  },
}
