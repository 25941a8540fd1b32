import { ticketCode, ticketGist, ticketNumberOf } from "../../../src/api/contract/tickets/ticket.ts"
import type { Db } from "../../db/database.ts"
import { searchPeople } from "../../db/repositories/people-search.repository.ts"
import type { SearchSource } from "./search-source.ts"

const ticketColumns = ["id", "number", "query", "closed", "raiser_id", "created_at"] as const
const ticketsOf = (db: Db) => db.selectFrom("tickets").select(ticketColumns)

/**
 * The Admin, who answers every ticket, finds one by its number (TKT-000123, or 123) or by its raiser's name,
 * email or number. The people search finds the raisers through its index; each raiser's newest tickets come by
 * the raiser's index, one query each (one query for all of them planned a scan of every ticket), and the
 * newest of those are shown. A result opens the chat.
 */
export const allTicketsSource: SearchSource = {
  kind: "ticket",
  access: ["Admin"],
  async search(deps, { q, limit }) {
    const number = ticketNumberOf(q)
    const raisers = await searchPeople(deps.db, q, limit)
    const found = await Promise.all([
      number === null ? [] : ticketsOf(deps.db).where("number", "=", number).execute(),
      ...raisers.map((raiser) =>
        ticketsOf(deps.db).where("raiser_id", "=", raiser.id).orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute(),
      ),
    ])
    const unique = new Map(found.flat().map((row) => [row.id, row]))
    const rows = [...unique.values()]
      .sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || (a.id < b.id ? 1 : -1))
      .slice(0, limit)
    const names = new Map(raisers.map((raiser) => [raiser.id, raiser.name]))
    const unknown = [...new Set(rows.map((row) => row.raiser_id).filter((id) => !names.has(id)))]
    if (unknown.length > 0)
      for (const person of await deps.db.selectFrom("users").select(["id", "name"]).where("id", "in", unknown).execute()) names.set(person.id, person.name)
    return rows.map((row) => ({
      kind: "ticket",
      id: row.id,
      title: `${ticketCode(Number(row.number))} · ${ticketGist(row.query)}`,
      subtitle: `${names.get(row.raiser_id) ?? "N/A"} · ${row.closed ? "Closed" : "Open"}`,
      href: `/ticket/${encodeURIComponent(row.id)}`,
    }))
  },
}
