import { readdirSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { parseCsv } from "./csv-reader.ts"
import { htmlPage, jpegImage, multipart, pngImage, svgImage, type FilePart } from "./ticket-fixtures.ts"
import { explainRefusals, FILE_CONTENT_REFUSAL } from "./openapi-validator.ts"
// Refusals of requests the API document calls valid, provoked here on purpose, with what explains each.
explainRefusals([FILE_CONTENT_REFUSAL, ["to: must be later than from", "the Raised filter's range ends where it starts or before"]])

let server: TestServer
const token: Record<string, string> = {}
beforeAll(async () => {
  server = await startTestServer()
  for (const who of ["admin", "editor", "lawyer", "counsellor", "user", "imageconsultant"]) token[who] = await server.login(`${who}@demo.test`)
})
afterAll(() => server.close())

const get = (url: string, who?: string) => server.app.inject({ method: "GET", url: `/api/v1${url}`, headers: who ? bearer(token[who]!) : {} })
function create(who: string | null, fields: Record<string, string>, files: FilePart[] = []) {
  const body = multipart(fields, files)
  return server.app.inject({
    method: "POST",
    url: "/api/v1/userQuery/create",
    payload: body.payload,
    headers: { ...body.headers, ...(who ? bearer(token[who]!) : {}) },
  })
}
const image = (data: Buffer, filename: string, contentType = "image/png"): FilePart => ({ field: "image", filename, contentType, data })
const privateFiles = () => readdirSync(join(server.dataDir, "uploads", "private"))
const ticketCount = async () =>
  Number(
    (
      await server.db
        .selectFrom("tickets")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe("GET /userQuery/get", () => {
  it("gives the Admin every ticket, newest first, with the raiser's name and role, 10 a page", async () => {
    const res = await get("/userQuery/get", "admin")
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.pagination).toEqual({ total: 16, page: 1, limit: 10, totalPages: 2 })
    expect(body.data).toHaveLength(10)
    const dates = body.data.map((t: { createdAt: string }) => t.createdAt)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(new Set(body.data.map((t: { name: string }) => t.name)).size).toBeGreaterThan(3)
    expect(body.data[0]).toMatchObject({ ticketId: expect.stringMatching(/^TKT-\d{6}$/), name: expect.any(String), role: expect.any(String), status: false })
    const page2 = (await get("/userQuery/get?page=2", "admin")).json()
    expect(page2.data).toHaveLength(6)
  })

  it("shows the Admin the rating and review of closed tickets", async () => {
    const all = (await get("/userQuery/get?limit=100", "admin")).json().data as Array<{ status: boolean; userRating: number | null; userReview: string | null }>
    const rated = all.filter((t) => t.userRating !== null)
    expect(rated.length).toBeGreaterThanOrEqual(5)
    for (const t of rated) expect(t).toMatchObject({ status: true, userReview: expect.any(String) })
    expect(all.some((t) => t.status && t.userRating === null)).toBe(true)
  })

  it("gives everybody else only their own tickets", async () => {
    const res = await get("/userQuery/get", "lawyer")
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.pagination.total).toBe(4)
    expect(body.data.every((t: { name: string; role: string }) => t.name === "Leela Lawyer" && t.role === "Lawyer")).toBe(true)
    expect((await get("/userQuery/get", "user")).json().pagination.total).toBe(3)
  })

  it("answers the Editor with its own tickets only; refuses anonymous callers (401) and a bad page (400 naming it)", async () => {
    const raised = (await create("editor", { ticketType: "General", query: "The press page shows an old logo." })).json().data
    const mine = await get("/userQuery/get?page=1&limit=100", "editor")
    expect(mine.statusCode).toBe(200)
    expect(mine.json().data.map((t: { _id: string }) => t._id)).toEqual([raised._id])
    expect((await get("/userQuery/get")).statusCode).toBe(401)
    const bad = await get("/userQuery/get?page=0", "admin")
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^page:/)
  })
})

describe("POST /userQuery/create", () => {
  it("raises a ticket for the caller, numbered TKT-…, open, and logs ticket.created", async () => {
    const res = await create("counsellor", { ticketType: "General", query: "  Please add Hindi to my profile.  " })
    expect(res.statusCode).toBe(200)
    const { data, message } = res.json()
    expect(message).toBe("Ticket submitted successfully!")
    expect(data).toMatchObject({
      ticketType: "General",
      query: "Please add Hindi to my profile.",
      status: false,
      name: "Chetan Counsellor",
      role: "Counsellor",
      hasImage: false,
      userRating: null,
    })
    expect(data.ticketId).toMatch(/^TKT-\d{6}$/)
    expect(data.queryId).toBe(data._id)
    const events = await server.db.selectFrom("events").selectAll().where("entity_id", "=", data._id).execute()
    expect(events.map((e) => e.type)).toEqual(["ticket.created"])
    expect(events[0]!.after).toMatchObject({ ticket_type: "General", image_name: null, closed: false })
    const mine = (await get("/userQuery/get", "counsellor")).json().data
    expect(mine[0]._id).toBe(data._id)
  })

  it("keeps a PNG attachment private, without metadata, served only to the raiser and the Admin", async () => {
    const res = await create("lawyer", { ticketType: "Technical", query: "Screenshot of the error attached." }, [image(pngImage(), "error.png")])
    expect(res.statusCode).toBe(200)
    const { data } = res.json()
    expect(data.hasImage).toBe(true)
    const stored = await server.db.selectFrom("tickets").select("image_name").where("id", "=", data._id).executeTakeFirstOrThrow()
    expect(stored.image_name).toMatch(/^[a-f0-9]{32}\.png$/)
    expect(privateFiles()).toContain(stored.image_name)
    expect((await server.app.inject({ method: "GET", url: `/uploads/${stored.image_name}` })).statusCode).toBe(404)

    for (const who of ["lawyer", "admin"]) {
      const file = await get(`/userQuery/attachment/${data._id}`, who)
      expect(file.statusCode, who).toBe(200)
      expect(file.headers["content-type"]).toBe("image/png")
      expect(file.headers["x-content-type-options"]).toBe("nosniff")
      expect(file.rawPayload.subarray(1, 4).toString()).toBe("PNG")
      expect(file.rawPayload.includes(Buffer.from("made by the ticket tests"))).toBe(false)
    }
    expect((await get(`/userQuery/attachment/${data._id}`, "user")).statusCode).toBe(403)
    expect((await get(`/userQuery/attachment/${data._id}`, "editor")).statusCode).toBe(403)
    expect((await get(`/userQuery/attachment/${data._id}`)).statusCode).toBe(401)
  })

  it("accepts a JPEG (served as image/jpeg) and answers 404 for a ticket without attachment", async () => {
    const res = await create("user", { ticketType: "Technical", query: "Photo of the screen." }, [image(jpegImage(), "screen.jpg", "image/jpeg")])
    expect(res.statusCode).toBe(200)
    const file = await get(`/userQuery/attachment/${res.json().data._id}`, "user")
    expect(file.headers["content-type"]).toBe("image/jpeg")
    expect(file.rawPayload.includes(Buffer.from("GPS"))).toBe(false)
    const plain = (await create("user", { ticketType: "General", query: "No picture." })).json().data
    expect((await get(`/userQuery/attachment/${plain._id}`, "user")).statusCode).toBe(404)
    expect((await get(`/userQuery/attachment/00000000-0000-0000-0000-000000000000`, "admin")).statusCode).toBe(404)
  })

  it.each([
    ["an HTML page named .png", image(htmlPage, "innocent.png"), 400, "image: only PNG, JPEG images are accepted"],
    ["an SVG", image(svgImage, "logo.svg", "image/svg+xml"), 400, "image: only PNG, JPEG images are accepted"],
    ["a PNG with a page appended", image(Buffer.concat([pngImage(), htmlPage]), "x.png"), 400, "image: the file is not a valid PNG image"],
    ["a file over the size limit", image(Buffer.concat([pngImage(), Buffer.alloc(2 * 1024 * 1024)]), "big.png"), 413, "The request is too large."],
    ["two images", [image(pngImage(), "a.png"), image(pngImage(), "b.png")], 400, "image: attach at most one image"],
    ["a file in another field", { ...image(pngImage(), "a.png"), field: "photo" }, 400, "photo: unexpected file"],
  ])("refuses %s, storing neither a file nor a ticket", async (_what, files, status, message) => {
    const [filesBefore, ticketsBefore] = [privateFiles().length, await ticketCount()]
    const res = await create("lawyer", { ticketType: "Technical", query: "See attachment." }, Array.isArray(files) ? files : [files])
    expect(res.statusCode).toBe(status)
    expect(res.json()).toEqual({ success: false, message })
    expect(privateFiles()).toHaveLength(filesBefore)
    expect(await ticketCount()).toBe(ticketsBefore)
  })

  it("names the bad field: missing or unknown ticket type, blank query", async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ query: "Hello" }, /^ticketType: is required$/],
      [{ ticketType: "Billing", query: "Hello" }, /^ticketType: Expected "Technical" \| "General"/],
      [{ ticketType: "General", query: "   " }, /^query: is required$/],
      [{ ticketType: "General", query: "x".repeat(2001) }, /^query: must be at most 2000 characters$/],
    ]
    for (const [fields, message] of cases) {
      const res = await create("lawyer", fields)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(message)
    }
    const json = await server.app.inject({
      method: "POST",
      url: "/api/v1/userQuery/create",
      payload: { ticketType: "General", query: "x" },
      headers: bearer(token.lawyer!),
    })
    expect(json.statusCode).toBe(400)
    expect(json.json().message).toBe("body: must be multipart/form-data")
  })

  it("is refused to the Admin, who answers tickets (403), and to anonymous callers (401); the Editor raises them like every other role", async () => {
    expect((await create("admin", { ticketType: "General", query: "x" })).statusCode).toBe(403)
    expect((await create("editor", { ticketType: "General", query: "Please add the new expert's photo." })).statusCode).toBe(200)
    expect((await create(null, { ticketType: "General", query: "x" })).statusCode).toBe(401)
  })
})

describe("GET /userQuery/get?state= (issue 26)", () => {
  type Listed = { _id: string; status: boolean; createdAt: string }
  const all = async (who: string, state = "") => {
    const first = (await get(`/userQuery/get?limit=100${state ? `&state=${state}` : ""}`, who)).json() as { data: Listed[]; pagination: { total: number } }
    return first
  }
  const closeTicket = (queryId: string) =>
    server.app.inject({ method: "PATCH", url: "/api/v1/userQuery/update", headers: bearer(token.admin!), payload: { queryId } })

  it("keeps the open or the closed tickets only, with totals that follow a close, for the Admin and for a raiser; another state is 400", async () => {
    const everyone = await all("admin")
    const open = await all("admin", "open")
    const closed = await all("admin", "closed")
    expect(open.data.every((t) => !t.status)).toBe(true)
    expect(closed.data.every((t) => t.status)).toBe(true)
    expect(open.pagination.total).toBe(open.data.length)
    expect(closed.pagination.total).toBe(closed.data.length)
    expect(open.pagination.total + closed.pagination.total).toBe(everyone.pagination.total)
    expect(closed.pagination.total).toBeGreaterThan(0)
    expect(open.data.map((t) => t.createdAt)).toEqual(
      open.data
        .map((t) => t.createdAt)
        .sort()
        .reverse(),
    )

    const mine = (await create("lawyer", { ticketType: "General", query: "Filter me by state." })).json().data as { _id: string }
    expect((await all("admin", "open")).pagination.total).toBe(open.pagination.total + 1)
    expect((await all("lawyer", "open")).data.map((t) => t._id)).toContain(mine._id)
    expect((await closeTicket(mine._id)).statusCode).toBe(200)
    expect((await all("admin", "open")).pagination.total).toBe(open.pagination.total)
    expect((await all("admin", "closed")).pagination.total).toBe(closed.pagination.total + 1)
    const lawyerClosed = await all("lawyer", "closed")
    expect(lawyerClosed.data.map((t) => t._id)).toContain(mine._id)
    expect(lawyerClosed.pagination.total).toBe(lawyerClosed.data.length)
    expect((await all("lawyer", "open")).data.map((t) => t._id)).not.toContain(mine._id)

    // Pages of a filtered list read from either end agree with the whole list.
    const pages: string[] = []
    const total = (await all("admin", "closed")).pagination.total
    for (let page = 1; (page - 1) * 3 < total; page++)
      pages.push(...((await get(`/userQuery/get?state=closed&page=${page}&limit=3`, "admin")).json().data as Listed[]).map((t) => t._id))
    expect(pages).toEqual((await all("admin", "closed")).data.map((t) => t._id))

    const bad = await get("/userQuery/get?state=pending", "admin")
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^state:/)
  })

  it("orders the tickets oldest first with sort=createdAt, newest first without it or with -createdAt, page by page from either end; another order is 400", async () => {
    const ids = async (who: string, query: string, limit = 100) =>
      ((await get(`/userQuery/get?limit=${limit}${query}`, who)).json().data as Listed[]).map((t) => t._id)
    const newest = await ids("admin", "")
    expect(newest.length).toBeGreaterThan(3)
    expect(await ids("admin", "&sort=-createdAt")).toEqual(newest)
    expect(await ids("admin", "&sort=createdAt")).toEqual(newest.toReversed())
    // The Admin's pages past the middle are read from the other end, in either order.
    for (const sort of ["createdAt", "-createdAt"]) {
      const paged: string[] = []
      for (let page = 1; (page - 1) * 3 < newest.length; page++) paged.push(...(await ids("admin", `&sort=${sort}&page=${page}`, 3)))
      expect(paged).toEqual(sort === "createdAt" ? newest.toReversed() : newest)
    }
    const lawyers = await ids("lawyer", "")
    expect(await ids("lawyer", "&sort=createdAt&state=open")).toEqual((await ids("lawyer", "&state=open")).toReversed())
    expect(lawyers.length).toBeGreaterThan(0)

    const csv = await server.app.inject({ method: "GET", url: "/api/v1/export/my-tickets?sort=createdAt", headers: bearer(token.admin!) })
    expect(csv.statusCode).toBe(200)
    const numbers = parseCsv(csv.body)
      .slice(1)
      .map((row) => row[0])
    const shown = ((await get("/userQuery/get?limit=100&sort=createdAt", "admin")).json().data as { ticketId: string }[]).map((t) => t.ticketId)
    expect(numbers).toEqual(shown)

    const bad = await get("/userQuery/get?sort=name", "admin")
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^sort:/)
  })

  it("narrows to the tickets raised from `from` (inclusive) to `to` (exclusive), with the state, for the Admin and a raiser, page by page from either end, in the export; a reversed range is 400", async () => {
    const oldest = ((await get("/userQuery/get?limit=100&sort=createdAt", "admin")).json().data as Listed[]).filter(
      (t, i, list) => i === 0 || t.createdAt !== list[i - 1]!.createdAt,
    )
    expect(oldest.length).toBeGreaterThan(6)
    const from = oldest[2]!.createdAt
    const to = oldest[oldest.length - 2]!.createdAt
    const within = (t: Listed) => t.createdAt >= from && t.createdAt < to
    const ranged = async (who: string, query: string, limit = 100) =>
      (await get(`/userQuery/get?limit=${limit}&from=${from}&to=${to}${query}`, who)).json() as { data: Listed[]; pagination: { total: number } }
    const everyone = (await get("/userQuery/get?limit=100", "admin")).json().data as Listed[]
    const shown = await ranged("admin", "")
    expect(shown.data.map((t) => t._id)).toEqual(everyone.filter(within).map((t) => t._id))
    expect(shown.pagination.total).toBe(shown.data.length)
    expect(shown.pagination.total).toBeLessThan(everyone.length)
    const closed = await ranged("admin", "&state=closed")
    expect(closed.data.map((t) => t._id)).toEqual(everyone.filter((t) => within(t) && t.status).map((t) => t._id))
    // Either bound alone.
    expect((await get(`/userQuery/get?limit=100&from=${from}`, "admin")).json().pagination.total).toBe(everyone.filter((t) => t.createdAt >= from).length)
    expect((await get(`/userQuery/get?limit=100&to=${to}`, "admin")).json().pagination.total).toBe(everyone.filter((t) => t.createdAt < to).length)
    // The Admin's pages past the middle are read from the other end: together they are the whole range.
    const paged: string[] = []
    for (let page = 1; (page - 1) * 3 < shown.pagination.total; page++) paged.push(...(await ranged("admin", `&page=${page}`, 3)).data.map((t) => t._id))
    expect(paged).toEqual(shown.data.map((t) => t._id))
    // A raiser's own tickets only.
    const lawyers = (await get("/userQuery/get?limit=100", "lawyer")).json().data as Listed[]
    expect((await ranged("lawyer", "")).data.map((t) => t._id)).toEqual(lawyers.filter(within).map((t) => t._id))

    const csv = await server.app.inject({ method: "GET", url: `/api/v1/export/my-tickets?from=${from}&to=${to}`, headers: bearer(token.admin!) })
    expect(csv.statusCode).toBe(200)
    expect(parseCsv(csv.body).length - 1).toBe(shown.pagination.total)

    for (const [a, b] of [
      [to, from],
      [from, from],
    ]) {
      const refused = await get(`/userQuery/get?from=${a}&to=${b}`, "admin")
      expect(refused.statusCode).toBe(400)
      expect(refused.json().message).toBe("to: must be later than from")
    }
    expect((await get("/userQuery/get?from=yesterday", "admin")).statusCode).toBe(400)
  })

  it("exports the filtered list as the screen shows it", async () => {
    const screen = await all("admin", "closed")
    const csv = await server.app.inject({ method: "GET", url: "/api/v1/export/my-tickets?state=closed", headers: bearer(token.admin!) })
    expect(csv.statusCode).toBe(200)
    expect(parseCsv(csv.body).length - 1).toBe(screen.pagination.total)
  })
})
