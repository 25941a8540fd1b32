import { searchPeople } from "../../db/repositories/people-search.repository.ts"
import type { SearchSource } from "./search-source.ts"

/** The Admin finds people of every role by name, email or number; a result opens their details. */
export const peopleSource: SearchSource = {
  kind: "person",
  access: ["Admin"],
  async search(deps, { q, limit }) {
    const rows = await searchPeople(deps.db, q, limit)
    return rows.map((row) => ({
      kind: "person",
      id: row.id,
      title: row.name,
      subtitle: [row.role, row.email, row.number].filter(Boolean).join(" · "),
      href: `/vendor-details/${encodeURIComponent(row.id)}`,
    }))
  },
}
