import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { drawPng } from "../../server/db/seeds/demo-images.ts"
import { xssPayloads } from "../xss-payloads.ts"
import { publicFiles, sendForm } from "./content-helpers.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { pngFile, type FilePart } from "./multipart.ts"
import { explainRefusals, FILE_CONTENT_REFUSAL } from "./openapi-validator.ts"
// Refusals of requests the API document calls valid, provoked here on purpose, with what explains each.
explainRefusals([FILE_CONTENT_REFUSAL, ["about: is required", "the body holds no text once unsafe markup is removed (stated in the form's description)"]])

let server: TestServer
let editor: string
beforeAll(async () => {
  server = await startTestServer()
  editor = await server.login("editor@demo.test")
})
afterAll(() => server.close())

const fields = { blogName: "Safety", title: "t", keyword: "k", description: "d" }
const countRows = async () => {
  const tables = ["blogs", "gallery_items", "experts", "testimonials", "press_items"] as const
  return Promise.all(tables.map(async (t) => (await server.db.selectFrom(t).select("id").execute()).length))
}

describe("blog bodies are sanitised before they are stored", () => {
  it("stores every known injection payload without anything that runs, and the stored text is stable", async () => {
    const body = `<p>Intro</p>${xssPayloads.join("")}<p>Outro</p>`
    const res = await sendForm(server, editor, "POST", "/blog/create", { ...fields, about: body }, [pngFile("image")])
    expect(res.statusCode).toBe(200)
    const stored = await server.db.selectFrom("blogs").select("about").where("id", "=", res.json().data._id).executeTakeFirstOrThrow()
    expect(stored.about).toBe(res.json().data.about)
    expect(stored.about).not.toMatch(/<script|<iframe|<svg|<img|<object|<embed|<style|\son\w+\s*=|javascript:|data:/i)
    expect(stored.about.startsWith("<p>Intro</p>")).toBe(true)
    // Saving the stored body again changes nothing.
    const again = await sendForm(server, editor, "PATCH", `/blog/update/${res.json().data._id}`, { about: stored.about })
    expect(again.json().data.about).toBe(stored.about)
  })
})

describe("blog bodies sent as Slate JSON keep only http, https and mailto addresses", () => {
  const slate = (url: string) =>
    JSON.stringify([
      { type: "paragraph", children: [{ text: "Read " }, { type: "link", url, children: [{ text: "this" }] }] },
      { type: "image", src: url, children: [{ text: "" }] },
    ])

  it("removes javascript:, data: and other addresses on save, keeps allowed ones, and the public API serves the clean document", async () => {
    for (const url of [
      "javascript:alert(1)",
      " JaVaScRiPt:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:x",
      "//evil.example/x",
      "/relative",
    ]) {
      const res = await sendForm(server, editor, "POST", "/blog/create", { ...fields, blogName: `Slate ${url.length}`, about: slate(url) }, [pngFile("image")])
      expect(res.statusCode, url).toBe(200)
      const stored = await server.db.selectFrom("blogs").select(["about", "slug"]).where("id", "=", res.json().data._id).executeTakeFirstOrThrow()
      expect(stored.about, url).not.toContain(url.trim())
      expect(JSON.parse(stored.about)[0].children[1]).toEqual({ type: "link", children: [{ text: "this" }] })
      await server.app.inject({
        method: "PATCH",
        url: `/api/v1/blog/updateBlogStatus/${res.json().data._id}`,
        payload: { status: true },
        headers: bearer(editor),
      })
    }
    const kept = await sendForm(server, editor, "POST", "/blog/create", { ...fields, blogName: "Slate kept", about: slate("https://example.org/a?b=1") }, [
      pngFile("image"),
    ])
    expect(JSON.parse(kept.json().data.about)[1].src).toBe("https://example.org/a?b=1")
    expect(JSON.parse(kept.json().data.about)[0].children[1].url).toBe("https://example.org/a?b=1")
  })

  it("cleans a Slate body stored before, in every answer of the public API", async () => {
    const res = await sendForm(server, editor, "POST", "/blog/create", { ...fields, blogName: "Slate old", about: "<p>placeholder</p>" }, [pngFile("image")])
    const id = res.json().data._id as string
    // As if written before the fix: straight into the table.
    await server.db
      .updateTable("blogs")
      .set({ about: slate("javascript:alert(document.cookie)"), status: true })
      .where("id", "=", id)
      .execute()
    const slug = (await server.db.selectFrom("blogs").select("slug").where("id", "=", id).executeTakeFirstOrThrow()).slug
    const one = await server.app.inject({ url: `/api/v1/public/blogs/${slug}` })
    expect(one.statusCode).toBe(200)
    expect(one.body).not.toContain("javascript:")
    const all = await server.app.inject({ url: "/api/v1/public/blogs?page=1&limit=100" })
    expect(all.body).not.toContain("javascript:")
  })

  it("refuses a Slate body without any text, as an empty HTML one", async () => {
    const res = await sendForm(
      server,
      editor,
      "POST",
      "/blog/create",
      { ...fields, about: JSON.stringify([{ type: "paragraph", children: [{ text: "  " }] }]) },
      [pngFile("image")],
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe("about: is required")
  })
})

describe("refused uploads leave nothing behind", () => {
  const html: FilePart = { field: "image", filename: "photo.png", type: "image/png", data: Buffer.from("<html><body><script>alert(1)</script></body></html>") }
  const svg: FilePart = {
    field: "avatar",
    filename: "face.svg",
    type: "image/svg+xml",
    data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>'),
  }
  const polyglot: FilePart = {
    field: "thumbnail",
    filename: "x.png",
    type: "image/png",
    data: Buffer.concat([drawPng(8, 8, [1, 2, 3], [4, 5, 6]), Buffer.from("<script>alert(1)</script>")]),
  }
  const huge: FilePart = { field: "image", filename: "big.png", type: "image/png", data: Buffer.alloc(2 * 1024 * 1024 + 10, 1) }

  it.each([
    [
      "an HTML file named .png (blog)",
      "POST",
      "/blog/create",
      { ...fields, about: "<p>x</p>" },
      html,
      400,
      "image: only PNG, JPEG, WEBP, GIF images are accepted",
    ],
    ["an SVG (expert)", "POST", "/expert/auth/add", { name: "N", designation: "D" }, svg, 400, "avatar: only PNG, JPEG, WEBP, GIF images are accepted"],
    [
      "a PNG with a script after its end (press)",
      "POST",
      "/press-and-recognition/auth/add",
      { link: "https://example.com", type: "Recognition" },
      polyglot,
      400,
      "thumbnail: the file is not a valid PNG image",
    ],
    ["an oversized file (gallery)", "POST", "/gallery/add", {}, huge, 413, "The request is too large."],
  ] as const)("refuses %s", async (_label, method, url, formFields, file, status, message) => {
    const before = { files: publicFiles(server), rows: await countRows() }
    const res = await sendForm(server, editor, method, url, formFields, [file])
    expect(res.statusCode).toBe(status)
    expect(res.json().message).toBe(message)
    expect(publicFiles(server)).toEqual(before.files)
    expect(await countRows()).toEqual(before.rows)
  })

  it("removes the stored image when the transaction fails", async () => {
    const before = publicFiles(server)
    // Updating a missing expert stores the new image first, then the transaction fails with 404.
    const res = await sendForm(server, editor, "PATCH", "/expert/auth/update/missing", { name: "x" }, [pngFile("avatar")])
    expect(res.statusCode).toBe(404)
    expect(publicFiles(server)).toEqual(before)
  })

  it("serves stored images with their checked type and nosniff, and nothing for unknown names", async () => {
    const res = await sendForm(server, editor, "POST", "/gallery/add", {}, [pngFile("image")])
    const url = res.json().data.image
    const image = await server.app.inject({ method: "GET", url })
    expect(image.headers["content-type"]).toBe("image/png")
    expect(image.headers["x-content-type-options"]).toBe("nosniff")
    expect((await server.app.inject({ method: "GET", url: "/uploads/..%2F..%2Fjwt-secret" })).statusCode).toBe(404)
    expect(image.rawPayload.subarray(1, 4).toString()).toBe("PNG")
    const list = await server.app.inject({ method: "GET", url: "/api/v1/gallery/get?limit=1", headers: bearer(editor) })
    expect(list.json().data[0].image).toBe(url)
  })
})
