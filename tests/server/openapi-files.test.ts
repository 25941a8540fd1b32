import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { endpoints } from "../../src/api/contract/endpoints.ts"
import { openApiPath } from "../../server/docs/openapi-document.ts"
import { completePartnerForm } from "../unit/partner-form.ts"
import { sendForm } from "./content-helpers.ts"
import { startTestServer, type TestServer } from "./harness.ts"
import { resolvedIn } from "./openapi-refs.ts"

type Media = Record<
  string,
  {
    schema: { type?: string; format?: string; properties?: Record<string, { format?: string }>; required?: string[] }
    encoding?: Record<string, { contentType: string }>
  }
>
type Operation = { requestBody?: { description?: string; content: Media }; responses: Record<string, { content?: Media }> }

let server: TestServer
type Schema = Media[string]["schema"] & { $ref?: string }
let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } }
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
  doc = (await server.app.inject({ method: "GET", url: "/api/docs/openapi.json" })).json()
})
afterAll(() => server.close())

const operationOf = (e: (typeof endpoints)[number]) => doc.paths[openApiPath(e.path)]![e.method.toLowerCase()]!
const resolved = (schema: Schema): Schema => resolvedIn(doc.components.schemas, schema)

/** Valid text fields of each form with a required file, so the only thing missing is the file. */
const textOf: Record<string, Record<string, string>> = {
  createBlog: { blogName: "Files", title: "Files", keyword: "files", description: "Files", about: "<p>Files</p>" },
  addExpert: { name: "Dr. Files", designation: "Counsellor" },
  addTestimonial: { name: "Files", summery: "Files" },
  addPress: { link: "https://example.com/files", type: "Press Release" },
  addGalleryImage: {},
  uploadMedia: { alt: "Files" },
  partnerSignup: { ...completePartnerForm, email: "files@example.org" },
}

describe("files in the API document (issue 32)", () => {
  it("declares every file (and event stream) answer in its own media type, never as JSON", () => {
    const files = endpoints.filter((e) => e.produces)
    expect(files.map((e) => e.name).sort()).toEqual([
      "calendarFeed",
      "certificationImage",
      "exportAuditEvents",
      "exportList",
      "liveEvents",
      "proposedCertificationImage",
      "ticketAttachment",
    ])
    for (const e of files) {
      const content = operationOf(e).responses["200"]!.content!
      expect(Object.keys(content), e.name).toEqual([...e.produces!])
      expect(content["application/json"], e.name).toBeUndefined()
    }
  })

  it("names each upload's file parts with their media types, the required ones required, and the size limit", () => {
    const uploads = endpoints.filter((e) => e.multipart)
    expect(uploads.length).toBe(14)
    for (const e of uploads) {
      expect(e.files, `${e.name} declares its file parts`).toBeDefined()
      const body = operationOf(e).requestBody!
      const form = body.content["multipart/form-data"]!
      const schema = resolved(form.schema)
      for (const [name, part] of Object.entries(e.files!)) {
        expect(schema.properties![name]!.format, `${e.name} ${name}`).toBe("binary")
        expect(form.encoding![name]!.contentType, `${e.name} ${name}`).toBe(part.mediaTypes.join(", "))
        // A part a text field may stand for (a library image instead of an upload) is never plainly required:
        // the form needs one of the two when the part is required, and never both.
        const plainlyRequired = part.required && !part.instead
        expect(schema.required ?? [], `${e.name} ${name}`).toEqual(plainlyRequired ? expect.arrayContaining([name]) : expect.not.arrayContaining([name]))
        if (part.instead) {
          expect(schema.properties![part.instead], `${e.name} ${part.instead}`).toBeDefined()
          const rules = (schema as { allOf?: unknown[] }).allOf ?? []
          const having = (...names: string[]) => ({ required: names, properties: Object.fromEntries(names.map((n) => [n, {}])) })
          expect(rules, e.name).toContainEqual({ not: having(name, part.instead) })
          const either = { anyOf: [having(name), having(part.instead)] }
          expect(rules, e.name).toEqual(part.required ? expect.arrayContaining([either]) : expect.not.arrayContaining([either]))
        }
      }
      // The server's own limit (the test server's is 2 MB; UPLOAD_LIMIT_BYTES, 5 MB by default), or the call's own above it.
      const own = Math.max(0, ...Object.values(e.files!).map((f) => f.maxBytes ?? 0))
      expect(body.description, e.name).toMatch(own > 2 * 2 ** 20 ? new RegExp(`every file at most ${own / 2 ** 20} MB`) : /every file at most 2 MB/)
    }
  })

  it("is what the server does: a form without a required file part is refused with '<part>: is required'", async () => {
    const required = endpoints.filter((e) => Object.values(e.files ?? {}).some((part) => part.required))
    expect(required.map((e) => e.name).sort()).toEqual(Object.keys(textOf).sort())
    for (const e of required) {
      const [name] = Object.entries(e.files!).find(([, part]) => part.required)!
      const res = await sendForm(server, e.access === "public" ? null : admin, e.method as "POST", e.path, textOf[e.name]!)
      expect(res.statusCode, e.name).toBe(400)
      expect(res.json().message, e.name).toBe(`${name}: is required`)
    }
  })
})
