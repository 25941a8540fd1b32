import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sendForm } from "./content-helpers.ts"
import { parseCsv } from "./csv-reader.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { pngFile } from "./multipart.ts"

/** The content screens shown as cards export like the Admin's table lists: every item, the card's texts, whole image addresses. */
let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
})
afterAll(() => server.close())

const get = (url: string, token: string | null = admin) => server.app.inject({ method: "GET", url: `/api/v1${url}`, headers: token ? bearer(token) : {} })
const origin = "http://console.test"

type Item = Record<string, string>
const cardLists: Array<{ list: string; listUrl: string; header: string[]; row: (item: Item) => string[] }> = [
  { list: "gallery", listUrl: "/gallery/get", header: ["Image", "Added"], row: (g) => [origin + g.image, g.createdAt!] },
  {
    list: "testimonials",
    listUrl: "/testimonial/auth/get",
    header: ["Name", "Testimonial", "Avatar", "Added"],
    row: (t) => [t.name!, t.summery!, origin + t.avatar, t.createdAt!],
  },
  {
    list: "experts",
    listUrl: "/expert/auth/get",
    header: ["Name", "Designation", "Avatar", "Added"],
    row: (e) => [e.name!, e.designation!, origin + e.avatar, e.createdAt!],
  },
  {
    list: "press-release-and-recognition",
    listUrl: "/press-and-recognition/auth/get",
    header: ["Type", "Link", "Thumbnail", "Added"],
    row: (p) => [p.type!, p.link!, origin + p.thumbnail, p.createdAt!],
  },
]

describe("GET /export/:list for the card screens", () => {
  it("exports every card of each screen, in the screen's order, with its texts and image address", async () => {
    for (const { list, listUrl, header, row } of cardLists) {
      const shown = (await get(`${listUrl}?page=1&limit=100`)).json() as { data: Item[]; pagination: { total: number } }
      expect(shown.pagination.total, list).toBeGreaterThan(0)
      expect(shown.pagination.total, `${list} fits one screen page, so the list call names every item`).toBeLessThanOrEqual(100)
      const res = await get(`/export/${list}`)
      expect(res.statusCode, list).toBe(200)
      expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/)
      expect(parseCsv(res.body), list).toEqual([header, ...shown.data.map(row)])
    }
  })

  it("exports past the screen's newest 100, and keeps a card's hostile texts as text", async () => {
    const hostile = { name: '=HYPERLINK("http://evil","x")', designation: 'Head, "Wellness"\nand more' }
    expect((await sendForm(server, admin, "POST", "/expert/auth/add", hostile, [pngFile("avatar")])).statusCode).toBe(200)
    const before = (await get("/expert/auth/get?page=1&limit=1")).json().pagination.total as number
    for (let i = before; i < 101; i++) {
      expect(
        (await sendForm(server, admin, "POST", "/expert/auth/add", { name: `Expert ${i}`, designation: "Filler" }, [pngFile("avatar", i % 10)])).statusCode,
      ).toBe(200)
    }
    const rows = parseCsv((await get("/export/experts")).body).slice(1)
    expect(rows).toHaveLength(Math.max(before, 101))
    expect(rows.filter((r) => r[0] === `'${hostile.name}` && r[1] === hostile.designation)).toHaveLength(1)
    for (const r of rows) expect(r[2]).toMatch(/^http:\/\/console\.test\/uploads\/[a-f0-9]{32}\.png$/)
  })

  it("is the Admin's only: 401 without a session, 403 for the Editor (who manages the cards) and for other roles", async () => {
    const others = await Promise.all(["editor@demo.test", "lawyer@demo.test", "user@demo.test"].map((email) => server.login(email)))
    for (const { list } of cardLists) {
      expect((await get(`/export/${list}`, null)).statusCode, list).toBe(401)
      for (const token of others) expect((await get(`/export/${list}`, token)).statusCode, list).toBe(403)
    }
  })
})
