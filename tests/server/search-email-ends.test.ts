import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as emailEnds from "../../server/db/migrations/0043-search-email-ends.ts"
import { startTestServer } from "./harness.ts"
import { expectSearchMatchesIlike, SCOPE, searchGramsOf, searchKeysOf } from "./search-migration.ts"

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** Addresses whose pieces, and whose ends before the "@", overlap the terms below in every way but the right one. */
const EMAILS = [
  "isha.banerjee99980@scale.example",
  "isha.banerjee99981@scale.example",
  "banerjee99980@scale.example",
  "x.banerjee99980@other.example",
  "isha@scale.example",
  "misha@scale.example",
  "sha@scale.example",
  "isha.b@scale.example",
  "a9812345678@example.net",
  "Isha.Banerjee99980@Other.Example",
]
const TERMS = [
  "isha.banerjee99980@scale.example",
  "ISHA.BANERJEE99980@SCALE.EXAMPLE",
  "banerjee99980@scale",
  "jee99980@",
  "ee99980@s",
  "isha@",
  "isha@scale",
  "sha@scale",
  "@scale.example",
  "isha.banerjee",
  "99980@",
  "isha@@scale",
  "a9812345678@example.net",
  "@",
]

const keysOf = (email: string) => searchKeysOf(server.db, { name: "Asha Rao", email, number: null })
const gramsOf = (term: string) => searchGramsOf(server.db, term)
const endKeys = (keys: string[]) => keys.filter((k) => k.endsWith("@") && k.length > SCOPE.length + 3).sort()

describe("migration 0043: keys for the end of an email address's local part", () => {
  it("gives a person the four and eight characters before each @, and a term the longer end it holds with its first and last pieces", async () => {
    expect(endKeys(await keysOf("isha.banerjee99980@scale.example"))).toEqual([`${SCOPE}9980@`, `${SCOPE}jee99980@`])
    expect(endKeys(await keysOf("x@example.net"))).toHaveLength(2) // the name and its separator come before the "@"

    expect(await gramsOf("isha.banerjee99980@scale.example")).toEqual([`${SCOPE}jee99980@`, `${SCOPE}ish`, `${SCOPE}ple`])
    expect(await gramsOf("isha@gmail.com")).toEqual([`${SCOPE}isha@`, `${SCOPE}ish`, `${SCOPE}com`])
    expect(await gramsOf("isha.b@gmail.com")).toEqual([`${SCOPE}ha.b@`, `${SCOPE}ish`, `${SCOPE}com`])
    // Three characters before the "@", or none: the term keeps its pieces (0011); digits keep their runs (0041).
    expect(await gramsOf("sha@gmail.com")).toHaveLength(11)
    expect(await gramsOf("9812345678")).toEqual([`${SCOPE}2345678`, `${SCOPE}981`, `${SCOPE}678`])
  })

  it("finds exactly the people whose email holds the term, before and after going back to 0041's keys", async () => {
    const now = await expectSearchMatchesIlike(server.db, {
      people: EMAILS.map((email) => ({ name: "Asha Rao", email, number: null })),
      terms: TERMS,
      searchIn: ["email"],
      migration: emailEnds,
    })
    // The eight characters before the "@" are shared by four addresses of two domains, one in capitals.
    expect(now["jee99980@"]).toHaveLength(4)
    expect(now["isha@"]).toHaveLength(2)
  })
})
