import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as wordPairs from "../../server/db/migrations/0040-search-word-pairs.ts"
import { startTestServer } from "./harness.ts"
import { expectSearchMatchesIlike, searchGramsOf, searchKeysOf } from "./search-migration.ts"

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

const keysOf = (name: string) => searchKeysOf(server.db, { name, email: "x@example.net", number: "9800000000" })
const gramsOf = (term: string) => searchGramsOf(server.db, term)

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
    const now = await expectSearchMatchesIlike(server.db, {
      people: NAMES.map((name, i) => ({ name, email: `pairs-${i}@example.net`, number: `97000000${i}` })),
      terms: TERMS,
      searchIn: ["name"],
      migration: wordPairs,
    })
    expect(now["tara kulkarni"]).toHaveLength(4)
  })
})
