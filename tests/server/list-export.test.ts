import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { exportLists } from "../../src/api/contract/list-export.ts"
import { csvCell } from "../../server/services/export/csv.ts"
import { parseCsv } from "./csv-reader.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"

let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
})
afterAll(() => server.close())

const get = (url: string, token: string | null = admin) => server.app.inject({ method: "GET", url: `/api/v1${url}`, headers: token ? bearer(token) : {} })

describe("csvCell", () => {
  it("quotes commas, quotes and line breaks and defuses formulas", () => {
    expect(csvCell("plain")).toBe("plain")
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"')
    expect(csvCell("two\nlines")).toBe('"two\nlines"')
    for (const lead of ["=", "+", "-", "@"]) expect(csvCell(`${lead}1+1`)).toBe(`'${lead}1+1`)
    expect(csvCell("=A1,B1")).toBe(`"'=A1,B1"`)
    expect(csvCell(null)).toBe("")
    expect(csvCell(4)).toBe("4")
  })
})

describe("GET /export/:list (CSV of an Admin list)", () => {
  it("exports every Admin list with its screen's header, one line a row", async () => {
    for (const list of exportLists) {
      const res = await get(`/export/${list}`)
      expect(res.statusCode, list).toBe(200)
      expect(res.headers["content-type"]).toContain("text/csv")
      expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/)
      const rows = parseCsv(res.body)
      // The gallery's cards are an image and its date; every other list has more columns.
      expect(rows[0]!.length, list).toBeGreaterThanOrEqual(2)
      for (const r of rows) expect(r.length, `${list}: ${r.join("|")}`).toBe(rows[0]!.length)
    }
  })

  it("exports All Sessions with the screen's columns, the session's date included", async () => {
    const rows = parseCsv((await get("/export/all-sessions")).body)
    expect(rows[0]).toEqual(["Name", "Email", "Number", "Date | Time", "Counsellor", "Counsellor Role", "Status", "State"])
    const first = (await get("/counselling/fetch?page=1&limit=1")).json().data.counsellingSessions[0]
    expect(rows[1]![3]).toBe(first.dateTime)
    expect(rows[1]![7]).toBe("Scheduled")
  })

  it("exports All Sessions in the order the screen shows, by session date when sorted; a people list's order is its own, an unknown one 400", async () => {
    for (const sort of ["dateTime", "-dateTime"]) {
      const dates = parseCsv((await get(`/export/all-sessions?sort=${sort}`)).body)
        .slice(1)
        .map((r) => Date.parse(r[3]!))
      expect(dates.length).toBeGreaterThan(10)
      const ordered = [...dates].sort((a, b) => (sort === "dateTime" ? a - b : b - a))
      expect(dates, sort).toEqual(ordered)
    }
    expect((await get("/export/all-sessions?sort=name")).body).toBe((await get("/export/all-sessions")).body)
    const unknown = await get("/export/all-sessions?sort=email")
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toMatch(/^sort:/)
  })

  it("exports a review list with its Role filter: that role's vendors only, as many as the screen counts", async () => {
    const screen = (await get("/user/allUsers/temp?page=1&limit=1&role=Counsellor")).json()
    expect(screen.totalRecords).toBeGreaterThan(0)
    const rows = parseCsv((await get("/export/temp-approve-vendors?role=Counsellor")).body).slice(1)
    expect(rows).toHaveLength(screen.totalRecords)
    expect(new Set(rows.map((r) => r[3]))).toEqual(new Set(["Counsellor"]))
    // A list without a Role filter ignores it; a role no review list has is 400.
    expect((await get("/export/lawyer?role=Counsellor")).body).toBe((await get("/export/lawyer")).body)
    expect((await get("/export/temp-approve-vendors?role=Admin")).statusCode).toBe(400)
  })

  it("exports a people list in the order the screen shows: by name either way, or oldest first", async () => {
    const namesOf = async (sort: string) => parseCsv((await get(`/export/lawyer?sort=${sort}`)).body).slice(1)
    const screen = async (sort: string) => ((await get(`/user/Lawyer?page=1&limit=100&sort=${sort}`)).json().data as { email: string }[]).map((r) => r.email)
    for (const sort of ["name", "-name", "createdAt"]) {
      const rows = await namesOf(sort)
      expect(rows.length, sort).toBeGreaterThan(3)
      expect(
        rows.map((r) => r[1]),
        sort,
      ).toEqual(await screen(sort))
    }
    expect((await namesOf("-name")).map((r) => r[1])).toEqual((await namesOf("name")).map((r) => r[1]).reverse())
  })

  it("exports all pages, not the visible one, with the same count the screen's list reports", async () => {
    const users = (await get("/user/User?page=1&limit=10")).json()
    expect(users.totalRecords).toBeGreaterThan(10)
    const rows = parseCsv((await get("/export/user")).body)
    expect(rows[0]).toEqual(["Name", "Email", "Number", "Role", "Date | Time", "Status", "Organization"])
    expect(rows.length - 1).toBe(users.totalRecords)
    expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(users.totalRecords)
    const tickets = (await get("/userQuery/get?page=1&limit=10")).json()
    expect(parseCsv((await get("/export/my-tickets")).body).length - 1).toBe(tickets.pagination.total)
  })

  it("applies the list's current search", async () => {
    const page = (await get("/user/Lawyer?page=1&limit=1")).json()
    const lawyer = page.data[0]
    const rows = parseCsv((await get(`/export/lawyer?search=${encodeURIComponent(lawyer.email)}`)).body)
    expect(rows.slice(1).map((r) => r[1])).toEqual([lawyer.email])
    expect(parseCsv((await get("/export/lawyer?search=zz-no-such-person")).body)).toHaveLength(1)
  })

  it("keeps hostile cells as text: quotes, commas, line breaks and formulas survive a round trip", async () => {
    const hostile = {
      name: '=HYPERLINK("http://evil","x")',
      email: "csv@example.com",
      number: "+91 98765 43210",
      city: 'Pune, "West"',
      state: "-2+3",
      message: "line one\nline two",
    }
    const created = await server.app.inject({ method: "POST", url: "/api/v1/contact/create", payload: hostile })
    expect(created.statusCode).toBe(200)
    const res = await get("/export/enquiries?search=csv%40example.com")
    const rows = parseCsv(res.body)
    expect(rows).toHaveLength(2)
    expect(rows[1]!.slice(0, 5)).toEqual([`'${hostile.name}`, hostile.email, `'${hostile.number}`, hostile.city, `'${hostile.state}`])
    expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m)
  })

  it("is the Admin's only: 401 without a session, 403 for other roles, 400 naming an unknown list", async () => {
    expect((await get("/export/user", null)).statusCode).toBe(401)
    const editor = await server.login("editor@demo.test")
    expect((await get("/export/user", editor)).statusCode).toBe(403)
    const unknown = await get("/export/passwords")
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toMatch(/list/)
  })
})
