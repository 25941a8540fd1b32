import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { drawPng } from "../../server/db/seeds/demo-images.ts"
import { xssPayloads } from "../xss-payloads.ts"
import { publicFiles, sendForm } from "./content-helpers.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { pngFile, type FilePart } from "./multipart.ts"

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

describe("refused uploads leave nothing behind", () => {
  const html: FilePart = { field: "image", filename: "photo.png", type: "image/png", data: Buffer.from("<html><body><script>alert(1)</script></body></html>") }
  const svg: FilePart = { field: "avatar", filename: "face.svg", type: "image/svg+xml", data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>') }
  const polyglot: FilePart = { field: "thumbnail", filename: "x.png", type: "image/png", data: Buffer.concat([drawPng(8, 8, [1, 2, 3], [4, 5, 6]), Buffer.from("<script>alert(1)</script>")]) }
  const huge: FilePart = { field: "image", filename: "big.png", type: "image/png", data: Buffer.alloc(2 * 1024 * 1024 + 10, 1) }

  it.each([
    ["an HTML file named .png (blog)", "POST", "/blog/create", { ...fields, about: "<p>x</p>" }, html, 400, "image: only PNG, JPEG, WEBP, GIF images are accepted"],
    ["an SVG (expert)", "POST", "/expert/auth/add", { name: "N", designation: "D" }, svg, 400, "avatar: only PNG, JPEG, WEBP, GIF images are accepted"],
    ["a PNG with a script after its end (press)", "POST", "/press-and-recognition/auth/add", { link: "https://example.com", type: "Recognition" }, polyglot, 400, "thumbnail: the file is not a valid PNG image"],
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
