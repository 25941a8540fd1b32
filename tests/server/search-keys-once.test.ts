import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as keysOnce from "../../server/db/migrations/0044-search-keys-once.ts"
import { startTestServer } from "./harness.ts"
import { expectSearchMatchesIlike, searchKeysOf, type SearchPerson } from "./search-migration.ts"

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** Texts that reach every kind of key: pairs around spaces, runs of digits, ends before an "@", capitals, nothing. */
const PEOPLE: SearchPerson[] = [
  { name: "Tara Kulkarni", email: "tara.kulkarni99980@scale.example", number: "6000999980" },
  { name: "Supriya Iyer", email: "riya@a@b.example", number: null },
  { name: " Dev  Rao ", email: "x@y.z", number: "+91 98123 45678" },
  { name: "İSHA ÇELİK", email: "ISHA.CELIK@EXAMPLE.COM", number: "1234567" },
  { name: "A", email: "a@b", number: "" },
  { name: "", email: "12345678901234567890@digits.example", number: "12 3456789" },
  { name: "Mary-Jane O'Neil", email: "mj+tag@sub.domain.example", number: "(020) 7946 0958" },
]
const TERMS = ["tara kul", "riya", "riya@a", "dev  rao", "98123 45678", "isha", "çeli", "12345678901234567890", "3456789", "o'neil", "mj+tag@", "a"]

const untyped = () => server.db as unknown as Kysely<unknown>

describe("migration 0044: a person's text joined once for all their keys", () => {
  it("gives every person the keys 0043 gave, in the same order", async () => {
    const keysNow = await Promise.all(PEOPLE.map((person) => searchKeysOf(server.db, person)))
    await keysOnce.down(untyped())
    try {
      const keysBefore = await Promise.all(PEOPLE.map((person) => searchKeysOf(server.db, person)))
      expect(keysNow).toEqual(keysBefore)
    } finally {
      await keysOnce.up(untyped())
    }
    // Some of each kind: the pair around the space, a run of seven digits, the four before an "@".
    expect(keysNow[0]).toEqual(expect.arrayContaining(["Lawyer:Approve:ara kul", "Lawyer:Approve:6000999", "Lawyer:Approve:9980@"]))
  })

  it("finds exactly the people whose text holds the term, with the index built before it and after going back", async () => {
    await expectSearchMatchesIlike(server.db, { people: PEOPLE, terms: TERMS, searchIn: ["name", "email", "number"], migration: keysOnce })
  })
})
