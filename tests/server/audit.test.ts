import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { appendEvent } from "../../server/services/events.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"

let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
  const adminId = (await server.db.selectFrom("users").select("id").where("email", "=", "admin@demo.test").executeTakeFirstOrThrow()).id
  // A small history of one entity: created, changed twice, deleted.
  await appendEvent(server.db, { entityType: "widget", entityId: "w1", type: "widget.created", actorId: adminId, after: { name: "First", status: "draft" } })
  await appendEvent(server.db, { entityType: "widget", entityId: "w1", type: "widget.updated", actorId: adminId, before: { status: "draft" }, after: { status: "live" } })
  await new Promise((r) => setTimeout(r, 20))
  await appendEvent(server.db, { entityType: "widget", entityId: "w1", type: "widget.renamed", actorId: null, before: { name: "First" }, after: { name: "=cmd|' /C calc'!A0" } })
  await appendEvent(server.db, { entityType: "widget", entityId: "w1", type: "widget.deleted", actorId: adminId, before: { name: "x" } })
})
afterAll(() => server.close())

const get = (url: string, token = admin) => server.app.inject({ method: "GET", url: `/api/v1${url}`, headers: bearer(token) })

describe("GET /audit/events", () => {
  it("lists the log newest first with the actor's name, filtered by entity and type", async () => {
    const res = await get("/audit/events?entityType=widget&entityId=w1")
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.totalRecords).toBe(4)
    expect(body.data.map((e: { type: string }) => e.type)).toEqual(["widget.deleted", "widget.renamed", "widget.updated", "widget.created"])
    expect(body.data[3]).toMatchObject({ entityType: "widget", entityId: "w1", actorName: "Asha Admin", after: { name: "First", status: "draft" } })
    const typed = (await get("/audit/events?type=widget.updated")).json()
    expect(typed.data).toHaveLength(1)
    expect(typed.data[0].before).toEqual({ status: "draft" })
  })

  it("filters by date range and pages", async () => {
    const all = (await get("/audit/events?entityType=widget&limit=2")).json()
    expect(all.data).toHaveLength(2)
    expect(all.totalPages).toBe(2)
    const future = (await get(`/audit/events?entityType=widget&from=${new Date(Date.now() + 60_000).toISOString()}`)).json()
    expect(future.totalRecords).toBe(0)
  })

  it("refuses a bad date with a message naming the field, and every role but Admin", async () => {
    const bad = await get("/audit/events?from=yesterday")
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe("from: must be a date and time (ISO 8601)")
    for (const email of ["editor@demo.test", "lawyer@demo.test", "user@demo.test"]) {
      expect((await get("/audit/events", await server.login(email))).statusCode).toBe(403)
    }
  })
})

describe("GET /audit/events.csv", () => {
  it("exports the filtered log with formula-looking cells defused", async () => {
    const res = await get("/audit/events.csv?entityType=widget")
    expect(res.statusCode).toBe(200)
    expect(res.headers["content-type"]).toContain("text/csv")
    const lines = res.body.trim().split("\r\n")
    expect(lines[0]).toBe("id,at,entityType,entityId,type,actorId,actorName,before,after")
    expect(lines).toHaveLength(5)
    expect(res.body).toContain("widget.renamed")
    expect(res.body).not.toMatch(/,=cmd/)
  })
})

describe("GET /audit/entity/:type/:id?at=", () => {
  it("rebuilds the entity as it stood at a moment from its events", async () => {
    const events = (await get("/audit/events?entityType=widget&entityId=w1")).json().data as Array<{ type: string; at: string }>
    const updatedAt = events.find((e) => e.type === "widget.updated")!.at
    const then = (await get(`/audit/entity/widget/w1?at=${encodeURIComponent(updatedAt)}`)).json().data
    expect(then.exists).toBe(true)
    expect(then.state).toEqual({ name: "First", status: "live" })
    expect(then.events.map((e: { type: string }) => e.type)).toEqual(["widget.created", "widget.updated"])
    const now = (await get(`/audit/entity/widget/w1?at=${encodeURIComponent(new Date(Date.now() + 1000).toISOString())}`)).json().data
    expect(now.exists).toBe(false)
  })
})
