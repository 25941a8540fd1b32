import { createHash, randomBytes } from "node:crypto"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MEDIA_ADDED, MEDIA_ALT_SAVED, MEDIA_DELETED, MEDIA_IN_USE, MEDIA_NOT_FOUND, type MediaItem } from "../../src/api/contract/media/media.ts"
import { eventsOf, sendForm, storedName } from "./content-helpers.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import type { FilePart } from "./multipart.ts"
import { explainRefusals, FILE_CONTENT_REFUSAL } from "./openapi-validator.ts"

explainRefusals([FILE_CONTENT_REFUSAL])

let server: TestServer
let editor: string
beforeAll(async () => {
  server = await startTestServer()
  editor = await server.login("editor@demo.test")
})
afterAll(() => server.close())

const call = (method: "GET" | "PATCH" | "DELETE", url: string, payload?: object, token = editor) =>
  server.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })
const upload = (file: FilePart, alt: string | null, token = editor) => sendForm(server, token, "POST", "/media", alt === null ? {} : { alt }, [file])
const stored = (url: string) => join(server.dataDir, "uploads", "public", storedName(url))
const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex").slice(0, 32)

/** A photo as a phone writes it: turned by EXIF (orientation 6: the sensor's 1600 × 1200 is shown 1200 × 1600), with its location. */
async function phonePhoto(seed: number): Promise<FilePart> {
  const data = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: seed % 255, g: 120, b: 200 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "Phone", Copyright: `seed ${seed}` },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 58/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "77/1 35/1 0/1" },
    })
    .toBuffer()
  return { field: "image", filename: "IMG_0001.jpg", type: "image/jpeg", data }
}

describe("the media library (issue 28)", () => {
  it("stores an upload upright and without its location, with 320 and 640 px variants as JPEG and WebP, each named by a hash of its bytes", async () => {
    const photo = await phonePhoto(1)
    expect((await sharp(photo.data).metadata()).exif).toBeDefined()
    const res = await upload(photo, "A lake at dawn")
    expect(res.statusCode, res.body).toBe(200)
    const item = res.json().data as MediaItem
    expect(res.json().message).toBe(MEDIA_ADDED)
    expect(item).toMatchObject({ alt: "A lake at dawn", width: 1200, height: 1600, type: "image/jpeg", uploadedBy: "Eshan Editor", usedIn: [] })
    expect(item.variants.map((v) => [v.type, v.width, v.height])).toEqual([
      ["image/jpeg", 320, 427],
      ["image/webp", 320, 427],
      ["image/jpeg", 640, 853],
      ["image/webp", 640, 853],
    ])
    expect(item.srcset).toBe(
      item.variants
        .filter((v) => v.type === "image/jpeg")
        .map((v) => `${v.url} ${v.width}w`)
        .join(", "),
    )
    expect(item.webpSrcset).toBe(
      item.variants
        .filter((v) => v.type === "image/webp")
        .map((v) => `${v.url} ${v.width}w`)
        .join(", "),
    )
    for (const url of [item.url, ...item.variants.map((v) => v.url)]) {
      const bytes = readFileSync(stored(url))
      expect(storedName(url).split(".")[0]).toBe(sha(bytes))
      expect(bytes.includes("Phone"), url).toBe(false)
      expect(bytes.includes("seed 1"), url).toBe(false)
    }
    // The variants are upright pixels without any metadata; the original keeps its own pixels and only the turn
    // (an EXIF segment holding the Orientation tag alone: no location, no camera).
    for (const v of item.variants) expect((await sharp(readFileSync(stored(v.url))).metadata()).exif).toBeUndefined()
    const original = await sharp(readFileSync(stored(item.url))).metadata()
    expect(original).toMatchObject({ width: 1600, height: 1200, orientation: 6 })
    expect(original.exif!.length).toBeLessThan(40)
    expect(item.bytes).toBe(readFileSync(stored(item.url)).length)
    const served = await server.app.inject({ method: "GET", url: item.variants[1]!.url })
    expect(served.statusCode).toBe(200)
    expect(served.headers["content-type"]).toBe("image/webp")
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
    expect((await eventsOf(server, item._id)).map((e) => e.type)).toEqual(["media.created"])

    // The same bytes again are the same image.
    const again = await upload(photo, "Another caption")
    expect(again.json()).toMatchObject({ message: "This image is already in the library.", data: { _id: item._id, alt: "A lake at dawn" } })
  })

  it("takes a photo larger than the forms' own upload limit", async () => {
    const noise = await sharp(randomBytes(1100 * 1000 * 3), { raw: { width: 1100, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer()
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024)
    const res = await upload({ field: "image", filename: "scan.png", type: "image/png", data: noise }, "Static")
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.variants.map((v: { width: number }) => v.width)).toEqual([320, 320, 640, 640])
  })

  it("refuses an upload without alt text, a file that is not an image, and one that does not decode, writing nothing", async () => {
    const before = (await call("GET", "/media?page=1&limit=100")).json().pagination.total
    const photo = await phonePhoto(2)
    expect((await upload(photo, null)).json()).toMatchObject({ success: false, message: "alt: is required" })
    expect((await upload(photo, "   ")).json()).toMatchObject({ success: false, message: "alt: is required" })
    const text = await upload({ field: "image", filename: "a.png", type: "image/png", data: Buffer.from("<svg onload=alert(1)>") }, "x")
    expect([text.statusCode, text.json().message]).toEqual([400, "image: only PNG, JPEG, WEBP, GIF images are accepted"])
    const cut = await upload({ ...photo, data: photo.data.subarray(0, 2000) }, "x")
    expect([cut.statusCode, cut.json().message]).toEqual([400, "image: the file is not a valid JPEG image"])
    expect((await call("GET", "/media?page=1&limit=100")).json().pagination.total).toBe(before)
  })

  it("lists newest first with where each image is used, finds by alt text, and changes the alt text", async () => {
    const page = (await call("GET", "/media?page=1&limit=100")).json().data as MediaItem[]
    const cover = page.find((m) => m.usedIn.some((u) => u.kind === "blog"))!
    expect(cover.alt).toMatch(/^Cover of the blog “/)
    expect(cover.usedIn).toEqual([{ kind: "blog", id: expect.any(String), label: cover.alt.slice("Cover of the blog “".length, -1) }])
    const found = (await call("GET", `/media?page=1&limit=10&search=${encodeURIComponent("lake DAWN")}`)).json()
    expect(found.data.map((m: MediaItem) => m.alt)).toEqual(["A lake at dawn"])
    const id = found.data[0]._id
    const changed = await call("PATCH", `/media/${id}`, { alt: "A still lake at dawn" })
    expect(changed.json()).toMatchObject({ message: MEDIA_ALT_SAVED, data: { alt: "A still lake at dawn" } })
    expect((await eventsOf(server, id)).map((e) => e.type)).toEqual(["media.created", "media.updated"])
    expect((await call("PATCH", "/media/nothing", { alt: "x" })).json()).toMatchObject({ success: false, message: MEDIA_NOT_FOUND })
  })

  it("refuses to delete an image still used unless told after the warning; the record keeps its file, the variants go", async () => {
    const page = (await call("GET", "/media?page=1&limit=100")).json().data as MediaItem[]
    const cover = page.find((m) => m.usedIn.some((u) => u.kind === "blog"))!
    const refused = await call("DELETE", `/media/${cover._id}`)
    expect([refused.statusCode, refused.json().message]).toEqual([409, MEDIA_IN_USE])
    const done = await call("DELETE", `/media/${cover._id}?force=true`)
    expect(done.json()).toEqual({ success: true, message: MEDIA_DELETED })
    expect(existsSync(stored(cover.url))).toBe(true)
    for (const v of cover.variants) expect(existsSync(stored(v.url))).toBe(false)
    expect((await eventsOf(server, cover._id)).map((e) => e.type)).toEqual(["media.created", "media.deleted"])
  })

  it("deletes an unused image with its files; a blog deleted keeps its cover while the library has it", async () => {
    const photo = await phonePhoto(3)
    const item = (await upload(photo, "Unused")).json().data as MediaItem
    expect((await call("DELETE", `/media/${item._id}`)).json()).toEqual({ success: true, message: MEDIA_DELETED })
    for (const url of [item.url, ...item.variants.map((v) => v.url)]) expect(existsSync(stored(url))).toBe(false)

    const page = (await call("GET", "/media?page=1&limit=100")).json().data as MediaItem[]
    const cover = page.find((m) => m.usedIn.some((u) => u.kind === "blog"))!
    expect((await call("DELETE", `/blog/delete/${cover.usedIn[0]!.id}`)).statusCode).toBe(200)
    expect(existsSync(stored(cover.url))).toBe(true)
    const after = (await call("GET", "/media?page=1&limit=100")).json().data as MediaItem[]
    expect(after.find((m) => m._id === cover._id)!.usedIn).toEqual([])
  })

  it("is for Admins and Editors only", async () => {
    const lawyer = await server.login("lawyer@demo.test")
    expect((await call("GET", "/media?page=1&limit=10", undefined, lawyer)).statusCode).toBe(403)
    expect((await upload(await phonePhoto(4), "x", lawyer)).statusCode).toBe(403)
    const admin = await server.login("admin@demo.test")
    expect((await call("GET", "/media?page=1&limit=10", undefined, admin)).statusCode).toBe(200)
  })
})
