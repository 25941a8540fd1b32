import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bearer, startTestServer, type TestServer } from "./harness.ts"

/**
 * Issue 28: a content form's text is saved as a draft while it is typed, per person and form, may be
 * incomplete, is offered back in any browser, and is removed once published or discarded.
 */
let server: TestServer
let editor: string
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  editor = await server.login("editor@demo.test")
  admin = await server.login("admin@demo.test")
})
afterAll(() => server.close())

const call = (method: "GET" | "PUT" | "DELETE", url: string, token: string, payload?: object) =>
  server.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })
const key = (k: string) => encodeURIComponent(k)

describe("drafts", () => {
  it("keeps an incomplete draft per person and form, replaced at each save, listed with its title", async () => {
    expect((await call("GET", `/drafts/${key("blog:new")}`, editor)).json()).toEqual({ success: true, data: null })
    const first = await call("PUT", `/drafts/${key("blog:new")}`, editor, { values: { title: "Five habits", about: "<p>Sleep</p>" } })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ success: true, message: "Draft saved.", data: { key: "blog:new" } })
    await call("PUT", `/drafts/${key("blog:new")}`, editor, { values: { title: "Five habits of calm", about: "<p>Sleep early</p>", blogName: "" } })
    const draft = (await call("GET", `/drafts/${key("blog:new")}`, editor)).json().data
    expect(draft.values).toEqual({ title: "Five habits of calm", about: "<p>Sleep early</p>", blogName: "" })
    // Another person's drafts are their own.
    expect((await call("GET", `/drafts/${key("blog:new")}`, admin)).json().data).toBeNull()
    server.clock.now += 1_000
    await call("PUT", `/drafts/${key("blog:abc-123")}`, editor, { values: { blogName: "Changes in progress" } })
    const list = (await call("GET", "/drafts", editor)).json().data as Array<{ key: string; title: string }>
    expect(list.map((d) => [d.key, d.title])).toEqual([
      ["blog:abc-123", "Changes in progress"],
      ["blog:new", "Five habits of calm"],
    ])
    expect((await call("GET", "/drafts", admin)).json().data).toEqual([])
  })

  it("is removed when discarded, with the same answer when there was none", async () => {
    await call("PUT", `/drafts/${key("blog:zz")}`, editor, { values: { title: "Gone soon" } })
    for (let i = 0; i < 2; i++) {
      const gone = await call("DELETE", `/drafts/${key("blog:zz")}`, editor)
      expect(gone.statusCode).toBe(200)
      expect(gone.json()).toEqual({ success: true, message: "Draft discarded." })
    }
    expect((await call("GET", `/drafts/${key("blog:zz")}`, editor)).json().data).toBeNull()
  })

  it("checks lengths and the form's key, and is for Admins and Editors only", async () => {
    const long = await call("PUT", `/drafts/${key("blog:new")}`, editor, { values: { title: "x".repeat(201) } })
    expect(long.statusCode).toBe(400)
    expect(long.json().message).toBe("values.title: must be at most 200 characters")
    const badKey = await call("GET", `/drafts/${key("ticket:1")}`, editor)
    expect(badKey.statusCode).toBe(400)
    expect(badKey.json().message).toBe("key: must be <form>:new or <form>:<id>, the form one of blog, expert, testimonial, press")
    const longName = await call("PUT", `/drafts/${key("expert:new")}`, editor, { values: { name: "x".repeat(121) } })
    expect(longName.statusCode).toBe(400)
    expect(longName.json().message).toBe("values.name: must be at most 120 characters")
    expect((await call("GET", "/drafts?form=ticket", editor)).statusCode).toBe(400)
    expect((await call("GET", "/drafts", await server.login("user@demo.test"))).statusCode).toBe(403)
    expect((await call("PUT", `/drafts/${key("blog:new")}`, await server.login("lawyer@demo.test"), { values: {} })).statusCode).toBe(403)
  })

  it("keeps the card forms' drafts too, each form's listed on its own, named by what was typed", async () => {
    // The Admin's drafts: the Editor's from the tests above stay out of this list.
    const person = admin
    server.clock.now += 1_000
    await call("PUT", `/drafts/${key("expert:new")}`, person, { values: { name: "Dr. Half Typed", designation: "" } })
    server.clock.now += 1_000
    await call("PUT", `/drafts/${key("testimonial:t-1")}`, person, { values: { name: "", summery: "Kind words, half written" } })
    server.clock.now += 1_000
    await call("PUT", `/drafts/${key("press:new")}`, person, { values: { link: "https://news.example.com/half", type: "Recognition" } })
    server.clock.now += 1_000
    await call("PUT", `/drafts/${key("blog:new")}`, person, { values: { title: "A blog of the same person" } })
    expect((await call("GET", `/drafts/${key("testimonial:t-1")}`, person)).json().data.values).toEqual({ name: "", summery: "Kind words, half written" })
    const all = (await call("GET", "/drafts", person)).json().data as Array<{ key: string; title: string }>
    expect(all.map((d) => [d.key, d.title])).toEqual([
      ["blog:new", "A blog of the same person"],
      ["press:new", "https://news.example.com/half"],
      ["testimonial:t-1", "Untitled testimonial"],
      ["expert:new", "Dr. Half Typed"],
    ])
    const blogsOnly = (await call("GET", "/drafts?form=blog", person)).json().data as Array<{ key: string }>
    expect(blogsOnly.map((d) => d.key)).toEqual(["blog:new"])
    const experts = (await call("GET", "/drafts?form=expert", person)).json().data as Array<{ key: string }>
    expect(experts.map((d) => d.key)).toEqual(["expert:new"])
    for (const k of ["expert:new", "testimonial:t-1", "press:new", "blog:new"]) await call("DELETE", `/drafts/${key(k)}`, person)
  })
})
