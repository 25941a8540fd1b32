import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as wordPairs from "../../server/db/migrations/0040-search-word-pairs.ts"
import { listPeople } from "../../server/db/repositories/people.repository.ts"
import { insertUser } from "../../server/db/repositories/users.repository.ts"
import { startTestServer } from "./harness.ts"

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** Names chosen so that every key of "tara kulkarni" is shared with people it must not find, or with spaces around it. */
const NAMES = [
  "Tara Kulkarni",
  "TARA KULKARNI",
  "Sara Kulkarni",
  "Tara Kulkarni-Rao",
  "Mitara Kulkarnis",
  "Tara  Kulkarni",
  "Kulkarni Tara",
  "Tarak Ulkarni",
  "Tara Kul Karni",
  "Ira Kul",
  "Li Wei",
  "Ana Li Wei",
]
const TERMS = [
  "tara kulkarni",
  "Tara Kulkarni",
  "ara kul",
  "a kul",
  "ra ku",
  "tara  kulkarni",
  "kulkarni tara",
  "tara kul karni",
  "li wei",
  "a li w",
  "ira kul",
  "tara",
  " kul",
]

const keysOf = async (name: string) =>
  (
    await sql<{
      keys: string[]
    }>`select people_search_keys('Lawyer', 'Approve', ${name}, 'x@example.net', '9800000000') as keys`.execute(server.db)
  ).rows[0]!.keys
const gramsOf = async (term: string) =>
  (await sql<{ grams: string[] }>`select search_grams('Lawyer:Approve:', lower(${term})) as grams`.execute(server.db)).rows[0]!.grams

describe("migration 0040: keys where the words of a search meet", () => {
  it("gives a person one key per space, seven characters around it, and a term the same keys (at most four) with its ends", async () => {
    // A pair key has its space in the middle (0041's keys of seven digits are as long, without one).
    const pairs = (keys: string[]) => keys.filter((k) => k.length === "Lawyer:Approve:".length + 7 && k["Lawyer:Approve:".length + 3] === " ").sort()
    expect(pairs(await keysOf("Tara Kulkarni"))).toEqual(["Lawyer:Approve:ara kul"])
    expect(pairs(await keysOf("Ana Li Wei"))).toEqual(["Lawyer:Approve: li wei", "Lawyer:Approve:ana li "])
    // A space with fewer than three characters on a side inside the text has no key: the pieces still narrow.
    expect(pairs(await keysOf("Li Wei"))).toEqual([])
    // A term with such keys is looked up by them, its first piece and its last.
    expect((await gramsOf("Tara Kulkarni")).sort()).toEqual(["Lawyer:Approve:ara kul", "Lawyer:Approve:rni", "Lawyer:Approve:tar"])
    expect(await gramsOf("ra ku")).toEqual(["Lawyer:Approve:ra ", "Lawyer:Approve:a k", "Lawyer:Approve: ku"])
    expect(await gramsOf("kulkarni")).toHaveLength(6)
    const long = await gramsOf("one two three four five six seven eight nine ten")
    expect(pairs(long)).toEqual(["Lawyer:Approve:one two", "Lawyer:Approve:ree fou", "Lawyer:Approve:two thr", "Lawyer:Approve:our fiv"].sort())
    expect(long).toHaveLength(4 + 2)
  })

  it("finds exactly the people whose name holds the term, before and after going back to 0039's keys", async () => {
    const ids = new Map<string, string>()
    for (const [i, name] of NAMES.entries()) {
      const user = await insertUser(server.db, {
        name,
        email: `pairs-${i}@example.net`,
        number: `97000000${i}`,
        role: "Lawyer",
        status: "Approve",
        organization_id: null,
      })
      ids.set(user.id, name)
    }
    const search = async (term: string) =>
      (await listPeople(server.db, { roles: ["Lawyer"], status: "Approve", search: term, searchIn: ["name"] }, { page: 1, limit: 100, offset: 0 })).rows
        .map((r) => r._id)
        .filter((id) => ids.has(id))
        .sort()
    // What ILIKE alone finds among them, with no index in the way.
    const expected = (term: string) =>
      [...ids]
        .filter(([, name]) => name.toLowerCase().includes(term.trim().toLowerCase()))
        .map(([id]) => id)
        .sort()
    const answers = async () => Object.fromEntries(await Promise.all(TERMS.map(async (term) => [term, await search(term)] as const)))

    const now = await answers()
    for (const term of TERMS) expect(now[term], term).toEqual(expected(term))
    expect(now["tara kulkarni"]).toHaveLength(4)

    const untyped = server.db as unknown as Kysely<unknown>
    await wordPairs.down(untyped)
    try {
      expect(await answers()).toEqual(now)
    } finally {
      await wordPairs.up(untyped)
    }
    expect(await answers()).toEqual(now)
  })
})
