import { mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { localUploadStore } from "../../server/services/storage/uploads.ts"

const dir = mkdtempSync(join(tmpdir(), "uploads-test-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const store = localUploadStore(dir, 64 * 1024)
const file = (data: Buffer, filename = "photo.png") => ({ field: "image", filename, mimetype: "image/png", data })

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(body.length, 0)
  head.write(type, 4, "ascii")
  return Buffer.concat([head, body, Buffer.alloc(4)])
}
const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const png = (...extra: Buffer[]) =>
  Buffer.concat([signature, chunk("IHDR", Buffer.alloc(13)), ...extra, chunk("IDAT", Buffer.alloc(10)), chunk("IEND", Buffer.alloc(0))])
const stored = () => readdirSync(join(dir, "uploads", "private"))

describe("upload store", () => {
  it("keeps a PNG under a random name without its text metadata", () => {
    const image = store.saveImage(file(png(chunk("tEXt", Buffer.from("Author\0Someone")))), ["png", "jpeg"], "private")
    expect(image.name).toMatch(/^[a-f0-9]{32}\.png$/)
    expect(image.contentType).toBe("image/png")
    expect(image.size).toBe(png().length)
  })

  it("refuses HTML named .png, an SVG, a polyglot and an oversized file, writing nothing", () => {
    const before = stored().length
    const html = Buffer.from("<html><script>alert(1)</script></html>")
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    expect(() => store.saveImage(file(html), ["png"], "private")).toThrow("image: only PNG images are accepted")
    expect(() => store.saveImage(file(svg, "x.svg"), ["png", "jpeg", "webp", "gif"], "private")).toThrow(/only PNG, JPEG, WEBP, GIF/)
    expect(() => store.saveImage(file(Buffer.concat([png(), html])), ["png"], "private")).toThrow("image: the file is not a valid PNG image")
    expect(() => store.saveImage(file(Buffer.concat([png(), Buffer.alloc(70 * 1024)])), ["png"], "private")).toThrow(/larger than/)
    expect(stored().length).toBe(before)
  })

  it("refuses a path-traversal name", () => {
    expect(() => store.pathOf("../../etc/passwd", "public")).toThrow("Unknown file.")
  })
})
