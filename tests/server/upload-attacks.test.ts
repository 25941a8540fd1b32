import { readdirSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Endpoint } from "../../src/api/contract/endpoint.ts"
import { endpoints } from "../../src/api/contract/endpoints.ts"
import { tablesFingerprint } from "./contract-inputs.ts"
import { startTestServer, type TestServer } from "./harness.ts"
import { htmlPage, pngImage, svgImage, type FilePart } from "./ticket-fixtures.ts"
import { requestContext, sendValid, valid, type Ctx } from "./valid-requests.ts"
import { explainRefusals, FILE_CONTENT_REFUSAL } from "./openapi-validator.ts"
// Refusals of requests the API document calls valid, provoked here on purpose, with what explains each.
explainRefusals([FILE_CONTENT_REFUSAL])

/**
 * Upload attacks on every multipart call of the contract: script-carrying SVG, HTML named .png, polyglots
 * (a whole PNG or GIF header with HTML, script or a zip after it), path-traversal and NUL file names,
 * an oversized file, a declared type that is not an image, an empty file. Each is refused with a message
 * naming the field (or the size), and neither the uploads folders nor any table changes.
 */
const LIMIT = 2 * 1024 * 1024

/** The file part each multipart call takes. */
const fileField: Record<string, string> = {
  createTicket: "image",
  partnerSignup: "certificationImg",
  createBlog: "image",
  updateBlog: "image",
  scheduleBlog: "image",
  uploadMedia: "image",
  addGalleryImage: "image",
  addExpert: "avatar",
  updateExpert: "avatar",
  addTestimonial: "avatar",
  updateTestimonial: "avatar",
  addPress: "thumbnail",
  updatePress: "thumbnail",
  updateOwnProfile: "profileImg",
}

const zip = Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(26), Buffer.from("evil.html<script>alert(1)</script>")])
const attacks: Array<{ label: string; filename: string; type: string; data: Buffer; message: RegExp }> = [
  { label: "an SVG with a script", filename: "face.svg", type: "image/svg+xml", data: svgImage, message: /^\w+: only .* images are accepted$/ },
  { label: "HTML named .png", filename: "photo.png", type: "image/png", data: htmlPage, message: /^\w+: only .* images are accepted$/ },
  {
    label: "a PNG with HTML after its end",
    filename: "x.png",
    type: "image/png",
    data: Buffer.concat([pngImage(), htmlPage]),
    message: /^\w+: the file is not a valid PNG image$/,
  },
  {
    label: "a PNG with a zip after its end",
    filename: "x.png",
    type: "image/png",
    data: Buffer.concat([pngImage(), zip]),
    message: /^\w+: the file is not a valid PNG image$/,
  },
  {
    label: "a GIF header followed by script",
    filename: "x.gif",
    type: "image/gif",
    data: Buffer.from("GIF89a/*<script>alert(1)</script>*/"),
    message: /^\w+: (only .* images are accepted|the file is not a valid GIF image)$/,
  },
  { label: "a traversal name", filename: "../../etc/passwd.png", type: "image/png", data: pngImage(), message: /^\w+: the file name must be a plain name/ },
  { label: "an absolute name", filename: "/etc/cron.d/x.png", type: "image/png", data: pngImage(), message: /^\w+: the file name must be a plain name/ },
  { label: "a Windows path", filename: "..\\..\\windows\\win.png", type: "image/png", data: pngImage(), message: /^\w+: the file name must be a plain name/ },
  { label: "a NUL in the name", filename: "x.php\u0000.png", type: "image/png", data: pngImage(), message: /^\w+: the file name must be a plain name/ },
  {
    label: "a declared type that is not an image",
    filename: "x.png",
    type: "text/html",
    data: pngImage(),
    message: /^\w+: must be an image \(PNG, JPEG, WebP or GIF\), not text\/html$/,
  },
  { label: "an empty file", filename: "empty.png", type: "image/png", data: Buffer.alloc(0), message: /^\w+: the file is empty$/ },
  {
    label: "an oversized file",
    filename: "big.png",
    type: "image/png",
    data: Buffer.concat([pngImage(), Buffer.alloc(LIMIT, 1)]),
    message: /^The request is too large\.$/,
  },
]

let server: TestServer
let ctx: Ctx
beforeAll(async () => {
  server = await startTestServer()
  ctx = await requestContext(server)
}, 60_000)
afterAll(() => server?.close())

const uploadsTree = () => {
  const root = join(server.dataDir, "uploads")
  return readdirSync(root, { recursive: true }).map(String).sort()
}
// Mail (outbox) and the event log's daily checkpoint (audit) are written in the background, after earlier writes.
const dataDirTree = () =>
  readdirSync(server.dataDir, { recursive: true })
    .map(String)
    .filter((p) => !p.startsWith("outbox") && !p.startsWith("audit"))
    .sort()

const multipartCalls = endpoints.filter((e) => e.multipart)
let n = 0

async function attack(e: Endpoint, file: FilePart) {
  const req = await valid[e.name]!(ctx, ++n, server)
  return sendValid(server, ctx, e, req, { file, remoteAddress: `192.0.2.${n % 250}` })
}

describe("upload attacks on every multipart call", () => {
  it("knows the file part of every multipart call", () => {
    expect(multipartCalls.map((e) => e.name).filter((name) => !fileField[name] || !valid[name])).toEqual([])
  })

  for (const e of multipartCalls) {
    it(`${e.method} ${e.path} refuses each attack and writes nothing`, async () => {
      const field = fileField[e.name]!
      // A call with a limit of its own above the server's (the media library's photos) is sent a file past that one.
      const ownLimit = Math.max(0, ...Object.values(e.files ?? {}).map((f) => f.maxBytes ?? 0))
      for (const a of attacks) {
        // Requests that need data made first (none do today) would change tables before the attack.
        const before = { uploads: uploadsTree(), dir: dataDirTree(), tables: await tablesFingerprint(server.db) }
        const data = a.label === "an oversized file" && ownLimit > LIMIT ? Buffer.concat([pngImage(), Buffer.alloc(ownLimit, 1)]) : a.data
        const res = await attack(e, { field, filename: a.filename, contentType: a.type, data })
        const where = `${e.name} with ${a.label}: ${res.statusCode} ${res.body.slice(0, 160)}`
        expect([400, 413], where).toContain(res.statusCode)
        expect(res.json().message, where).toMatch(a.message)
        if (res.statusCode === 400) expect(res.json().message.startsWith(`${field}:`), where).toBe(true)
        expect(uploadsTree(), `${where}: uploads changed`).toEqual(before.uploads)
        expect(dataDirTree(), `${where}: data folder changed`).toEqual(before.dir)
        expect(await tablesFingerprint(server.db), `${where}: data changed`).toBe(before.tables)
      }
    }, 60_000)
  }

  it("still takes a real image on each of them (so the refusals are about the files)", async () => {
    for (const e of multipartCalls) {
      const res = await attack(e, { field: fileField[e.name]!, filename: "ok.png", contentType: "image/png", data: pngImage() })
      expect(res.statusCode, `${e.name}: ${res.body.slice(0, 160)}`).toBe(200)
    }
  })
})
