import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { eventsOf, libraryEntryOf, publicFiles, sendForm, storedName } from "./content-helpers.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { pngFile } from "./multipart.ts"
import { explainRefusals } from "./openapi-validator.ts"
import { nameOrderKey } from "../fixtures/name-order.ts"
// Refusals of requests the API document calls valid, provoked here on purpose, with what explains each.
explainRefusals([["about: is required", "the body holds no text once unsafe markup is removed (stated in the form's description)"]])

let server: TestServer
let editor: string
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  editor = await server.login("editor@demo.test")
  admin = await server.login("admin@demo.test")
})
afterAll(() => server.close())

const blogFields = (name: string) => ({
  blogName: name,
  title: `${name} title`,
  keyword: "yoga, breathing",
  description: "A short description.",
  about: '<p>Hello <span style="color:red">red</span> <strong>bold</strong></p>',
})
const create = (name: string, token = editor) => sendForm(server, token, "POST", "/blog/create", blogFields(name), [pngFile("image")])
const get = (url: string, token: string | null = editor) => server.app.inject({ method: "GET", url: `/api/v1${url}`, headers: token ? bearer(token) : {} })

describe("POST /blog/create", () => {
  it("stores the blog with a slug, a public image, status published, and a blog.created event", async () => {
    const res = await create("Mindful Mornings at Home")
    expect(res.statusCode).toBe(200)
    const { message, data } = res.json()
    expect(message).toBe("Blog added successfully!")
    expect(data).toMatchObject({ blogName: "Mindful Mornings at Home", slug: "mindful-mornings-at-home", status: true, keyword: "yoga, breathing" })
    expect(data.about).toBe('<p>Hello <span style="color:red">red</span> <strong>bold</strong></p>')
    expect(data.image).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/)
    const image = await server.app.inject({ method: "GET", url: data.image })
    expect(image.statusCode).toBe(200)
    expect(image.headers["content-type"]).toBe("image/png")
    expect(image.headers["x-content-type-options"]).toBe("nosniff")
    const events = await eventsOf(server, data._id)
    expect(events.map((e) => e.type)).toEqual(["blog.created"])
    expect(events[0]).toMatchObject({ entity_type: "blog", after: expect.objectContaining({ slug: "mindful-mornings-at-home" }) })
  })

  it("keeps slugs unique with -2, -3 … and makes them from the name", async () => {
    const slugs = []
    for (let i = 0; i < 3; i++) slugs.push((await create("Ça va? Yoga & Tea!")).json().data.slug)
    expect(slugs).toEqual(["ca-va-yoga-tea", "ca-va-yoga-tea-2", "ca-va-yoga-tea-3"])
    // A name whose own slug looks like a suffixed one does not take a number already used.
    expect((await create("Ca va yoga tea 2")).json().data.slug).toBe("ca-va-yoga-tea-2-2")
  })

  it("names the missing field and requires the image", async () => {
    const { blogName: _omit, ...rest } = blogFields("x")
    const noName = await sendForm(server, editor, "POST", "/blog/create", rest, [pngFile("image")])
    expect(noName.statusCode).toBe(400)
    expect(noName.json().message).toBe("blogName: is required")
    const noImage = await sendForm(server, editor, "POST", "/blog/create", blogFields("No image"))
    expect(noImage.statusCode).toBe(400)
    expect(noImage.json().message).toBe("image: is required")
    const stray = await sendForm(server, editor, "POST", "/blog/create", blogFields("Stray"), [pngFile("photo")])
    expect(stray.json().message).toMatch(/^photo: unexpected file/)
  })

  it("refuses a body that sanitising leaves empty", async () => {
    const res = await sendForm(server, editor, "POST", "/blog/create", { ...blogFields("Only script"), about: "<script>alert(1)</script>" }, [pngFile("image")])
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe("about: is required")
  })

  it("answers 400 when the body is not multipart", async () => {
    const res = await server.app.inject({ method: "POST", url: "/api/v1/blog/create", payload: blogFields("json"), headers: bearer(editor) })
    expect(res.statusCode).toBe(400)
  })
})

describe("GET /blog/get and /blog/getDetails/:id", () => {
  it("lists newest first with pagination.total and pages", async () => {
    const all = (await get("/blog/get?page=1&limit=100")).json()
    expect(all.success).toBe(true)
    expect(all.pagination.total).toBeGreaterThan(10)
    expect(all.data).toHaveLength(all.pagination.total)
    const times = all.data.map((b: { createdAt: string }) => b.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
    const second = (await get("/blog/get?page=2&limit=10")).json()
    expect(second.pagination).toEqual({ total: all.pagination.total, page: 2, limit: 10, totalPages: Math.ceil(all.pagination.total / 10) })
    expect(second.data[0]._id).toBe(all.data[10]._id)
    expect((await get("/blog/get?limit=1")).json().data).toHaveLength(1)
  })

  it("answers details as an array, 404 for an unknown id, 400 for a bad page", async () => {
    const first = (await get("/blog/get?limit=1")).json().data[0]
    const details = (await get(`/blog/getDetails/${first._id}`)).json()
    expect(details).toEqual({ success: true, data: [first] })
    expect((await get("/blog/getDetails/nope")).statusCode).toBe(404)
    const bad = await get("/blog/get?page=0")
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^page:/)
  })
})

describe("GET /blog/get?sort=&status= (issue 26)", () => {
  type Listed = { _id: string; blogName: string; createdAt: string; status: boolean }
  const rows = async (query: string) => (await get(`/blog/get?limit=100${query}`)).json().data as Listed[]
  const ids = (list: Listed[]) => list.map((b) => b._id)

  it("orders by name either way (letter case ignored) or by date either way, the same on every page; another order is 400", async () => {
    const byName = await rows("&sort=blogName")
    expect(byName.length).toBeGreaterThan(10)
    expect(byName.every((b, i) => i === 0 || nameOrderKey(byName[i - 1]!.blogName) <= nameOrderKey(b.blogName))).toBe(true)
    expect(ids(await rows("&sort=-blogName"))).toEqual(ids(byName).toReversed())
    const paged: Listed[] = []
    for (let page = 1; (page - 1) * 4 < byName.length; page++)
      paged.push(...((await get(`/blog/get?limit=4&page=${page}&sort=blogName`)).json().data as Listed[]))
    expect(ids(paged)).toEqual(ids(byName))
    const newest = await rows("")
    expect(ids(await rows("&sort=-createdAt"))).toEqual(ids(newest))
    const oldest = await rows("&sort=createdAt")
    expect(oldest.every((b, i) => i === 0 || Date.parse(oldest[i - 1]!.createdAt) <= Date.parse(b.createdAt))).toBe(true)
    const bad = await get("/blog/get?sort=slug")
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^sort:/)
  })

  it("keeps the Active or the Inactive blogs only, with their total, following a status change; another status is 400", async () => {
    const all = (await get("/blog/get?limit=100")).json()
    const active = (await get("/blog/get?limit=100&status=active")).json()
    const inactive = (await get("/blog/get?limit=100&status=inactive")).json()
    expect(active.data.every((b: Listed) => b.status)).toBe(true)
    expect(inactive.data.every((b: Listed) => !b.status)).toBe(true)
    expect(active.pagination.total + inactive.pagination.total).toBe(all.pagination.total)
    const target = active.data[0] as Listed
    const off = await server.app.inject({
      method: "PATCH",
      url: `/api/v1/blog/updateBlogStatus/${target._id}`,
      headers: bearer(editor),
      payload: { status: false },
    })
    expect(off.statusCode).toBe(200)
    expect(ids(await rows("&status=inactive"))).toContain(target._id)
    expect(ids(await rows("&status=active"))).not.toContain(target._id)
    // Filter and order together, and the CSV as the screen shows it.
    const inactiveByName = await rows("&status=inactive&sort=-blogName")
    expect(new Set(ids(inactiveByName))).toEqual(new Set(ids(await rows("&status=inactive"))))
    const csv = await server.app.inject({ method: "GET", url: "/api/v1/export/blogs?status=inactive&sort=-blogName", headers: bearer(admin) })
    expect(csv.statusCode).toBe(200)
    const names = csv.body
      .trim()
      .split("\n")
      .slice(1)
      .map((line) => line.split(",")[0]!.replace(/^"|"$/g, ""))
    expect(names).toEqual(inactiveByName.map((b) => b.blogName))
    await server.app.inject({ method: "PATCH", url: `/api/v1/blog/updateBlogStatus/${target._id}`, headers: bearer(editor), payload: { status: true } })
    const bad = await get("/blog/get?status=draft")
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^status:/)
  })
})

describe("PATCH /blog/update/:id", () => {
  it("changes only the sent fields, replaces the image and keeps the old one in the media library", async () => {
    const blog = (await create("Update Me Please")).json().data
    const res = await sendForm(server, admin, "PATCH", `/blog/update/${blog._id}`, { title: "New title" }, [pngFile("image", 7)])
    expect(res.statusCode).toBe(200)
    const updated = res.json().data
    expect(res.json().message).toBe("Blog updated successfully!")
    expect(updated).toMatchObject({ title: "New title", blogName: "Update Me Please", slug: blog.slug, about: blog.about })
    expect(updated.image).not.toBe(blog.image)
    expect(publicFiles(server)).toContain(storedName(updated.image))
    // Kept: every upload joins the media library, which keeps it until it is deleted there.
    expect(publicFiles(server)).toContain(storedName(blog.image))
    expect(await libraryEntryOf(server, blog.image)).toBeDefined()
    const events = await eventsOf(server, blog._id)
    expect(events.map((e) => e.type)).toEqual(["blog.created", "blog.updated"])
    expect(events[1]).toMatchObject({
      before: expect.objectContaining({ title: "Update Me Please title" }),
      after: expect.objectContaining({ title: "New title" }),
    })
  })

  it("keeps the image when none is sent and gives a renamed blog a fresh unique slug", async () => {
    const blog = (await create("Rename Source")).json().data
    await create("Rename Target")
    const updated = (await sendForm(server, editor, "PATCH", `/blog/update/${blog._id}`, { blogName: "Rename Target" })).json().data
    expect(updated.slug).toBe("rename-target-2")
    expect(updated.image).toBe(blog.image)
    const same = (await sendForm(server, editor, "PATCH", `/blog/update/${blog._id}`, { blogName: "Rename Target" })).json().data
    expect(same.slug).toBe("rename-target-2")
  })

  it("answers 404 for an unknown blog and leaves no file behind", async () => {
    const before = publicFiles(server)
    const res = await sendForm(server, editor, "PATCH", "/blog/update/unknown", { title: "x" }, [pngFile("image")])
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe("Blog not found.")
    expect(publicFiles(server)).toEqual(before)
  })
})

describe("PATCH /blog/updateBlogStatus/:id and DELETE /blog/delete/:id", () => {
  it("flips the status with a blog.statusChanged event", async () => {
    const blog = (await create("Status Blog")).json().data
    const res = await server.app.inject({
      method: "PATCH",
      url: `/api/v1/blog/updateBlogStatus/${blog._id}`,
      payload: { status: false },
      headers: bearer(editor),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.status).toBe(false)
    const events = await eventsOf(server, blog._id)
    expect(events.at(-1)).toMatchObject({ type: "blog.statusChanged", before: { status: true }, after: { status: false } })
    const bad = await server.app.inject({
      method: "PATCH",
      url: `/api/v1/blog/updateBlogStatus/${blog._id}`,
      payload: { status: "yes" },
      headers: bearer(editor),
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^status:/)
  })

  it("deletes the blog (its image stays in the media library), with a blog.deleted event", async () => {
    const blog = (await create("Delete Me")).json().data
    const res = await server.app.inject({ method: "DELETE", url: `/api/v1/blog/delete/${blog._id}`, headers: bearer(editor) })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe("Blog deleted successfully.")
    // Kept: every upload joins the media library, which keeps it until it is deleted there.
    expect(publicFiles(server)).toContain(storedName(blog.image))
    expect(await libraryEntryOf(server, blog.image)).toBeDefined()
    expect((await get(`/blog/getDetails/${blog._id}`)).statusCode).toBe(404)
    expect((await eventsOf(server, blog._id)).at(-1)).toMatchObject({ type: "blog.deleted", before: expect.objectContaining({ slug: "delete-me" }) })
    const again = await server.app.inject({ method: "DELETE", url: `/api/v1/blog/delete/${blog._id}`, headers: bearer(editor) })
    expect(again.statusCode).toBe(404)
  })
})

describe("public blog reads", () => {
  it("lists only published blogs without a token and finds one by slug", async () => {
    const hidden = (await create("Hidden Draft")).json().data
    await server.app.inject({ method: "PATCH", url: `/api/v1/blog/updateBlogStatus/${hidden._id}`, payload: { status: false }, headers: bearer(editor) })
    const list = (await get("/public/blogs?limit=100", null)).json()
    expect(list.data.length).toBeGreaterThan(0)
    expect(list.data.every((b: { status: boolean }) => b.status)).toBe(true)
    expect(list.data.map((b: { slug: string }) => b.slug)).not.toContain("hidden-draft")
    const one = list.data[0]
    expect((await get(`/public/blogs/${one.slug}`, null)).json()).toEqual({ success: true, data: one })
    expect((await get("/public/blogs/hidden-draft", null)).statusCode).toBe(404)
    expect((await get("/public/blogs/NOT%20A%20SLUG", null)).statusCode).toBe(400)
  })
})
