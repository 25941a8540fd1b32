import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { eventsOf, libraryEntryOf, publicFiles, sendForm, storedName } from "./content-helpers.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { pngFile } from "./multipart.ts"

let server: TestServer
let editor: string
beforeAll(async () => {
  server = await startTestServer()
  editor = await server.login("editor@demo.test")
})
afterAll(() => server.close())

const kinds = [
  {
    name: "experts",
    base: "/expert/auth",
    publicPath: "/public/experts",
    entity: "expert",
    noun: "Expert",
    image: "avatar",
    create: { name: "Dr. Test Expert", designation: "Counsellor" },
    change: { designation: "Senior Counsellor" },
    missing: ["designation", { name: "Only name" }],
  },
  {
    name: "testimonials",
    base: "/testimonial/auth",
    publicPath: "/public/testimonials",
    entity: "testimonial",
    noun: "Testimonial",
    image: "avatar",
    create: { name: "Happy Client", summery: "Lovely sessions." },
    change: { summery: "Even better now." },
    missing: ["summery", { name: "No quote" }],
  },
  {
    name: "press",
    base: "/press-and-recognition/auth",
    publicPath: "/public/press",
    entity: "press",
    noun: "Press Release & Recognition",
    image: "thumbnail",
    create: { link: "https://news.example.com/story", type: "Press Release" },
    change: { type: "Recognition" },
    missing: ["type", { link: "https://news.example.com/x" }],
  },
] as const

const get = (url: string, token: string | null = editor) => server.app.inject({ method: "GET", url: `/api/v1${url}`, headers: token ? bearer(token) : {} })

describe.each(kinds)("$name", (kind) => {
  it("adds with the image, lists it first with pagination.total, and logs the event", async () => {
    const before = (await get(`${kind.base}/get?page=1&limit=100`)).json().pagination.total
    const res = await sendForm(server, editor, "POST", `${kind.base}/add`, kind.create, [pngFile(kind.image)])
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe(`${kind.noun} added successfully!`)
    const item = res.json().data
    expect(item).toMatchObject(kind.create)
    expect(item[kind.image]).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/)
    const list = (await get(`${kind.base}/get?page=1&limit=100`)).json()
    expect(list.pagination.total).toBe(before + 1)
    // The console's list and the public read both carry the library's picture of the image: its dimensions and srcset values.
    const pictured = { ...item, picture: expect.objectContaining({ width: 24, height: 16 }) }
    expect(list.data[0]).toEqual(pictured)
    expect((await get(`${kind.publicPath}?limit=1`, null)).json().data[0]).toEqual(pictured)
    expect((await eventsOf(server, item._id)).map((e) => [e.entity_type, e.type])).toEqual([[kind.entity, `${kind.entity}.created`]])
  })

  it("requires every field and the image on add", async () => {
    const [field, partial] = kind.missing
    const res = await sendForm(server, editor, "POST", `${kind.base}/add`, partial, [pngFile(kind.image)])
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(`${field}: is required`)
    const noImage = await sendForm(server, editor, "POST", `${kind.base}/add`, kind.create)
    expect(noImage.json().message).toBe(`${kind.image}: is required`)
  })

  it("updates fields without an image, then replaces the image and keeps the old one in the media library", async () => {
    const item = (await sendForm(server, editor, "POST", `${kind.base}/add`, kind.create, [pngFile(kind.image)])).json().data
    const textOnly = await sendForm(server, editor, "PATCH", `${kind.base}/update/${item._id}`, kind.change)
    expect(textOnly.statusCode).toBe(200)
    expect(textOnly.json()).toMatchObject({ message: `${kind.noun} updated successfully!`, data: { ...kind.change, [kind.image]: item[kind.image] } })
    const withImage = (await sendForm(server, editor, "PATCH", `${kind.base}/update/${item._id}`, {}, [pngFile(kind.image, 9)])).json().data
    expect(withImage[kind.image]).not.toBe(item[kind.image])
    // Kept: every upload joins the media library, which keeps it until it is deleted there.
    expect(publicFiles(server)).toContain(storedName(item[kind.image]))
    expect(await libraryEntryOf(server, item[kind.image])).toBeDefined()
    const events = await eventsOf(server, item._id)
    expect(events.map((e) => e.type)).toEqual([`${kind.entity}.created`, `${kind.entity}.updated`, `${kind.entity}.updated`])
    // An update carries the fields it changed: their old values before, their new ones after.
    const created = kind.create as Record<string, string>
    expect(events[1]).toMatchObject({ before: Object.fromEntries(Object.keys(kind.change).map((k) => [k, created[k]])), after: kind.change })
  })

  it("deletes the item (its image stays in the media library), and answers 404 for an unknown one", async () => {
    const item = (await sendForm(server, editor, "POST", `${kind.base}/add`, kind.create, [pngFile(kind.image)])).json().data
    const res = await server.app.inject({ method: "DELETE", url: `/api/v1${kind.base}/delete/${item._id}`, headers: bearer(editor) })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe(`${kind.noun} deleted successfully.`)
    // Kept: every upload joins the media library, which keeps it until it is deleted there.
    expect(publicFiles(server)).toContain(storedName(item[kind.image]))
    expect(await libraryEntryOf(server, item[kind.image])).toBeDefined()
    expect((await eventsOf(server, item._id)).at(-1)?.type).toBe(`${kind.entity}.deleted`)
    const again = await server.app.inject({ method: "DELETE", url: `/api/v1${kind.base}/delete/${item._id}`, headers: bearer(editor) })
    expect(again.statusCode).toBe(404)
    expect(again.json().message).toBe(`${kind.noun} not found.`)
  })
})

describe("press validation", () => {
  it.each([
    [{ link: "javascript:alert(1)", type: "Press Release" }, /^link: must be a web address/],
    [{ link: "https://x.example", type: "Award" }, /^type: Expected "Press Release" \| "Recognition"/],
  ])("refuses %j", async (fields, message) => {
    const res = await sendForm(server, editor, "POST", "/press-and-recognition/auth/add", fields, [pngFile("thumbnail")])
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(message)
  })
})

describe("gallery", () => {
  it("adds an image, lists it with pagination.total, deletes it with events", async () => {
    const seeded = (await get("/gallery/get?page=1&limit=100")).json().pagination.total
    expect(seeded).toBeGreaterThan(10)
    const res = await sendForm(server, editor, "POST", "/gallery/add", {}, [pngFile("image")])
    expect(res.statusCode).toBe(200)
    const item = res.json().data
    expect((await get("/gallery/get?limit=100")).json().pagination.total).toBe(seeded + 1)
    expect((await get("/public/gallery?limit=1", null)).json().data[0]).toEqual({ ...item, picture: expect.objectContaining({ width: 24, height: 16 }) })
    const del = await server.app.inject({ method: "DELETE", url: `/api/v1/gallery/delete/${item._id}`, headers: bearer(editor) })
    expect(del.statusCode).toBe(200)
    // Kept: every upload joins the media library, which keeps it until it is deleted there.
    expect(publicFiles(server)).toContain(storedName(item.image))
    expect(await libraryEntryOf(server, item.image)).toBeDefined()
    expect((await eventsOf(server, item._id)).map((e) => e.type)).toEqual(["gallery.created", "gallery.deleted"])
    const noFile = await sendForm(server, editor, "POST", "/gallery/add", {})
    expect(noFile.statusCode).toBe(400)
    expect(noFile.json().message).toBe("image: is required")
  })
})

describe("demo content", () => {
  it("has more than 10 of everything, each image stored and served", async () => {
    for (const url of ["/blog/get", "/gallery/get", "/expert/auth/get", "/testimonial/auth/get", "/press-and-recognition/auth/get"]) {
      const list = (await get(`${url}?page=1&limit=100`)).json()
      expect(list.pagination.total, url).toBeGreaterThan(10)
      const first = list.data[0]
      const image = first.image ?? first.avatar ?? first.thumbnail
      expect((await server.app.inject({ method: "GET", url: image })).statusCode, url).toBe(200)
    }
  })
})
