import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { insertUser } from "../../server/db/repositories/users.repository.ts"
import { search } from "../../server/services/search/search.service.ts"
import type { SearchSource } from "../../server/services/search/search-source.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const as = async (email: string) => bearer(await server.login(email))
const find = (headers: Record<string, string>, q: string) => server.app.inject({ method: "GET", url: `/api/v1/search?q=${encodeURIComponent(q)}`, headers })
/** The people found (the Admin also gets the tickets of the people a query finds). */
const titles = (res: { json(): { data: Array<{ kind: string; title: string }> } }) =>
  res
    .json()
    .data.filter((r) => r.kind === "person")
    .map((r) => r.title)

describe("GET /search as the Admin (people source)", () => {
  it("finds a demo vendor by the start of any word of their name, and links to their details", async () => {
    const admin = await as("admin@demo.test")
    const lawyer = await server.db.selectFrom("users").selectAll().where("email", "=", "lawyer@demo.test").executeTakeFirstOrThrow()
    const res = await find(admin, "Leel")
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toContainEqual({
      kind: "person",
      id: lawyer.id,
      title: "Leela Lawyer",
      subtitle: `Lawyer · lawyer@demo.test · ${lawyer.number}`,
      href: `/vendor-details/${lawyer.id}`,
    })
    expect(titles(await find(admin, "lawy"))).toContain("Leela Lawyer")
  })

  it("finds people of every role, by email and by number (digits only, spaces ignored)", async () => {
    const admin = await as("admin@demo.test")
    expect(titles(await find(admin, "editor@demo"))).toEqual(["Eshan Editor"])
    expect(titles(await find(admin, "uma"))).toContain("Uma User")
    const user = await server.db.selectFrom("users").select(["name", "number"]).where("email", "=", "user@demo.test").executeTakeFirstOrThrow()
    const spaced = `${user.number!.slice(0, 5)} ${user.number!.slice(5, 8)}`
    expect(titles(await find(admin, spaced))).toContain(user.name)
  })

  it("matches every word of the query, in any order, case-insensitively", async () => {
    const admin = await as("admin@demo.test")
    expect(titles(await find(admin, "LAWYER leela"))).toEqual(["Leela Lawyer"])
    expect(titles(await find(admin, "leela nutri"))).toEqual([])
  })

  it("keeps the index current: new people and renamed people are found, deleted ones are not", async () => {
    const admin = await as("admin@demo.test")
    const row = await insertUser(server.db, { name: "Zubin Quraishi", email: "zq@example.org", role: "User", status: "Approve", number: "9123409876" })
    expect(titles(await find(admin, "quraishi"))).toEqual(["Zubin Quraishi"])
    await server.db.updateTable("users").set({ name: "Zubin Wadia" }).where("id", "=", row.id).execute()
    expect(titles(await find(admin, "quraishi"))).toEqual([])
    expect(titles(await find(admin, "wadia"))).toEqual(["Zubin Wadia"])
    await server.db.deleteFrom("users").where("id", "=", row.id).execute()
    expect(titles(await find(admin, "wadia"))).toEqual([])
  })

  it("answers at most 8 people, by name; % and _ are plain characters", async () => {
    const admin = await as("admin@demo.test")
    for (let i = 0; i < 10; i++) {
      await insertUser(server.db, { name: `Manyname ${String.fromCharCode(74 - i)}${i}`, email: `many${i}@example.org`, role: "User", status: "Approve" })
    }
    const many = (await find(admin, "manyname")).json().data
    expect(many.length).toBe(8)
    const names = many.map((r: { title: string }) => r.title)
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : 1)))
    expect((await find(admin, "%a")).json().data).toEqual([])
    expect((await find(admin, "__")).json().data).toEqual([])
  })

  it("can answer a prefix from the term index in term order (no sort, no scan of people)", async () => {
    // The demo table is small enough that the planner would scan it; forbid that to see the index serve the query.
    const plan = await server.db.connection().execute(async (conn) => {
      await sql`set enable_seqscan = off`.execute(conn)
      await sql`set enable_bitmapscan = off`.execute(conn)
      const rows =
        await sql`explain select user_id from people_search_terms where term >= ${"lee"} and term < ${"lee\u{10FFFF}"} order by term limit 200`.execute(conn)
      await sql`reset all`.execute(conn)
      return JSON.stringify(rows.rows)
    })
    expect(plan).toMatch(/Index (Only )?Scan using people_search_terms_pkey/)
    expect(plan).not.toMatch(/Sort/)
  })
})

describe("GET /search for other roles", () => {
  it("never finds people for anyone but the Admin", async () => {
    for (const email of ["editor@demo.test", "lawyer@demo.test", "user@demo.test"]) {
      const res = await find(await as(email), "Leela")
      expect(res.statusCode, email).toBe(200)
      expect(
        res.json().data.filter((r: { kind: string }) => r.kind === "person"),
        email,
      ).toEqual([])
    }
  })

  it("asks only the sources the caller's role may use, in source order", async () => {
    const source = (kind: "session" | "ticket", access: SearchSource["access"]): SearchSource => ({
      kind,
      access,
      search: async ({ db: _db }, { caller, q }) => [{ kind, id: `${kind}-1`, title: `${kind} ${q}`, subtitle: caller.role, href: `/${kind}` }],
    })
    const sources = [source("session", ["User", "Lawyer"]), source("ticket", "signedIn")]
    const deps = { db: server.db, now: () => server.clock.now }
    expect((await search(deps, { id: "u", role: "Lawyer" }, "yoga", sources)).data.map((r) => r.title)).toEqual(["session yoga", "ticket yoga"])
    expect((await search(deps, { id: "e", role: "Editor" }, "yoga", sources)).data.map((r) => r.title)).toEqual(["ticket yoga"])
  })
})

describe("GET /search refusals", () => {
  it("answers 401 without a token and 400 naming q when it is too short, too long or missing", async () => {
    expect((await find({}, "Leela")).statusCode).toBe(401)
    const admin = await as("admin@demo.test")
    expect((await find(admin, " a ")).json().message).toBe("q: must be at least 2 characters")
    expect((await find(admin, "x".repeat(101))).json().message).toBe("q: must be at most 100 characters")
    const missing = await server.app.inject({ method: "GET", url: "/api/v1/search", headers: admin })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe("q: is required")
  })
})

describe("GET /search over one's own sessions and tickets", () => {
  it("finds a client's own tickets by text and by number, opening the chat", async () => {
    const res = await find(await as("user@demo.test"), "counsellor")
    const tickets = res.json().data.filter((r: { kind: string }) => r.kind === "ticket")
    expect(tickets.map((t: { title: string }) => t.title)).toContainEqual(expect.stringContaining("I would like to change my counsellor."))
    expect(tickets[0].href).toMatch(/^\/ticket\/[^/]+$/)
    const number = /TKT-(\d+)/.exec(tickets[0].title)![1]!
    const byNumber = await find(await as("user@demo.test"), `TKT-${number}`)
    expect(byNumber.json().data.map((r: { id: string }) => r.id)).toContain(tickets[0].id)
  })

  it("finds a client's and a counsellor's own sessions by topic, never another person's", async () => {
    for (const email of ["user@demo.test", "counsellor@demo.test"]) {
      const sessions = (await find(await as(email), "stress")).json().data.filter((r: { kind: string }) => r.kind === "session")
      expect(sessions.length, email).toBeGreaterThan(0)
      for (const s of sessions) expect(["/upcoming-session", "/session-history"]).toContain(s.href)
    }
    // The lawyer has no sessions with these demo topics as counsellor, and never sees the client's tickets.
    const lawyer = (await find(await as("lawyer@demo.test"), "change my counsellor")).json().data
    expect(lawyer.filter((r: { kind: string }) => r.kind === "ticket")).toEqual([])
  })
})

describe("GET /search as a command palette (tickets, enquiries and blogs)", () => {
  type Result = { kind: string; id: string; title: string; subtitle: string; href: string }
  const ofKind = (res: { json(): { data: Result[] } }, kind: string) => res.json().data.filter((r) => r.kind === kind)

  it("lets the Admin find any ticket by its number or by its raiser's name, opening its chat", async () => {
    const admin = await as("admin@demo.test")
    const ticket = await server.db
      .selectFrom("tickets")
      .innerJoin("users", "users.id", "tickets.raiser_id")
      .select(["tickets.id", "tickets.number", "users.name"])
      .orderBy("tickets.number")
      .executeTakeFirstOrThrow()
    const byNumber = ofKind(await find(admin, `TKT-${String(ticket.number).padStart(6, "0")}`), "ticket")
    expect(byNumber.map((t) => t.id)).toEqual([ticket.id])
    expect(byNumber[0]!.href).toBe(`/ticket/${ticket.id}`)
    expect(byNumber[0]!.subtitle).toMatch(new RegExp(`^${ticket.name} · (Open|Closed)$`))
    const byRaiser = ofKind(await find(admin, ticket.name), "ticket")
    expect(byRaiser.map((t) => t.id)).toContain(ticket.id)
  })

  it("lets the Admin find a contact enquiry by name, email or number, opening All Enquiries searched for it", async () => {
    const admin = await as("admin@demo.test")
    await server.db
      .insertInto("contact_enquiries")
      .values({
        id: "palette-enquiry",
        name: "Ottoline Marchbanks",
        email: "ottoline@example.org",
        number: "9000011122",
        city: "Pune",
        state: "MH",
        message: null,
      })
      .execute()
    for (const q of ["Marchbanks", "ottoline@example", "9000011122"]) {
      const found = ofKind(await find(admin, q), "enquiry")
      expect(found, q).toEqual([
        {
          kind: "enquiry",
          id: "palette-enquiry",
          title: "Ottoline Marchbanks",
          subtitle: "ottoline@example.org · 9000011122 · Pune",
          href: "/enquiries?search=ottoline%40example.org",
        },
      ])
    }
  })

  it("lets the Admin and Editors find a blog by its name or URL, opening it; nobody else finds blogs or enquiries", async () => {
    const blog = await server.db.selectFrom("blogs").select(["id", "blog_name", "slug", "status"]).orderBy("created_at").executeTakeFirstOrThrow()
    for (const email of ["admin@demo.test", "editor@demo.test"]) {
      const headers = await as(email)
      for (const q of [blog.blog_name, blog.slug]) {
        const found = ofKind(await find(headers, q), "blog")
        expect(
          found.find((b) => b.id === blog.id),
          `${email} ${q}`,
        ).toEqual({
          kind: "blog",
          id: blog.id,
          title: blog.blog_name,
          subtitle: `/${blog.slug} · ${blog.status ? "Published" : "Unpublished"}`,
          href: `/blog/${blog.id}`,
        })
      }
    }
    for (const email of ["editor@demo.test", "lawyer@demo.test", "user@demo.test"]) {
      const res = await find(await as(email), "Marchbanks")
      expect(ofKind(res, "enquiry"), email).toEqual([])
    }
    for (const email of ["lawyer@demo.test", "user@demo.test"]) expect(ofKind(await find(await as(email), blog.blog_name), "blog"), email).toEqual([])
  })
})
