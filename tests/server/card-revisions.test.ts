import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CARD_REVISION_RESTORED, cardRevisionNotFound } from "../../src/api/contract/content/card-revisions.ts"
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

/** Each card kind: where its calls live, its image part, and three versions of its text (title field first). */
const kinds = [
  {
    kind: "expert",
    noun: "Expert",
    base: "/expert",
    add: "/expert/auth/add",
    update: "/expert/auth/update",
    table: "experts",
    image: "avatar",
    versions: [
      { name: "Dr. First", designation: "Counsellor" },
      { name: "Dr. Second", designation: "Senior Counsellor" },
      { name: "Dr. Second", designation: "Head of Counselling" },
    ],
  },
  {
    kind: "testimonial",
    noun: "Testimonial",
    base: "/testimonial",
    add: "/testimonial/auth/add",
    update: "/testimonial/auth/update",
    table: "testimonials",
    image: "avatar",
    versions: [
      { name: "Meera", summery: "The first words of thanks." },
      { name: "Meera S.", summery: "The second words of thanks." },
      { name: "Meera S.", summery: "The third words of thanks." },
    ],
  },
  {
    kind: "press",
    noun: "Press Release & Recognition",
    base: "/press-and-recognition",
    add: "/press-and-recognition/auth/add",
    update: "/press-and-recognition/auth/update",
    table: "press_items",
    image: "thumbnail",
    versions: [
      { link: "https://news.example.com/first", type: "Press Release" },
      { link: "https://news.example.com/second", type: "Press Release" },
      { link: "https://news.example.com/second", type: "Recognition" },
    ],
  },
] as const

type Summary = { id: string; change: string; title: string; by: string | null; current: boolean }

describe.each(kinds)("a card's revisions: $kind (issue 28)", (k) => {
  /** Added by the Editor, then changed by the Admin and by the Editor: three revisions. */
  async function cardWithThreeRevisions() {
    const [first, second, third] = k.versions
    const added = await sendForm(server, editor, "POST", k.add, first, [pngFile(k.image)])
    expect(added.statusCode, added.body).toBe(200)
    const id = added.json().data._id as string
    expect((await sendForm(server, admin, "PATCH", `${k.update}/${id}`, second)).statusCode).toBe(200)
    expect((await sendForm(server, editor, "PATCH", `${k.update}/${id}`, third)).statusCode).toBe(200)
    return { id, image: added.json().data[k.image] as string }
  }
  const titleOf = (values: Record<string, string>) => Object.values(values)[0]

  it("lists the card after each change, newest first, read back from the event log, and gives each in full", async () => {
    const { id, image } = await cardWithThreeRevisions()
    const res = await call("GET", `${k.base}/revisions/${id}`)
    expect(res.statusCode).toBe(200)
    const list = res.json().data as Summary[]
    expect(list.map((r) => [r.change, r.title, r.by, r.current])).toEqual([
      ["Updated", titleOf(k.versions[2]), "Eshan Editor", true],
      ["Updated", titleOf(k.versions[1]), "Asha Admin", false],
      ["Created", titleOf(k.versions[0]), "Eshan Editor", false],
    ])
    expect(list.map((r) => r.id).toReversed()).toEqual((await eventsOf(server, id)).map((e) => String(e.id)))
    for (const [i, version] of [k.versions[2], k.versions[1], k.versions[0]].entries()) {
      const full = (await call("GET", `${k.base}/revisions/${id}/${list[i]!.id}`, admin)).json().data
      expect(full.values).toEqual(version)
      expect(full.image).toBe(image)
    }
  })

  it("restores a revision's exact text as a new revision, keeping the image", async () => {
    const { id, image } = await cardWithThreeRevisions()
    const list = (await call("GET", `${k.base}/revisions/${id}`)).json().data as Summary[]
    const restored = await call("POST", `${k.base}/revisions/${id}/${list[2]!.id}/restore`)
    expect(restored.statusCode, restored.body).toBe(200)
    expect(restored.json()).toMatchObject({ success: true, message: CARD_REVISION_RESTORED, data: { ...k.versions[0], [k.image]: image } })
    const row = await server.db.selectFrom(k.table).selectAll().where("id", "=", id).executeTakeFirstOrThrow()
    expect(row).toMatchObject(k.versions[0])
    const after = (await call("GET", `${k.base}/revisions/${id}`)).json().data as Summary[]
    expect(after.map((r) => [r.change, r.title, r.current])).toEqual([
      ["Updated", titleOf(k.versions[0]), true],
      ["Updated", titleOf(k.versions[2]), false],
      ["Updated", titleOf(k.versions[1]), false],
      ["Created", titleOf(k.versions[0]), false],
    ])
    // The restore is in the event log as an update by the one who restored it.
    const events = await eventsOf(server, id)
    expect(events.at(-1)).toMatchObject({ type: `${k.kind}.updated` })
  })

  it("names a card written before the log by its first recorded state, and walks back to it after a change", async () => {
    const at = new Date(server.clock.now)
    const id = `pre-log-${k.kind}`
    await server.db
      .insertInto(k.table)
      .values({ id, ...k.versions[0], [k.image]: "old.png", created_at: at, updated_at: at } as never)
      .execute()
    expect((await call("GET", `${k.base}/revisions/${id}`)).json().data).toEqual([
      { id: "initial", at: null, by: null, change: "As first recorded", title: titleOf(k.versions[0]), current: true },
    ])
    expect((await sendForm(server, admin, "PATCH", `${k.update}/${id}`, k.versions[1])).statusCode).toBe(200)
    const list = (await call("GET", `${k.base}/revisions/${id}`)).json().data as Summary[]
    expect(list.map((r) => [r.change, r.title])).toEqual([
      ["Updated", titleOf(k.versions[1])],
      ["As first recorded", titleOf(k.versions[0])],
    ])
    expect((await call("GET", `${k.base}/revisions/${id}/initial`)).json().data).toMatchObject({ values: k.versions[0], image: "/uploads/old.png" })
  })

  it("answers 404 for an unknown card or revision, and only Admins and Editors may ask", async () => {
    const { id } = await cardWithThreeRevisions()
    expect((await call("GET", `${k.base}/revisions/no-such-card`)).statusCode).toBe(404)
    const unknownRevision = await call("POST", `${k.base}/revisions/${id}/999999999/restore`)
    expect(unknownRevision.statusCode).toBe(404)
    expect(unknownRevision.json().message).toBe(cardRevisionNotFound(k.noun))
    expect((await call("GET", `${k.base}/revisions/${id}/initial`)).statusCode).toBe(404)
    const vendor = await server.login("counsellor@demo.test")
    expect((await call("GET", `${k.base}/revisions/${id}`, vendor)).statusCode).toBe(403)
    expect((await call("POST", `${k.base}/revisions/${id}/initial/restore`, vendor)).statusCode).toBe(403)
    expect((await call("GET", `${k.base}/revisions/${id}`, null)).statusCode).toBe(401)
  })
})
