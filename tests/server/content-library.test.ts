import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MEDIA_IN_USE, type MediaItem } from "../../src/api/contract/media/media.ts"
import { LIBRARY_IMAGE_GONE } from "../../server/services/content/content-images.ts"
import { libraryEntryOf, publicFiles, sendForm, storedName } from "./content-helpers.ts"
import { explainRefusals } from "./openapi-validator.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { pngFile, type FilePart } from "./multipart.ts"

// The content forms and the media library (issue 28): every form upload joins the library, described by the
// record's name; a form may show a library image instead of uploading one.

explainRefusals([[LIBRARY_IMAGE_GONE, "the library image named was deleted, or never was one (the description of `libraryImage`)"]])

let server: TestServer
let editor: string
beforeAll(async () => {
  server = await startTestServer()
  editor = await server.login("editor@demo.test")
})
afterAll(() => server.close())

const call = (method: "GET" | "DELETE", url: string) => server.app.inject({ method, url: `/api/v1${url}`, headers: bearer(editor) })
const blogText = (name: string) => ({ blogName: name, title: `${name} title`, keyword: "k", description: "d", about: "<p>Body.</p>" })

async function libraryImage(seed: number, alt: string): Promise<MediaItem> {
  const data = await sharp({ create: { width: 700, height: 400, channels: 3, background: { r: seed, g: 40, b: 90 } } })
    .png()
    .toBuffer()
  const res = await sendForm(server, editor, "POST", "/media", { alt }, [{ field: "image", filename: "lib.png", type: "image/png", data }])
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data
}

async function usesOfItem(id: string) {
  const res = await call("GET", "/media?page=1&limit=100")
  return (res.json().data as MediaItem[]).find((m) => m._id === id)?.usedIn
}

describe("content forms and the media library (issue 28)", () => {
  it("puts a form's upload into the library, without its location and with variants, described by the record's name", async () => {
    const photo = await sharp({ create: { width: 900, height: 500, channels: 3, background: { r: 5, g: 99, b: 7 } } })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 58/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "77/1 35/1 0/1" } })
      .toBuffer()
    const file: FilePart = { field: "image", filename: "cover.jpg", type: "image/jpeg", data: photo }
    const res = await sendForm(server, editor, "POST", "/blog/create", blogText("Library Cover"), [file])
    expect(res.statusCode, res.body).toBe(200)
    const blog = res.json().data
    const entry = await libraryEntryOf(server, blog.image)
    expect(entry).toMatchObject({ alt: "Library Cover title", width: 900, height: 500, kind: "jpeg" })
    expect((await sharp(`${server.dataDir}/uploads/public/${storedName(blog.image)}`).metadata()).exif).toBeUndefined()
    expect(await usesOfItem(entry!.id)).toEqual([{ kind: "blog", id: blog._id, label: "Library Cover title" }])

    // Each card kind and the gallery too, each described by its own name.
    const expert = (
      await sendForm(server, editor, "POST", "/expert/auth/add", { name: "Mira Library", designation: "Counsellor" }, [pngFile("avatar", 41)])
    ).json().data
    expect((await libraryEntryOf(server, expert.avatar))?.alt).toBe("Mira Library")
    const press = (
      await sendForm(server, editor, "POST", "/press-and-recognition/auth/add", { link: "https://news.example/library", type: "Press Release" }, [
        pngFile("thumbnail", 42),
      ])
    ).json().data
    expect((await libraryEntryOf(server, press.thumbnail))?.alt).toBe("https://news.example/library")
    const gallery = (await sendForm(server, editor, "POST", "/gallery/add", {}, [pngFile("image", 43)])).json().data
    expect((await libraryEntryOf(server, gallery.image))?.alt).toBe("Gallery image")
  })

  it("shows a library image chosen instead of an upload, on add and update, for blogs, cards and the gallery", async () => {
    const chosen = await libraryImage(11, "Chosen from the library")
    const before = publicFiles(server).length
    const blog = await sendForm(server, editor, "POST", "/blog/create", { ...blogText("Chosen Cover"), libraryImage: chosen._id })
    expect(blog.statusCode, blog.body).toBe(200)
    expect(blog.json().data.image).toBe(chosen.url)
    const testimonial = await sendForm(server, editor, "POST", "/testimonial/auth/add", {
      name: "Ravi Chosen",
      summery: "Kind words.",
      libraryImage: chosen._id,
    })
    expect(testimonial.json().data.avatar).toBe(chosen.url)
    const gallery = await sendForm(server, editor, "POST", "/gallery/add", { libraryImage: chosen._id })
    expect(gallery.json().data.image).toBe(chosen.url)
    expect(publicFiles(server).length, "no file is stored again").toBe(before)

    const other = await libraryImage(12, "Another library image")
    const updated = await sendForm(server, editor, "PATCH", `/blog/update/${blog.json().data._id}`, { libraryImage: other._id })
    expect(updated.json().data.image).toBe(other.url)
    expect(await usesOfItem(chosen._id)).toEqual(
      expect.arrayContaining([
        { kind: "testimonial", id: testimonial.json().data._id, label: "Ravi Chosen" },
        { kind: "gallery", id: gallery.json().data._id, label: "Gallery image" },
      ]),
    )
    expect(await usesOfItem(other._id)).toEqual([{ kind: "blog", id: blog.json().data._id, label: "Chosen Cover title" }])

    // Still shown, so deleting it from the library warns first.
    const refused = await call("DELETE", `/media/${other._id}`)
    expect([refused.statusCode, refused.json().message]).toEqual([409, MEDIA_IN_USE])
  })

  it("refuses an upload and a library image together, and a library image that is gone, leaving nothing behind", async () => {
    const chosen = await libraryImage(21, "Soon gone")
    const files = publicFiles(server)
    const blogs = await server.db.selectFrom("blogs").select("id").execute()
    const both = await sendForm(server, editor, "POST", "/blog/create", { ...blogText("Both Ways"), libraryImage: chosen._id }, [pngFile("image", 44)])
    expect([both.statusCode, both.json().message]).toEqual([400, "image: send either an image or libraryImage, not both"])
    expect((await call("DELETE", `/media/${chosen._id}`)).statusCode).toBe(200)
    const gone = await sendForm(server, editor, "POST", "/expert/auth/add", { name: "Nobody", designation: "None", libraryImage: chosen._id })
    expect([gone.statusCode, gone.json().message]).toEqual([400, LIBRARY_IMAGE_GONE])
    const unknown = await sendForm(server, editor, "POST", "/gallery/add", { libraryImage: "no-such-image" })
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, LIBRARY_IMAGE_GONE])
    const neither = await sendForm(server, editor, "POST", "/blog/create", blogText("Neither Way"))
    expect([neither.statusCode, neither.json().message]).toEqual([400, "image: is required"])
    expect(await server.db.selectFrom("blogs").select("id").execute()).toHaveLength(blogs.length)
    expect(
      publicFiles(server).filter((f) => !files.includes(f)),
      "the refused calls stored no file",
    ).toEqual([])
  })

  it("gives the public read API each image's dimensions, alt text and srcset values, and null once the library lets it go", async () => {
    const cover = await libraryImage(31, "A public cover")
    const blog = (await sendForm(server, editor, "POST", "/blog/create", { ...blogText("Pictured Blog"), libraryImage: cover._id })).json().data
    const expert = (
      await sendForm(server, editor, "POST", "/expert/auth/add", { name: "Dr. Pictured", designation: "Counsellor", libraryImage: cover._id })
    ).json().data
    const picture = { width: 700, height: 400, alt: "A public cover", srcset: cover.srcset, webpSrcset: cover.webpSrcset }
    // The variants a 700 px image has: 320 and 640 px, in its own format and as WebP, each named by its hash.
    expect(picture.srcset).toMatch(/^\/uploads\/[a-f0-9]{32}\.png 320w, \/uploads\/[a-f0-9]{32}\.png 640w$/)
    expect(picture.webpSrcset).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp 320w, \/uploads\/[a-f0-9]{32}\.webp 640w$/)
    const publicRead = (url: string) => server.app.inject({ method: "GET", url: `/api/v1${url}` })
    expect((await publicRead(`/public/blogs/${blog.slug}`)).json().data).toEqual({ ...blog, picture })
    const listed = (await publicRead("/public/blogs?limit=100")).json().data.find((b: { _id: string }) => b._id === blog._id)
    expect(listed).toEqual({ ...blog, picture })
    expect((await publicRead("/public/experts?limit=100")).json().data.find((e: { _id: string }) => e._id === expert._id)).toEqual({ ...expert, picture })

    // Deleted from the library after the warning: the records keep showing the original, without a picture.
    expect((await call("DELETE", `/media/${cover._id}?force=true`)).statusCode).toBe(200)
    expect((await publicRead(`/public/blogs/${blog.slug}`)).json().data).toEqual({ ...blog, picture: null })
  })

  it("gives the console's card and gallery lists each image's picture, the form's own upload as much as a library choice", async () => {
    const shared = await libraryImage(47, "A shared portrait")
    const picture = { width: 700, height: 400, alt: "A shared portrait", srcset: shared.srcset, webpSrcset: shared.webpSrcset }
    const chosen = (
      await sendForm(server, editor, "POST", "/testimonial/auth/add", { name: "Asha Pictured", summery: "Kind words", libraryImage: shared._id })
    ).json().data
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 48, g: 120, b: 9 } } })
      .png()
      .toBuffer()
    const uploaded = (
      await sendForm(server, editor, "POST", "/gallery/add", {}, [{ field: "image", filename: "g.png", type: "image/png", data: photo }])
    ).json().data
    const find = async (url: string, id: string) => (await call("GET", url)).json().data.find((item: { _id: string }) => item._id === id)

    expect(await find("/testimonial/auth/get?page=1&limit=100", chosen._id)).toEqual({ ...chosen, picture })
    // An upload through the form has its picture too: it joined the library, described as the gallery describes it.
    const galleryItem = await find("/gallery/get?page=1&limit=100", uploaded._id)
    expect(galleryItem).toMatchObject({ ...uploaded, picture: { width: 900, height: 600, alt: "Gallery image" } })
    expect(galleryItem.picture.srcset).toMatch(/^\/uploads\/[a-f0-9]{32}\.png 320w, \/uploads\/[a-f0-9]{32}\.png 640w$/)
    expect(galleryItem.picture.webpSrcset).toMatch(/ 640w$/)
  })
})
