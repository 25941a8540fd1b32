import { type Kysely, sql } from "kysely"
import { expect } from "vitest"
import type { Db } from "../../server/db/database.ts"
import { listPeople } from "../../server/db/repositories/people.repository.ts"
import { insertUser } from "../../server/db/repositories/users.repository.ts"

/** The key scope of the approved Lawyers' list, which every search-migration test searches. */
export const SCOPE = "Lawyer:Approve:"

export interface SearchPerson {
  name: string
  email: string
  number: string | null
}
type Field = "name" | "email" | "number"

/** A person's search keys (`people_search_keys`) as an approved Lawyer. */
export const searchKeysOf = async (db: Db, person: SearchPerson) =>
  (
    await sql<{
      keys: string[]
    }>`select people_search_keys('Lawyer', 'Approve', ${person.name}, ${person.email}, ${person.number}) as keys`.execute(db)
  ).rows[0]!.keys

/** The keys a term is looked up by (`search_grams`) in the approved Lawyers' list. */
export const searchGramsOf = async (db: Db, term: string) =>
  (await sql<{ grams: string[] }>`select search_grams(${SCOPE}, lower(${term})) as grams`.execute(db)).rows[0]!.grams

/**
 * A search migration's round trip: adds the people as approved Lawyers, then checks that each term finds exactly the
 * ones whose `searchIn` text holds it (what ILIKE alone finds among them, with no index in the way), and that the
 * answers stay the same after the migration's `down` and again after its `up`. Answers each term's people (ids,
 * sorted), for the test's own checks of how many share a key.
 */
export async function expectSearchMatchesIlike(
  db: Db,
  options: {
    people: SearchPerson[]
    terms: string[]
    searchIn: Field[]
    migration: { up(db: Kysely<unknown>): Promise<void>; down(db: Kysely<unknown>): Promise<void> }
  },
): Promise<Record<string, string[]>> {
  const { terms, searchIn, migration } = options
  const people = new Map<string, SearchPerson>()
  for (const person of options.people) {
    const user = await insertUser(db, { ...person, role: "Lawyer", status: "Approve", organization_id: null })
    people.set(user.id, person)
  }
  const search = async (term: string) =>
    (await listPeople(db, { roles: ["Lawyer"], status: "Approve", search: term, searchIn }, { page: 1, limit: 100, offset: 0 })).rows
      .map((r) => r._id)
      .filter((id) => people.has(id))
      .sort()
  const expected = (term: string) =>
    [...people]
      .filter(([, person]) => searchIn.some((field) => (person[field] ?? "").toLowerCase().includes(term.trim().toLowerCase())))
      .map(([id]) => id)
      .sort()
  const answers = async () => Object.fromEntries(await Promise.all(terms.map(async (term) => [term, await search(term)] as const)))

  const now = await answers()
  for (const term of terms) expect(now[term], term).toEqual(expected(term))
  const untyped = db as unknown as Kysely<unknown>
  await migration.down(untyped)
  try {
    expect(await answers()).toEqual(now)
  } finally {
    await migration.up(untyped)
  }
  expect(await answers()).toEqual(now)
  return now
}
