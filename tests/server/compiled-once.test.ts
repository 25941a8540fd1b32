import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { compiledOnce } from "../../server/db/compiled-once.ts"
import type { Db } from "../../server/db/database.ts"
import { startTestServer, type TestServer } from "./harness.ts"

/** The seam for hot queries compiled once per shape (server/db/compiled-once.ts). */
let server: TestServer
let db: Db
beforeAll(async () => {
  server = await startTestServer()
  db = server.db
})
afterAll(() => server.close())

const built = (roles: readonly string[], status: string, limit: number, way: "asc" | "desc") =>
  db
    .selectFrom("users")
    .select(["id", "email"])
    .where("role", "in", roles as never)
    .where("status", "=", status as never)
    .where("email", "not like", "%@nowhere.test")
    .orderBy("email", way)
    .limit(limit)

describe("compiledOnce", () => {
  it("answers what the query built afresh answers, for other values and shapes, building each shape once", async () => {
    let builds = 0
    const people = compiledOnce(
      (way: "asc" | "desc") => way,
      (on, way, [status, limit, ...roles]: readonly [string, number, ...string[]]) => {
        builds++
        return built(roles, status, limit, way)
      },
    )
    const cases: Array<[string[], string, number, "asc" | "desc"]> = [
      [["Lawyer"], "Approve", 3, "desc"],
      [["Counsellor"], "Under Review", 5, "desc"],
      [["Lawyer", "Counsellor"], "Approve", 4, "desc"],
      [["Lawyer", "Nutritionist"], "Temp Approve", 2, "asc"],
      [["User"], "Approve", 10, "asc"],
    ]
    for (const [roles, status, limit, way] of cases) {
      const expected = await built(roles, status, limit, way).execute()
      expect(await people(db, way, [status, limit, ...roles]), `${roles} ${status} ${way}`).toEqual(expected)
      expect(expected.length).toBeGreaterThan(0)
    }
    // Shapes: desc with 1 role, desc with 2, asc with 2, asc with 1 (the constant pattern stays as compiled).
    expect(builds).toBe(4)
    await people(db, "desc", ["Approve", 1, "Lawyer"])
    expect(builds).toBe(4)
  })

  it("is sent as any query is, with its values: what watches queries (a plugin, the log) never sees the markers", async () => {
    const compiled: string[] = []
    const watched = db.withPlugin({
      transformQuery: (args) => {
        const { sql: text, parameters } = db.getExecutor().compileQuery(args.node, args.queryId)
        compiled.push(`${text} ${JSON.stringify(parameters)}`)
        return args.node
      },
      transformResult: async (args) => args.result,
    })
    const people = compiledOnce(
      () => "",
      (on, _shape: null, [status, limit, ...roles]: readonly [string, number, ...string[]]) =>
        on
          .selectFrom("users")
          .select(["id", "email"])
          .where("role", "in", roles as never)
          .where("status", "=", status as never)
          .orderBy("email")
          .limit(limit),
    )
    await people(watched, null, ["Approve", 2, "Lawyer"])
    expect(compiled).toHaveLength(1)
    expect(compiled[0]).toContain('["Lawyer","Approve",2]')
    expect(compiled.join("")).not.toContain("compiled-once")
  })

  it("refuses a builder that leaves a value out of the parameters or writes it into the SQL's text", async () => {
    const unbound = compiledOnce(
      () => "",
      (on, _shape: null, [status]: readonly [string, string]) =>
        on
          .selectFrom("users")
          .select("id")
          .where("status", "=", status as never),
    )
    await expect(unbound(db, null, ["Approve", "Lawyer"])).rejects.toThrow(/1 of 2 values are not bound/)
    const inText = compiledOnce(
      () => "",
      (on, _shape: null, [role]: readonly [string]) =>
        on
          .selectFrom("users")
          .select("id")
          .where(sql.raw(`role = '${role}'`) as never),
    )
    await expect(inText(db, null, ["Lawyer"])).rejects.toThrow(/reached the SQL's text/)
  })

  it("leaves the people lists' page 1 as it was: the same rows and total as the list read afresh from the table", async () => {
    const admin = await server.login("admin@demo.test")
    for (const sort of ["", "&sort=name", "&sort=-name", "&sort=createdAt"]) {
      const res = await server.app.inject({
        method: "GET",
        url: `/api/v1/user/Lawyer?page=1&limit=5${sort}`,
        headers: { authorization: `Bearer ${admin}`, "x-bench-no-cache": "1" },
      })
      expect(res.statusCode).toBe(200)
      const answer = res.json() as { data: Array<{ _id: string }>; totalRecords: number }
      const order =
        sort === "&sort=name"
          ? sql`lower(name) asc, id asc`
          : sort === "&sort=-name"
            ? sql`lower(name) desc, id desc`
            : sort === "&sort=createdAt"
              ? sql`created_at asc, id asc`
              : sql`created_at desc, id desc`
      const expected = await sql<{ id: string }>`select id from users where role = 'Lawyer' and status = 'Approve' order by ${order} limit 5`.execute(db)
      const total = await sql<{ n: string }>`select count(*) as n from users where role = 'Lawyer' and status = 'Approve'`.execute(db)
      expect(
        answer.data.map((p) => p._id),
        sort,
      ).toEqual(expected.rows.map((r) => r.id))
      expect(answer.totalRecords).toBe(Number(total.rows[0]!.n))
    }
  })
})
