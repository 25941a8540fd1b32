import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as digitRuns from "../../server/db/migrations/0041-search-digit-runs.ts"
import { startTestServer } from "./harness.ts"
import { expectSearchMatchesIlike, SCOPE, searchGramsOf, searchKeysOf } from "./search-migration.ts"

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** Numbers and emails whose digit pieces overlap the terms below, so only a whole run of digits tells them apart. */
const PEOPLE = [
  { number: "9812345678", email: "digits-a@example.net" },
  { number: "9812345679", email: "digits-b@example.net" },
  { number: "9981234567", email: "digits-c@example.net" },
  { number: "8123456789", email: "digits-d@example.net" },
  { number: "+91 98123 45678", email: "digits-e@example.net" },
  { number: "7000000001", email: "a9812345678@example.net" },
  { number: null, email: "digits-g@example.net" },
]
const TERMS = [
  "9812345678",
  "9812345",
  "1234567",
  "98123456",
  "812345678",
  "98123 45678",
  "+91 98123",
  "981234",
  "5678",
  "9981234567",
  "0000000",
  "12345678901",
]

const keysOf = (email: string, number: string | null) => searchKeysOf(server.db, { name: "Asha Rao", email, number })
const gramsOf = (term: string) => searchGramsOf(server.db, term)
const digitKeys = (keys: string[]) => keys.filter((k) => /^\d{7}$/.test(k.slice(SCOPE.length))).sort()

describe("migration 0041: a key per run of seven digits", () => {
  it("gives a person each run of seven digits of their text, and a term of seven digits or more its last run with its ends", async () => {
    expect(digitKeys(await keysOf("x@example.net", "9812345678"))).toEqual(["9812345", "8123456", "1234567", "2345678"].map((k) => SCOPE + k).sort())
    // Runs broken by a space or a sign are shorter than seven: no key.
    expect(digitKeys(await keysOf("x@example.net", "+91 98123 45678"))).toEqual([])
    // Digits in an email count too: a term is searched in the email as well as the number.
    expect(digitKeys(await keysOf("a98123456@example.net", null))).toEqual(["9812345", "8123456"].map((k) => SCOPE + k).sort())
    expect(digitKeys(await keysOf("x@example.net", null))).toEqual([])

    // The last seven digits: numbers share their first ones.
    expect(await gramsOf("9812345678")).toEqual([`${SCOPE}2345678`, `${SCOPE}981`, `${SCOPE}678`])
    expect(await gramsOf("9812345")).toEqual([`${SCOPE}9812345`, `${SCOPE}981`, `${SCOPE}345`])
    // Six digits, or digits with other characters, keep their pieces (0011); a space keeps its pair keys (0040).
    expect(await gramsOf("981234")).toEqual(["981", "812", "123", "234"].map((k) => SCOPE + k))
    expect(await gramsOf("+919812345")).toHaveLength(8)
    expect((await gramsOf("98123 45678")).sort()).toEqual([`${SCOPE}123 456`, `${SCOPE}981`, `${SCOPE}678`].sort())
  })

  it("finds exactly the people whose number or email holds the term, before and after going back to 0040's keys", async () => {
    const now = await expectSearchMatchesIlike(server.db, {
      people: PEOPLE.map((person) => ({ name: "Asha Rao", ...person })),
      terms: TERMS,
      searchIn: ["email", "number"],
      migration: digitRuns,
    })
    // The full number is in one number and inside one email; its first seven digits in three numbers and that email.
    expect(now["9812345678"]).toHaveLength(2)
    expect(now["9812345"]).toHaveLength(4)
  })
})
