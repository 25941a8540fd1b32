import type { Db } from "../database.ts"
import type { UserRow } from "../users.table.ts"

/** Above every character, so `[q, q + MAX)` is exactly the terms starting with q in the "C" collation. */
const MAX_CHAR = "\u{10FFFF}"
/** How many matching terms the first word may bring before the others filter them. */
const CANDIDATES = 200

/** Lowercased words of a query; a phone-like query is reduced to its digits. */
export function searchWords(query: string): string[] {
  const q = query.trim().toLowerCase()
  if (/^[0-9+()\-\s]+$/.test(q)) return [q.replace(/[^0-9]/g, "")].filter(Boolean)
  return [...new Set(q.split(/\s+/).filter(Boolean))]
}

/**
 * People whose terms start with every word of the query (any order), by name. The longest word
 * picks candidates through the term index in term order; the other words must match the same
 * person. Never scans the users table.
 */
export async function searchPeople(db: Db, query: string, limit: number): Promise<UserRow[]> {
  const words = searchWords(query).sort((a, b) => b.length - a.length)
  const [first, ...rest] = words
  if (!first) return []
  const candidates = db
    .selectFrom("people_search_terms")
    .select("user_id")
    .where("term", ">=", first)
    .where("term", "<", first + MAX_CHAR)
    .orderBy("term")
    .limit(CANDIDATES)
  let select = db.selectFrom("users").selectAll().where("id", "in", candidates)
  for (const word of rest) {
    select = select.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("people_search_terms as t")
          .select("t.user_id")
          .whereRef("t.user_id", "=", "users.id")
          .where("t.term", ">=", word)
          .where("t.term", "<", word + MAX_CHAR),
      ),
    )
  }
  return select.orderBy("name").orderBy("id").limit(limit).execute()
}
