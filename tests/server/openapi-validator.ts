import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js"
import addFormats from "ajv-formats"
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { apiResources } from "../../src/api/contract/endpoints.ts"
import { API_PREFIX, buildOpenApiDocument, openApiPath } from "../../server/docs/openapi-document.ts"
// The rule the document states in words for every file part's name.
import { isUnsafeName } from "../../server/plugins/multipart.ts"

/**
 * Every answer the server tests receive, checked against the API document as an outside client would
 * check it (Ajv, the JSON Schema 2020-12 validator OpenAPI 3.1 uses), and every 400 checked against
 * the request the document calls valid. What breaks either rule is a violation; the server project's
 * setup file fails the test that caused it (tests/server/setup.ts).
 */
export interface Violation {
  operation: string
  problem: string
}

export const violations: Violation[] = []

/** Refusals (400) of requests the document calls valid that a test file provokes on purpose. */
const explained: Array<{ message: string | RegExp; why: string }> = []

/**
 * Names the state that explains each refusal a test provokes on purpose although the document calls
 * the request valid (a wrong password, an expired link, a date already past): the message the server
 * answers, and why. Any other such refusal is a rule the document does not state, and fails the test.
 * Kept for the test file (vitest gives each file its own modules).
 */
export function explainRefusals(entries: ReadonlyArray<readonly [message: string | RegExp, why: string]>): void {
  for (const [message, why] of entries) explained.push({ message, why })
}

/**
 * A new test file begins: the refusals the last file explained, and the forms it sent, are its own. The
 * server project runs its files one after another in each worker process (no isolation, so the server's
 * modules, the document and its compiled validators load once per worker, not once per file).
 */
export function beginTestFile(): void {
  explained.length = 0
  violations.length = 0
  sentForms.clear()
}

/** The refusal every upload test provokes when a file part's bytes are not the image its type names. */
export const FILE_CONTENT_REFUSAL = [
  /^\w+: (the file is not a valid (PNG|JPEG|WEBP|GIF) image|only PNG, JPEG(, WEBP, GIF)? images are accepted)$/,
  "the bytes are not the image the part says it is (the document: checked by its content)",
] as const

const isExplained = (message: string) => explained.some((e) => (typeof e.message === "string" ? e.message === message : e.message.test(message)))

// The document is JSON the validator walks by name; its shape is OpenAPI's, checked by the linters.
type Json = Record<string, any> // oxlint-disable-line typescript/no-explicit-any

let shared: { document: Json; ajv: Ajv2020 } | undefined
const compiled = new Map<string, ValidateFunction>()

function documentAndValidator(uploadBytes: number) {
  if (!shared) {
    const document = buildOpenApiDocument(apiResources, { uploadBytes }) as Json
    // OpenAPI's own keywords (discriminator, xml, example) and x- extensions are not JSON Schema's.
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true })
    addFormats(ajv)
    ajv.addSchema({ ...document, $id: "openapi.json" })
    shared = { document, ajv }
  }
  return shared
}

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/")

function validatorAt(ajv: Ajv2020, path: string[]): ValidateFunction {
  const ref = `openapi.json#/${pointer(...path)}`
  let validate = compiled.get(ref)
  if (!validate) {
    validate = ajv.compile({ $ref: ref })
    compiled.set(ref, validate)
  }
  return validate
}

const describeErrors = (validate: ValidateFunction) =>
  (validate.errors ?? [])
    .slice(0, 4)
    .map((e) => `${e.instancePath || "(root)"} ${e.message}${e.params && "additionalProperty" in e.params ? ` '${e.params.additionalProperty}'` : ""}`)
    .join("; ")

/** The multipart bodies the tests sent, by the id their request carries: the server reads a form as a stream, once. */
const sentForms = new Map<string, Buffer>()
const FORM_ID_HEADER = "x-test-form-id"

/**
 * Checks every /api/v1 answer of `app` against the document (an onSend hook; registered before ready).
 * `app.inject` keeps each multipart body it sends, so a refused upload can be judged like JSON.
 */
export function validateAgainstDocument(app: FastifyInstance, uploadBytes: number): void {
  const { document, ajv } = documentAndValidator(uploadBytes)
  const inject = app.inject.bind(app)
  app.inject = ((options?: unknown) => {
    if (!options || typeof options !== "object" || !Buffer.isBuffer((options as { payload?: unknown }).payload)) return inject(options as never)
    const headers = { ...((options as { headers?: Record<string, string> }).headers ?? {}) }
    if (!String(headers["content-type"] ?? "").startsWith("multipart/form-data")) return inject(options as never)
    const id = String(sentForms.size + 1)
    sentForms.set(id, (options as { payload: Buffer }).payload)
    return inject({ ...(options as object), headers: { ...headers, [FORM_ID_HEADER]: id } } as never)
  }) as FastifyInstance["inject"]
  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const url = request.routeOptions.url
    if (!url?.startsWith(`${API_PREFIX}/`)) return payload
    const path = openApiPath(url.slice(API_PREFIX.length))
    const method = request.method.toLowerCase()
    const operation = document.paths[path]?.[method] as Json | undefined
    if (!operation) return payload
    const name = `${request.method} ${path} (${operation.operationId})`
    const status = String(reply.statusCode)
    const declared = operation.responses[status] as Json | undefined
    if (!declared) {
      violations.push({ operation: name, problem: `answered ${status}, which the document does not declare` })
      return payload
    }
    const type = String(reply.getHeader("content-type") ?? "")
      .split(";")[0]!
      .trim()
    const content = declared.content as Json | undefined
    if (content && !(type in content)) {
      violations.push({ operation: name, problem: `answered ${status} as ${type || "no content type"}; the document says ${Object.keys(content).join(", ")}` })
      return payload
    }
    if (type === "application/json" && typeof payload === "string") {
      const validate = validatorAt(ajv, ["paths", path, method, "responses", status, "content", "application/json", "schema"])
      if (!validate(JSON.parse(payload)))
        violations.push({ operation: name, problem: `${status} answer does not match the document: ${describeErrors(validate)}` })
    }
    if (status === "400" && typeof payload === "string") {
      const message = String((JSON.parse(payload) as { message?: unknown }).message)
      if (!isExplained(message) && documentCallsValid(ajv, path, method, operation, request)) {
        violations.push({ operation: name, problem: `a request the document calls valid was refused: ${message}` })
      }
    }
    return payload
  })
}

/** Whether the document calls this request valid (then a refusal is a rule the document does not state). */
function documentCallsValid(ajv: Ajv2020, path: string, method: string, operation: Json, request: FastifyRequest): boolean {
  const parameters = (operation.parameters ?? []) as Json[]
  const values: Record<string, Record<string, unknown>> = {
    path: (request.params ?? {}) as Record<string, unknown>,
    query: (request.query ?? {}) as Record<string, unknown>,
    header: request.headers as Record<string, unknown>,
  }
  for (const [index, parameter] of parameters.entries()) {
    const raw = values[parameter.in]?.[parameter.in === "header" ? parameter.name.toLowerCase() : parameter.name]
    if (raw === undefined) {
      if (parameter.required) return false
      continue
    }
    if (typeof raw !== "string") return false
    const validate = validatorAt(ajv, ["paths", path, method, "parameters", String(index), "schema"])
    const type = (parameter.schema as Json).type
    // Parameters travel as text: a number is valid when the text is that number written plainly.
    const value = type === "integer" || type === "number" ? (/^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw) : raw
    if (!validate(value)) return false
  }
  const known = new Set(parameters.filter((p) => p.in === "query").map((p) => p.name as string))
  if (Object.keys(values.query!).some((key) => !known.has(key))) return false
  const body = operation.requestBody as Json | undefined
  // A call that takes no body is not sent one by a client that follows the document.
  if (!body) return !Number(request.headers["content-length"] ?? 0) && request.headers["transfer-encoding"] === undefined
  const contentType = String(request.headers["content-type"] ?? "")
  if (body.content["multipart/form-data"])
    return formCallsValid(ajv, path, method, body.content["multipart/form-data"] as Json, contentType, request.headers[FORM_ID_HEADER])
  if (!body.content["application/json"] || !contentType.startsWith("application/json")) return false
  return validatorAt(ajv, ["paths", path, method, "requestBody", "content", "application/json", "schema"])(request.body)
}

/**
 * An upload is valid for the document when its text fields and file parts (as text: their bytes are the
 * server's to judge, "checked by its content") match the form's schema, each field comes once, and each
 * file part says one of the media types the document lists for it.
 */
function formCallsValid(ajv: Ajv2020, path: string, method: string, media: Json, contentType: string, id: unknown): boolean {
  const sent = typeof id === "string" ? sentForms.get(id) : undefined
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType)
  if (!sent || !boundary) return false
  const parts = partsOf(sent, boundary[1] ?? boundary[2]!)
  if (!parts) return false
  const form: Record<string, string> = {}
  for (const part of parts) {
    if (part.name in form) return false
    form[part.name] = part.value
    const accepted = (media.encoding as Record<string, { contentType: string }> | undefined)?.[part.name]?.contentType
    if (part.filename !== undefined && (!accepted?.split(", ").includes(part.type ?? "") || isUnsafeName(part.filename))) return false
  }
  return validatorAt(ajv, ["paths", path, method, "requestBody", "content", "multipart/form-data", "schema"])(form)
}

/** The parts of a multipart/form-data body, or undefined when it is not well formed. */
function partsOf(body: Buffer, boundary: string): Array<{ name: string; value: string; filename?: string; type?: string }> | undefined {
  const text = body.toString("latin1")
  const sections = text.split(`--${boundary}`)
  if (sections.length < 2 || !sections.at(-1)!.startsWith("--")) return undefined
  const parts = []
  for (const section of sections.slice(1, -1)) {
    const split = section.indexOf("\r\n\r\n")
    if (!section.startsWith("\r\n") || split < 0 || !section.endsWith("\r\n")) return undefined
    const head = section.slice(2, split)
    const name = /name="([^"]*)"/.exec(head)?.[1]
    if (name === undefined) return undefined
    const filename = /filename="([^"]*)"/.exec(head)?.[1]
    const type = /^content-type:\s*(.+)$/im.exec(head)?.[1]?.trim()
    const value = Buffer.from(section.slice(split + 4, -2), "latin1").toString("utf8")
    parts.push({ name, value, ...(filename !== undefined ? { filename, ...(type ? { type } : {}) } : {}) })
  }
  return parts
}
