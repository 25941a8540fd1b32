import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { appendEvent } from "../../server/services/events.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { explainRefusals } from "./openapi-validator.ts"

explainRefusals([
  ["search: give a name or number to search for, or an id", "neither `search` nor `id` (the query's description: one of them is needed)"],
  ["to: must be on or after from", "`to` before `from` (the bounds' description: both inclusive)"],
])

let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
  const adminId = (await server.db.selectFrom("users").select("id").where("email", "=", "admin@demo.test").executeTakeFirstOrThrow()).id
  // A small history of one entity: created, changed twice, deleted.
  await appendEvent(server.db, { entityType: "widget", entityId: "w1", type: "widget.created", actorId: adminId, after: { name: "First", status: "draft" } })
  await appendEvent(server.db, {
    entityType: "widget",
    entityId: "w1",
    type: "widget.updated",
    actorId: adminId,
    before: { status: "draft" },
    after: { status: "live" },
  })
  await new Promise((r) => setTimeout(r, 20))
  await appendEvent(server.db, {
    entityType: "widget",
    entityId: "w1",
    type: "widget.renamed",
    actorId: null,
    before: { name: "First" },
    after: { name: "=cmd|' /C calc'!A0" },
  })
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
    // Both bounds are inclusive: the same moment twice is a range; an end before the start is refused, for the exports too.
    const at = new Date(Date.now() + 60_000).toISOString()
    expect((await get(`/audit/events?from=${at}&to=${at}`)).statusCode).toBe(200)
    const earlier = new Date(Date.now() - 60_000).toISOString()
    for (const path of ["/audit/events", "/audit/events.csv", "/audit/events.json"]) {
      const reversed = await get(`${path}?from=${at}&to=${earlier}`)
      expect(reversed.statusCode, path).toBe(400)
      expect(reversed.json().message, path).toBe("to: must be on or after from")
    }
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

describe("the log in an auditor's words (issue 25)", () => {
  it("names each event's record, and its actor's role and e-mail address", async () => {
    const vendor = await server.db.selectFrom("users").select(["id", "name"]).where("email", "=", "lawyer@demo.test").executeTakeFirstOrThrow()
    const body = (await get(`/audit/events?entityType=user&entityId=${vendor.id}`)).json()
    expect(body.data.length).toBeGreaterThan(0)
    for (const e of body.data) expect(e.entityLabel).toBe(vendor.name)
    const widget = (await get("/audit/events?entityType=widget&entityId=w1")).json().data
    // A record no table names is named by what its own events carried.
    expect(widget.find((e: { type: string }) => e.type === "widget.created")).toMatchObject({
      entityLabel: "First",
      actorName: "Asha Admin",
      actorRole: "Admin",
      actorEmail: "admin@demo.test",
    })
    expect(widget.find((e: { type: string }) => e.type === "widget.renamed")).toMatchObject({ actorRole: null, actorEmail: null })
  })

  it("lists every event type the log holds, alphabetically, to Admins only", async () => {
    const res = await get("/audit/event-types")
    expect(res.statusCode).toBe(200)
    const types = res.json().data as string[]
    const held = (await server.db.selectFrom("events").select("type").distinct().execute()).map((r) => r.type).sort()
    expect(types).toEqual(held)
    expect(types).toEqual(expect.arrayContaining(["widget.created", "widget.deleted", "widget.renamed", "widget.updated", "user.created"]))
    expect((await get("/audit/event-types", await server.login("editor@demo.test"))).statusCode).toBe(403)
  })

  it("says each event in words in the CSV export, with the workflow version that allowed it", async () => {
    const lines = (await get("/audit/events.csv?entityType=widget")).body.trim().split("\r\n")
    // Then the workflow version, the address and the request id: none for an event no workflow or request wrote.
    expect(lines[1]).toMatch(/,First,Asha Admin created widget “First”,,,$/)
  })
})

describe("GET /audit/events.csv", () => {
  it("exports the filtered log with formula-looking cells defused", async () => {
    const res = await get("/audit/events.csv?entityType=widget")
    expect(res.statusCode).toBe(200)
    expect(res.headers["content-type"]).toContain("text/csv")
    const lines = res.body.trim().split("\r\n")
    expect(lines[0]).toBe("id,at,entityType,entityId,type,actorId,actorName,before,after,entityLabel,summary,workflow,ip,requestId")
    expect(lines).toHaveLength(5)
    expect(res.body).toContain("widget.renamed")
    expect(res.body).not.toMatch(/,=cmd/)
  })
})

describe("exports of any size (issue 25)", () => {
  it("streams the CSV and the JSON in batches: every event once, oldest first, past a batch's end", async () => {
    // More events than one read of the export (500): the stream must go on where each batch ended.
    const many = 1_203
    await server.db
      .insertInto("events")
      .values(
        Array.from({ length: many }, (_, i) => ({
          entity_type: "gadget",
          entity_id: "g1",
          type: "gadget.updated",
          actor_id: null,
          before: null,
          after: JSON.stringify({ n: i }),
        })),
      )
      .execute()
    const csv = await get("/audit/events.csv?entityType=gadget")
    expect(csv.statusCode).toBe(200)
    const rows = csv.body.trim().split("\r\n").slice(1)
    expect(rows).toHaveLength(many)
    const ids = rows.map((r) => Number(r.split(",")[0]))
    expect(ids).toEqual([...ids].sort((x, y) => x - y))
    expect(new Set(ids).size).toBe(many)

    const json = await get("/audit/events.json?entityType=gadget")
    expect(json.statusCode).toBe(200)
    expect(json.headers["content-type"]).toContain("application/json")
    const events = json.json() as Array<{ _id: string; after: { n: number }; summary: string }>
    expect(events.map((e) => e.after.n)).toEqual(Array.from({ length: many }, (_, i) => i))
    expect(events[0]!.summary).toBe("The system updated gadget g1")
  })

  it("answers an empty filter with a header only, or an empty array", async () => {
    expect((await get("/audit/events.csv?entityType=nothing-here")).body).toBe(
      "id,at,entityType,entityId,type,actorId,actorName,before,after,entityLabel,summary,workflow,ip,requestId\r\n",
    )
    expect((await get("/audit/events.json?entityType=nothing-here")).json()).toEqual([])
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

describe("GET /audit/records", () => {
  it("finds sessions by their client's or counsellor's name, and content and enquiries by a word of their name", async () => {
    const session = await server.db
      .selectFrom("counselling_sessions as s")
      .innerJoin("users as c", "c.id", "s.counsellor_id")
      .select(["s.id", "s.topic", "c.email"])
      .orderBy("s.starts_at", "desc")
      .executeTakeFirstOrThrow()
    const sessions = (await get(`/audit/records?entityType=counsellingSession&search=${encodeURIComponent(session.email)}`)).json().data
    expect(sessions.map((r: { id: string }) => r.id)).toContain(session.id)
    const label = sessions.find((r: { id: string }) => r.id === session.id).label as string
    expect(label.startsWith(`${session.topic} · `)).toBe(true)
    expect(label).toMatch(/ · \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/)
    expect((await get(`/audit/records?entityType=counsellingSession&id=${session.id}`)).json().data).toHaveLength(1)

    const blog = await server.db.selectFrom("blogs").select(["id", "title", "slug"]).executeTakeFirstOrThrow()
    const word = blog.title.split(" ").at(-1)!.toUpperCase()
    const blogs = (await get(`/audit/records?entityType=blog&search=${encodeURIComponent(word)}`)).json().data
    expect(blogs).toContainEqual({ id: blog.id, label: blog.title, detail: `/${blog.slug}` })
    expect((await get("/audit/records?entityType=blog&search=no%20such%20title%20anywhere")).json().data).toEqual([])
    // A `%` is a percent sign, not a wildcard.
    expect((await get("/audit/records?entityType=blog&search=%25")).json().data).toEqual([])

    const expert = await server.db.selectFrom("experts").select(["id", "name", "designation"]).executeTakeFirstOrThrow()
    expect((await get(`/audit/records?entityType=expert&search=${encodeURIComponent(expert.name)}`)).json().data).toContainEqual({
      id: expert.id,
      label: expert.name,
      detail: expert.designation,
    })
    const testimonial = await server.db.selectFrom("testimonials").select(["id", "name"]).executeTakeFirstOrThrow()
    expect((await get(`/audit/records?entityType=testimonial&id=${testimonial.id}`)).json().data[0]).toMatchObject({ label: testimonial.name })
    const press = await server.db.selectFrom("press_items").select(["id", "link", "type"]).executeTakeFirstOrThrow()
    expect((await get(`/audit/records?entityType=press&search=${encodeURIComponent(press.type)}`)).json().data).toContainEqual({
      id: press.id,
      label: press.link,
      detail: press.type,
    })
    const enquiry = await server.db.selectFrom("counselling_enquiries").select(["id", "name", "email"]).executeTakeFirstOrThrow()
    const enquiries = (await get(`/audit/records?entityType=counsellingEnquiry&search=${encodeURIComponent(enquiry.email)}`)).json().data
    expect(enquiries).toContainEqual(expect.objectContaining({ id: enquiry.id, label: enquiry.name }))
  })

  it("finds people by name or email and tickets by number, and names one record by its id, for the Admin only", async () => {
    const people = await get("/audit/records?entityType=user&search=lawyer%40demo.test")
    expect(people.statusCode).toBe(200)
    const lawyer = people.json().data.find((r: { detail: string }) => r.detail.endsWith("lawyer@demo.test"))
    expect(lawyer).toMatchObject({ label: expect.any(String), detail: "Lawyer · lawyer@demo.test" })
    expect((await get(`/audit/records?entityType=user&id=${lawyer.id}`)).json().data).toEqual([lawyer])
    expect((await get("/audit/records?entityType=user&id=no-such-person")).json().data).toEqual([])

    const ticket = await server.db.selectFrom("tickets").select(["id", "number"]).orderBy("number").executeTakeFirstOrThrow()
    const code = `TKT-${String(ticket.number).padStart(6, "0")}`
    for (const search of [code, String(ticket.number), code.toLowerCase()]) {
      const found = (await get(`/audit/records?entityType=ticket&search=${encodeURIComponent(search)}`)).json().data
      expect(found, search).toEqual([expect.objectContaining({ id: ticket.id, label: code })])
    }
    expect((await get(`/audit/records?entityType=ticket&id=${ticket.id}`)).json().data[0].label).toBe(code)
    expect((await get("/audit/records?entityType=ticket&search=printer")).json().data).toEqual([])

    const none = await get("/audit/records?entityType=user")
    expect(none.statusCode).toBe(400)
    expect(none.json().message).toBe("search: give a name or number to search for, or an id")
    expect((await get("/audit/records?entityType=gallery&search=x")).statusCode).toBe(400)
    expect((await get("/audit/records?entityType=user&search=asha", await server.login("editor@demo.test"))).statusCode).toBe(403)
  })
})
