import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { listPeople } from "../../server/db/repositories/people.repository.ts"
import { SEARCH_COUNT_CAP } from "../../server/db/paging.ts"
import { startTestServer, type TestServer } from "./harness.ts"

/**
 * The people lists' paths through listPeople: page 1 with its total in one statement, later pages
 * from the nearer end, and a search that scans its indexes once (exact total up to the cap, newest
 * first) or, past the cap, reads the newest matches in index order with a capped total. Every
 * answer is compared with the same list read naively (all rows, filtered and sorted in memory).
 */
let server: TestServer

/** A seeded approved Lawyer's row, ready to insert again under other values: JSON columns go in as text, as every insert of the server writes them. */
async function lawyerTemplate(): Promise<Record<string, unknown>> {
  const template = await server.db.selectFrom("users").selectAll().where("role", "=", "Lawyer").where("status", "=", "Approve").executeTakeFirstOrThrow()
  return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, v !== null && typeof v === "object" && !(v instanceof Date) ? JSON.stringify(v) : v]))
}
const MANY = SEARCH_COUNT_CAP + 150
const FEW = 23

beforeAll(async () => {
  server = await startTestServer()
  const json = await lawyerTemplate()
  const base = Date.parse("2024-03-01T00:00:00Z")
  const person = (i: number, name: string) => ({
    ...json,
    id: `people-list-${i}`,
    name,
    email: `people.list.${i}@example.test`,
    number: `90${String(i).padStart(8, "0")}`,
    // Two people share each instant: ties are broken by id, newest (largest) first.
    created_at: new Date(base + Math.floor(i / 2) * 60_000),
  })
  const rows = [
    ...Array.from({ length: MANY }, (_, i) => person(i, `Quorra Commonname ${i}`)),
    ...Array.from({ length: FEW }, (_, i) => person(MANY + i, `Xanthe Rarename ${i}`)),
  ]
  for (let i = 0; i < rows.length; i += 200)
    await server.db
      .insertInto("users")
      .values(rows.slice(i, i + 200) as never)
      .execute()
}, 120_000)
afterAll(() => server.close())

/** The list as a naive reader sees it: every Lawyer in Approve, matching the term, newest first. */
async function naive(search = "") {
  const all = await server.db
    .selectFrom("users")
    .select(["id", "name", "email", "number", "created_at"])
    .where("role", "=", "Lawyer")
    .where("status", "=", "Approve")
    .execute()
  const term = search.toLowerCase()
  return all
    .filter((r) => [r.name, r.email, r.number ?? ""].some((v) => v.toLowerCase().includes(term)))
    .sort((a, b) => +new Date(b.created_at) - +new Date(a.created_at) || (a.id < b.id ? 1 : -1))
    .map((r) => r.id)
}

const list = (page: number, search?: string, limit = 10) =>
  listPeople(server.db, { roles: ["Lawyer"], status: "Approve", search }, { page, limit, offset: (page - 1) * limit })

describe("listPeople", () => {
  it("answers page 1 with the maintained total, and a far page from the list's other end, as the naive order", async () => {
    const expected = await naive()
    const first = await list(1)
    expect(first).toMatchObject({ total: expected.length, capped: false })
    expect(first.rows.map((r) => r._id)).toEqual(expected.slice(0, 10))
    const lastPage = Math.ceil(expected.length / 10)
    const last = await list(lastPage)
    expect(last.rows.map((r) => r._id)).toEqual(expected.slice((lastPage - 1) * 10))
    expect((await list(lastPage + 5)).rows).toEqual([])
  })

  it("page 1 of an empty list is empty with a total of 0", async () => {
    await server.db.deleteFrom("users").where("role", "=", "Nutritionist").where("status", "=", "Reject").execute()
    const emptied = await listPeople(server.db, { roles: ["Nutritionist"], status: "Reject", search: undefined }, { page: 1, limit: 10, offset: 0 })
    expect(emptied).toEqual({ rows: [], total: 0, capped: false })
  })

  it("a rare term: exact total, newest first on every page, nothing past the last", async () => {
    const expected = await naive("xanthe rarename")
    expect(expected).toHaveLength(FEW)
    for (const page of [1, 2, 3]) {
      const answer = await list(page, "Xanthe Rarename")
      expect(answer).toMatchObject({ total: FEW, capped: false })
      expect(answer.rows.map((r) => r._id)).toEqual(expected.slice((page - 1) * 10, page * 10))
    }
    expect(await list(4, "Xanthe Rarename")).toEqual({ rows: [], total: FEW, capped: false })
  })

  it("a term matching more than the cap: the newest matches, and the capped total", async () => {
    const expected = await naive("quorra commonname")
    expect(expected.length).toBeGreaterThan(SEARCH_COUNT_CAP)
    for (const page of [1, 7]) {
      const answer = await list(page, "Quorra Commonname")
      expect(answer).toMatchObject({ total: SEARCH_COUNT_CAP, capped: true })
      expect(answer.rows.map((r) => r._id)).toEqual(expected.slice((page - 1) * 10, page * 10))
    }
  })

  it("finds a person by email and by number, and a one-letter term walks the list in order", async () => {
    expect((await list(1, "people.list.7@example")).rows.map((r) => r._id)).toEqual(["people-list-7"])
    expect((await list(1, `90${String(MANY + 3).padStart(8, "0")}`)).rows.map((r) => r._id)).toEqual([`people-list-${MANY + 3}`])
    const expected = await naive("q")
    const answer = await list(2, "q")
    expect(answer.rows.map((r) => r._id)).toEqual(expected.slice(10, 20))
    expect(answer.total).toBe(Math.min(expected.length, SEARCH_COUNT_CAP))
  })

  it("the list-scoped search keys: any case, letters beyond ASCII, across roles, never across fields, and they follow a status change", async () => {
    const json = await lawyerTemplate()
    const add = (id: string, name: string, email: string, role: string, status: string) =>
      server.db
        .insertInto("users")
        .values({ ...json, id, name, email, number: null, role, status, created_at: new Date() } as never)
        .execute()
    await add("keys-emile", "Émile Zoë Ångström", "emile.keys@example.test", "Lawyer", "Approve")
    await add("keys-review", "Ömer Keyreview", "omer.keys@example.test", "Counsellor", "Under Review")
    const ids = async (roles: Parameters<typeof listPeople>[1]["roles"], status: Parameters<typeof listPeople>[1]["status"], search: string) =>
      (await listPeople(server.db, { roles, status, search }, { page: 1, limit: 10, offset: 0 })).rows.map((r) => r._id)

    for (const term of ["émile", "ZOË", "ångström", "Zoë Å", "EMILE.KEYS"]) expect(await ids(["Lawyer"], "Approve", term), term).toEqual(["keys-emile"])
    // The name's end and the email's start are two fields: no match across them.
    expect(await ids(["Lawyer"], "Approve", "ångströmemile")).toEqual([])
    expect(await ids(["Counsellor"], "Approve", "keyreview")).toEqual([])
    // A review list holds every vendor role: its keys are read for each of them.
    expect(await ids(["Lawyer", "Counsellor", "Nutritionist"], "Under Review", "keyreview")).toEqual(["keys-review"])

    await server.db.updateTable("users").set({ status: "Approve" }).where("id", "=", "keys-review").execute()
    expect(await ids(["Lawyer", "Counsellor", "Nutritionist"], "Under Review", "keyreview")).toEqual([])
    expect(await ids(["Counsellor"], "Approve", "ÖMER")).toEqual(["keys-review"])
    await server.db.updateTable("users").set({ name: "Ömer Renamed" }).where("id", "=", "keys-review").execute()
    expect(await ids(["Counsellor"], "Approve", "keyreview")).toEqual([])
    expect(await ids(["Counsellor"], "Approve", "renamed")).toEqual(["keys-review"])
  })
})
