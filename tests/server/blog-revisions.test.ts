import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { REVISION_NOT_FOUND, REVISION_RESTORED } from "../../src/api/contract/blogs/blog-revisions.ts"
import { eventsOf, sendForm } from "./content-helpers.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { pngFile } from "./multipart.ts"

let server: TestServer
let editor: string
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  editor = await server.login("editor@demo.test")
  admin = await server.login("admin@demo.test")
})
afterAll(() => server.close())

const call = (method: "GET" | "POST", url: string, token: string | null = editor) =>
  server.app.inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {} })

async function blogWithThreeRevisions() {
  const created = await sendForm(
    server,
    editor,
    "POST",
    "/blog/create",
    { blogName: "Revision Walks", title: "First title", keyword: "walks", description: "One.", about: "<p>The first body.</p>" },
    [pngFile("image")],
  )
  const id = created.json().data._id as string
  expect((await sendForm(server, admin, "PATCH", `/blog/update/${id}`, { title: "Second title", about: "<p>The second body.</p>" })).statusCode).toBe(200)
  expect(
    (await server.app.inject({ method: "PATCH", url: `/api/v1/blog/updateBlogStatus/${id}`, headers: bearer(editor), payload: { status: false } })).statusCode,
  ).toBe(200)
  return id
}

describe("a blog's revisions (issue 28)", () => {
  it("lists the blog after each change, newest first, with who and when, read back from the event log", async () => {
    const id = await blogWithThreeRevisions()
    const res = await call("GET", `/blog/revisions/${id}`)
    expect(res.statusCode).toBe(200)
    const list = res.json().data as Array<{ id: string; change: string; title: string; by: string; current: boolean; at: string }>
    expect(list.map((r) => [r.change, r.title, r.by, r.current])).toEqual([
      ["Unpublished", "Second title", "Eshan Editor", true],
      ["Updated", "Second title", "Asha Admin", false],
      ["Created", "First title", "Eshan Editor", false],
    ])
    // Each revision is one of the log's events.
    const events = await eventsOf(server, id)
    expect(list.map((r) => r.id).toReversed()).toEqual(events.map((e) => String(e.id)))

    const first = (await call("GET", `/blog/revisions/${id}/${list[2]!.id}`)).json().data
    expect(first).toMatchObject({
      title: "First title",
      about: "<p>The first body.</p>",
      aboutText: "The first body.",
      status: true,
      blogName: "Revision Walks",
    })
    expect(first.image).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/)
    const latest = (await call("GET", `/blog/revisions/${id}/${list[0]!.id}`, admin)).json().data
    expect(latest).toMatchObject({ title: "Second title", aboutText: "The second body.", status: false })
  })

  it("restores a revision's exact text as a new revision, keeping the image", async () => {
    const id = await blogWithThreeRevisions()
    const list = (await call("GET", `/blog/revisions/${id}`)).json().data as Array<{ id: string }>
    const before = (await call("GET", `/blog/getDetails/${id}`)).json().data[0]
    const restored = await call("POST", `/blog/revisions/${id}/${list[2]!.id}/restore`)
    expect(restored.statusCode).toBe(200)
    expect(restored.json()).toMatchObject({ message: REVISION_RESTORED, data: { title: "First title", about: "<p>The first body.</p>", image: before.image } })
    const after = (await call("GET", `/blog/revisions/${id}`)).json().data as Array<{ change: string; title: string; current: boolean }>
    expect(after).toHaveLength(4)
    expect(after[0]).toMatchObject({ change: "Updated", title: "First title", current: true })
    // The blog as it was then, byte for byte, in the text it holds.
    const now = (await call("GET", `/blog/revisions/${id}/${(after[0] as unknown as { id: string }).id}`)).json().data
    const then = (await call("GET", `/blog/revisions/${id}/${list[2]!.id}`)).json().data
    for (const field of ["blogName", "title", "keyword", "description", "about"]) expect(now[field], field).toBe(then[field])
  })

  it("names a blog whose creation the log does not hold (written before the log) by its first recorded state", async () => {
    const row = {
      id: "pre-log-blog",
      blog_name: "Old Notes",
      title: "Old title",
      keyword: "old",
      description: "Old.",
      about: "<p>Old body.</p>",
      image: "old.png",
      slug: "old-notes",
      status: true,
    }
    await server.db.insertInto("blogs").values(row).execute()
    expect((await call("GET", `/blog/revisions/${row.id}`)).json().data).toEqual([
      { id: "initial", at: null, by: null, change: "As first recorded", title: "Old title", current: true },
    ])
    expect((await sendForm(server, admin, "PATCH", `/blog/update/${row.id}`, { title: "New title" })).statusCode).toBe(200)
    const list = (await call("GET", `/blog/revisions/${row.id}`)).json().data as Array<{ id: string; change: string; title: string }>
    expect(list.map((r) => [r.change, r.title])).toEqual([
      ["Updated", "New title"],
      ["As first recorded", "Old title"],
    ])
    expect((await call("GET", `/blog/revisions/${row.id}/initial`)).json().data).toMatchObject({ title: "Old title", aboutText: "Old body." })
  })

  it("answers 404 for an unknown blog or revision, and only Admins and Editors may ask", async () => {
    const id = await blogWithThreeRevisions()
    const unknownBlog = await call("GET", "/blog/revisions/no-such-blog")
    expect(unknownBlog.statusCode).toBe(404)
    const unknownRevision = await call("POST", `/blog/revisions/${id}/999999999/restore`)
    expect(unknownRevision.statusCode).toBe(404)
    expect(unknownRevision.json().message).toBe(REVISION_NOT_FOUND)
    const vendor = await server.login("counsellor@demo.test")
    expect((await call("GET", `/blog/revisions/${id}`, vendor)).statusCode).toBe(403)
    expect((await call("POST", `/blog/revisions/${id}/initial/restore`, vendor)).statusCode).toBe(403)
    expect((await call("GET", `/blog/revisions/${id}`, null)).statusCode).toBe(401)
  })
})
