import { usesOf } from "../../server/db/repositories/media.repository.ts"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { NO_SCHEDULE, PUBLISH_AT_PAST, PUBLISH_AT_TOO_LATE, SCHEDULE_CANCELLED, SCHEDULE_SAVED } from "../../src/api/contract/blogs/blog-schedule.ts"
import { localUploadStore } from "../../server/services/storage/uploads.ts"
import { publishDueBlogSchedules } from "../../server/services/content/blog-schedule.service.ts"
import { auditSentence } from "../../src/api/contract/audit/audit-sentence.ts"
import { eventsOf, sendForm, storedName } from "./content-helpers.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { pngFile } from "./multipart.ts"
import { explainRefusals } from "./openapi-validator.ts"

explainRefusals([
  ["about: is required", "the body holds no text once unsafe markup is removed (stated in the form's description)"],
  [PUBLISH_AT_PAST, "publishAt's description: in the future"],
  [PUBLISH_AT_TOO_LATE, "publishAt's description: within a year"],
])

let server: TestServer
let editor: string
let admin: string
/** Signs in afresh: a test moves the server's clock past an access token's life. */
async function signIn() {
  editor = await server.login("editor@demo.test")
  admin = await server.login("admin@demo.test")
}
beforeAll(async () => {
  server = await startTestServer()
})
beforeEach(signIn)
afterAll(() => server.close())

const HOUR = 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()
const call = (method: "GET" | "DELETE" | "PATCH", url: string, token = editor, payload?: object) =>
  server.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })
const blogOf = async (id: string) => (await call("GET", `/blog/getDetails/${id}`)).json().data[0]
/** Where the library says an image is used (fails when the image is not in the library). */
async function libraryUsesOf(url: string) {
  const file = storedName(url)
  expect(await server.db.selectFrom("media").select("id").where("file", "=", file).executeTakeFirst(), `${url} in the media library`).toBeDefined()
  return (await usesOf(server.db, [file])).get(file) ?? []
}
const uploaded = (url: string) => existsSync(join(server.dataDir, "uploads", "public", storedName(url)))

async function newBlog(name: string) {
  const res = await sendForm(
    server,
    editor,
    "POST",
    "/blog/create",
    { blogName: name, title: `${name} title`, keyword: "k", description: "Now.", about: "<p>The body as it is.</p>" },
    [pngFile("image")],
  )
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { _id: string; image: string; slug: string }
}

const schedule = (id: string, fields: Record<string, string>, token = editor, files = [] as ReturnType<typeof pngFile>[]) =>
  sendForm(server, token, "PUT", `/blog/schedule/${id}`, fields, files)

describe("a blog's scheduled publish (issue 28)", () => {
  it("keeps the changes until their time, then puts them live once, as an update in the scheduler's name that publishes the blog", async () => {
    const blog = await newBlog("Scheduled Spring")
    expect((await call("PATCH", `/blog/updateBlogStatus/${blog._id}`, editor, { status: false })).statusCode).toBe(200)
    const publishAt = server.clock.now + 2 * HOUR
    const res = await schedule(blog._id, { title: "Spring, as scheduled", about: "<p>The new body.<script>x()</script></p>", publishAt: iso(publishAt) })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      success: true,
      message: SCHEDULE_SAVED,
      data: { publishAt: iso(publishAt), by: "Eshan Editor", values: { title: "Spring, as scheduled", about: "<p>The new body.</p>" }, image: null },
    })
    expect((await call("GET", `/blog/schedule/${blog._id}`, admin)).json().data).toMatchObject({ publishAt: iso(publishAt), by: "Eshan Editor" })

    // Before its time the blog is as it was, however often the sweep runs.
    server.clock.now = publishAt - 60_000
    await server.deliverMail()
    await signIn()
    expect(await blogOf(blog._id)).toMatchObject({ title: "Scheduled Spring title", status: false })

    server.clock.now = publishAt + 1_000
    await server.deliverMail()
    await signIn()
    expect(await blogOf(blog._id)).toMatchObject({ title: "Spring, as scheduled", about: "<p>The new body.</p>", status: true, description: "Now." })
    expect((await call("GET", `/blog/schedule/${blog._id}`)).json().data).toBeNull()
    await server.deliverMail()
    const events = await eventsOf(server, blog._id)
    const editorId = (await server.db.selectFrom("users").select("id").where("email", "=", "editor@demo.test").executeTakeFirstOrThrow()).id
    expect(events.map((e) => e.type)).toEqual([
      "blog.created",
      "blog.statusChanged",
      "blogSchedule.created",
      "blog.updated",
      "blog.statusChanged",
      "blogSchedule.published",
    ])
    expect(events.slice(3).every((e) => e.actor_id === editorId)).toBe(true)
    // It is a revision of the blog like any update.
    const revisions = (await call("GET", `/blog/revisions/${blog._id}`)).json().data as Array<{ change: string; title: string }>
    expect(revisions.slice(0, 2).map((r) => [r.change, r.title])).toEqual([
      ["Published", "Spring, as scheduled"],
      ["Updated", "Spring, as scheduled"],
    ])
  })

  it("goes live exactly once when several instances sweep at the same moment", async () => {
    const blog = await newBlog("Scheduled Once")
    const publishAt = server.clock.now + HOUR
    expect((await schedule(blog._id, { description: "Once only.", publishAt: iso(publishAt) })).statusCode).toBe(200)
    const at = new Date(publishAt + 1_000)
    const deps = { db: server.db, uploads: localUploadStore(server.dataDir, 10 * 1024 * 1024) }
    const counts = await Promise.all([1, 2, 3, 4].map(() => publishDueBlogSchedules(deps, at)))
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1)
    const types = (await eventsOf(server, blog._id)).map((e) => e.type)
    expect(types.filter((t) => t === "blogSchedule.published")).toHaveLength(1)
    expect(types.filter((t) => t === "blog.updated")).toHaveLength(1)
    expect(await publishDueBlogSchedules(deps, at)).toBe(0)
    expect((await blogOf(blog._id)).description).toBe("Once only.")
  })

  it("moves a schedule (keeping its image), cancels one (removing its image), and refuses past, far and unknown", async () => {
    const blog = await newBlog("Scheduled Moves")
    const first = await schedule(blog._id, { title: "Moved", publishAt: iso(server.clock.now + HOUR) }, editor, [pngFile("image", 7)])
    expect(first.statusCode, first.body).toBe(200)
    const image = first.json().data.image as string
    expect(uploaded(image)).toBe(true)
    const moved = await schedule(blog._id, { title: "Moved", publishAt: iso(server.clock.now + 3 * HOUR) }, admin)
    expect(moved.json().data).toMatchObject({ publishAt: iso(server.clock.now + 3 * HOUR), image, by: "Asha Admin" })
    const updated = (await eventsOf(server, blog._id)).find((e) => e.type === "blogSchedule.updated")!
    expect(
      auditSentence({
        type: updated.type,
        entityType: "blogSchedule",
        entityId: blog._id,
        entityLabel: "Scheduled Moves title",
        actorId: "a",
        actorName: "Asha Admin",
        before: updated.before,
        after: updated.after,
      } as never),
    ).toBe(
      `Asha Admin moved the changes scheduled for blog “Scheduled Moves title” to ${iso(server.clock.now + 3 * HOUR).slice(0, 10)} ${iso(server.clock.now + 3 * HOUR).slice(11, 16)} UTC`,
    )

    const cancelled = await call("DELETE", `/blog/schedule/${blog._id}`)
    expect(cancelled.json()).toEqual({ success: true, message: SCHEDULE_CANCELLED })
    // The schedule's upload joined the media library: cancelling leaves it there, no longer used.
    expect(uploaded(image)).toBe(true)
    expect(await libraryUsesOf(image)).toEqual([])
    expect((await call("DELETE", `/blog/schedule/${blog._id}`)).json()).toMatchObject({ success: false, message: NO_SCHEDULE })
    expect((await blogOf(blog._id)).title).toBe("Scheduled Moves title")

    const past = await schedule(blog._id, { title: "x", publishAt: iso(server.clock.now - 1_000) })
    expect([past.statusCode, past.json().message]).toEqual([400, PUBLISH_AT_PAST])
    const far = await schedule(blog._id, { title: "x", publishAt: iso(server.clock.now + 400 * 24 * HOUR) })
    expect([far.statusCode, far.json().message]).toEqual([400, PUBLISH_AT_TOO_LATE])
    const noZone = await schedule(blog._id, { title: "x", publishAt: "2031-01-01 10:00" })
    expect(noZone.statusCode).toBe(400)
    const empty = await schedule(blog._id, { about: "<script>only()</script>", publishAt: iso(server.clock.now + HOUR) })
    expect([empty.statusCode, empty.json().message]).toEqual([400, "about: is required"])
    const unknown = await schedule("no-such-blog", { title: "x", publishAt: iso(server.clock.now + HOUR) })
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, "Blog not found."])
    expect((await call("GET", "/blog/schedule/no-such-blog")).statusCode).toBe(404)
    // Nothing half-written: no schedule row from the refusals.
    expect(await server.db.selectFrom("blog_schedules").selectAll().where("id", "=", blog._id).execute()).toEqual([])
  })

  it("deleting the blog deletes its schedule, with an event; the schedule's image stays in the media library", async () => {
    const blog = await newBlog("Scheduled Gone")
    const res = await schedule(blog._id, { title: "Never", publishAt: iso(server.clock.now + HOUR) }, editor, [pngFile("image", 9)])
    const image = res.json().data.image as string
    expect(await libraryUsesOf(image)).toEqual([{ kind: "scheduledBlog", id: blog._id, label: "Scheduled Gone title" }])
    expect((await call("DELETE", `/blog/delete/${blog._id}`)).statusCode).toBe(200)
    expect(uploaded(image)).toBe(true)
    expect(await libraryUsesOf(image)).toEqual([])
    expect((await eventsOf(server, blog._id)).map((e) => e.type).slice(-2)).toEqual(["blogSchedule.deleted", "blog.deleted"])
    expect(await server.db.selectFrom("blog_schedules").selectAll().where("id", "=", blog._id).execute()).toEqual([])
  })

  it("is for Admins and Editors only", async () => {
    const blog = await newBlog("Scheduled Guarded")
    const lawyer = await server.login("lawyer@demo.test")
    const res = await schedule(blog._id, { title: "x", publishAt: iso(server.clock.now + HOUR) }, lawyer)
    expect(res.statusCode).toBe(403)
    expect((await call("GET", `/blog/schedule/${blog._id}`, lawyer)).statusCode).toBe(403)
  })
})
