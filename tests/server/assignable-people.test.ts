import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ASSIGNABLE_PEOPLE_LIMIT, type AssignableRole, assignableRoles } from "../../src/api/contract/counselling/counselling-user.ts"
import { SEARCH_COUNT_CAP } from "../../server/db/paging.ts"
import { call, demoEmailOf, nonAdminRoles } from "./counselling-fixtures.ts"
import { startTestServer, type TestServer } from "./harness.ts"

/**
 * GET /user/getActiveUser/user at more than a page of people: the newest `limit` approved people of
 * each assignable role with each role's total, a search on name or email, one role, and refusals.
 * Every answer is compared with the people read naively (all rows, filtered and sorted in memory).
 */
let server: TestServer
let admin: string
const COUNSELLORS = ASSIGNABLE_PEOPLE_LIMIT + 12
const COMMON = SEARCH_COUNT_CAP + 5

beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
  const template = await server.db.selectFrom("users").selectAll().where("email", "=", "counsellor@demo.test").executeTakeFirstOrThrow()
  const json = Object.fromEntries(
    Object.entries(template).map(([k, v]) => [k, v !== null && typeof v === "object" && !(v instanceof Date) ? JSON.stringify(v) : v]),
  )
  const base = Date.parse("2024-05-01T00:00:00Z")
  const person = (i: number, fields: { name: string; role: string; status?: string }) => ({
    ...json,
    id: `picker-${i}`,
    email: `picker.${i}@example.test`,
    number: `91${String(i).padStart(8, "0")}`,
    status: "Approve",
    // Two people share each instant: ties are broken by id, newest (largest) first.
    created_at: new Date(base + Math.floor(i / 2) * 60_000),
    ...fields,
  })
  const rows = [
    ...Array.from({ length: COUNSELLORS }, (_, i) => person(i, { name: `Quinn Picker ${i}`, role: "Counsellor" })),
    person(COUNSELLORS, { name: "Quinn Picker pending", role: "Counsellor", status: "Under Review" }),
    ...Array.from({ length: COMMON }, (_, i) => person(COUNSELLORS + 1 + i, { name: `Ottoline Common ${i}`, role: "Lawyer" })),
  ]
  for (let i = 0; i < rows.length; i += 200)
    await server.db
      .insertInto("users")
      .values(rows.slice(i, i + 200) as never)
      .execute()
}, 120_000)
afterAll(() => server.close())

type Person = { _id: string; name: string; email: string; role: string }
type Answer = { success: boolean; data: Person[]; totals: Array<{ role: string; total: number; capped?: boolean }> }
const get = async (query = "") => (await call(server, admin, "GET", `/user/getActiveUser/user${query}`)).json() as Promise<Answer>

/** Approved people of a role whose name or email holds the term, newest first: what the call must agree with. */
async function naive(role: AssignableRole, search = "") {
  const all = await server.db
    .selectFrom("users")
    .select(["id", "name", "email", "created_at"])
    .where("role", "=", role)
    .where("status", "=", "Approve")
    .execute()
  const term = search.toLowerCase()
  return all
    .filter((r) => [r.name, r.email].some((v) => v.toLowerCase().includes(term)))
    .sort((a, b) => +new Date(b.created_at) - +new Date(a.created_at) || (a.id < b.id ? 1 : -1))
    .map((r) => r.id)
}
const idsOf = (answer: Answer, role: string) => answer.data.filter((p) => p.role === role).map((p) => p._id)

describe("GET /user/getActiveUser/user", () => {
  it("without parameters: the newest 50 approved people of each role and each role's total", async () => {
    const answer = await get()
    expect(answer.success).toBe(true)
    expect(answer.totals.map((t) => t.role)).toEqual([...assignableRoles])
    for (const role of assignableRoles) {
      const expected = await naive(role)
      expect(idsOf(answer, role), role).toEqual(expected.slice(0, ASSIGNABLE_PEOPLE_LIMIT))
      expect(
        answer.totals.find((t) => t.role === role),
        role,
      ).toEqual({ role, total: expected.length })
    }
    const counsellors = answer.totals.find((t) => t.role === "Counsellor")!
    expect(counsellors.total).toBeGreaterThan(idsOf(answer, "Counsellor").length)
    expect(answer.data.some((p) => p.email === "admin@demo.test" || p.email === "editor@demo.test" || p.name === "Quinn Picker pending")).toBe(false)
  })

  it("a smaller limit lists fewer per role; the totals stay", async () => {
    const answer = await get("?limit=3")
    for (const role of assignableRoles) {
      const expected = await naive(role)
      expect(idsOf(answer, role), role).toEqual(expected.slice(0, 3))
      expect(answer.totals.find((t) => t.role === role)!.total).toBe(expected.length)
    }
  })

  it("a search keeps people whose name or email holds it (any case), with the totals of the matches", async () => {
    for (const search of ["quinn picker", "PICKER.1", "demo.test", "Chetan Counsellor", "qu"]) {
      const answer = await get(`?search=${encodeURIComponent(` ${search} `)}`)
      for (const role of assignableRoles) {
        const expected = await naive(role, search)
        expect(idsOf(answer, role), `${search} ${role}`).toEqual(expected.slice(0, ASSIGNABLE_PEOPLE_LIMIT))
        expect(
          answer.totals.find((t) => t.role === role),
          `${search} ${role}`,
        ).toEqual({ role, total: expected.length })
      }
    }
    expect((await get("?search=91000000")).data, "numbers are not searched").toEqual([])
    expect((await get("?search=zzzz-nobody")).totals.every((t) => t.total === 0)).toBe(true)
  })

  it("a search matching more than the cap says its total is a lower bound, and still lists the newest", async () => {
    const answer = await get("?search=ottoline&role=Lawyer")
    expect(answer.totals).toEqual([{ role: "Lawyer", total: SEARCH_COUNT_CAP, capped: true }])
    expect(idsOf(answer, "Lawyer")).toEqual((await naive("Lawyer", "ottoline")).slice(0, ASSIGNABLE_PEOPLE_LIMIT))
  })

  it("role keeps one role, its people and its total only", async () => {
    const answer = await get("?role=Counsellor&limit=5&search=picker")
    expect(new Set(answer.data.map((p) => p.role))).toEqual(new Set(["Counsellor"]))
    expect(answer.data.map((p) => p._id)).toEqual((await naive("Counsellor", "picker")).slice(0, 5))
    expect(answer.totals).toEqual([{ role: "Counsellor", total: COUNSELLORS }])
  })

  it("refuses a bad role, limit or search with 400 naming the parameter", async () => {
    const cases: Array<[string, RegExp]> = [
      ["?role=Admin", /^role: /],
      ["?role=lawyer", /^role: /],
      ["?limit=0", /^limit: must be from 1 to 50/],
      ["?limit=51", /^limit: must be from 1 to 50/],
      ["?limit=2.5", /^limit: /],
      ["?limit=many", /^limit: /],
      [`?search=${"a".repeat(101)}`, /^search: must be at most 100 characters/],
    ]
    for (const [query, message] of cases) {
      const res = await call(server, admin, "GET", `/user/getActiveUser/user${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().message, query).toMatch(message)
    }
    expect((await call(server, admin, "GET", `/user/getActiveUser/user?search=${"a".repeat(100)}`)).statusCode).toBe(200)
  })

  it("answers the Admin only, with or without parameters", async () => {
    for (const url of ["/user/getActiveUser/user", "/user/getActiveUser/user?search=quinn&role=Counsellor&limit=5"]) {
      for (const role of nonAdminRoles) expect((await call(server, await server.login(demoEmailOf(role)), "GET", url)).statusCode, `${role} ${url}`).toBe(403)
      expect((await call(server, null, "GET", url)).statusCode, url).toBe(401)
    }
  })
})
