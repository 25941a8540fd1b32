import multipart, { type FastifyMultipartOptions } from "@fastify/multipart"
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify"
import { badRequest } from "../services/errors.ts"

declare module "fastify" {
  interface FastifyInstance {
    /** What every form route's multipart plugin allows (set once by buildApp). */
    formUploads: FastifyMultipartOptions
  }
}

export function registerFormUploads(app: FastifyInstance, options: FastifyMultipartOptions): void {
  app.decorate("formUploads", options)
}

/**
 * Registers a route that reads a multipart form in a scope of its own, with the multipart plugin. The
 * plugin hooks every request of its scope (onRequest and onResponse, for temporary files this server
 * never writes): registered for the whole app, those ran on every call, the 304 chat poll included.
 */
export function routeWithForm(app: FastifyInstance, options: RouteOptions, maxFileBytes?: number): void {
  app.register(async (scope) => {
    const limits = app.formUploads.limits ?? {}
    // A form whose file may be larger than the server's upload limit (the media library's photos) says so.
    const fileSize = Math.max(limits.fileSize ?? 0, maxFileBytes ?? 0) || undefined
    await scope.register(multipart, { ...app.formUploads, limits: { ...limits, ...(fileSize ? { fileSize } : {}) } })
    scope.route(options)
  })
}

export const NOT_A_FORM = "body: is not a valid multipart/form-data body"

export interface UploadedFile {
  field: string
  filename: string
  mimetype: string
  data: Buffer
}

/**
 * Reads a multipart form whole: text fields (empty ones skipped, as the console skips nulls) and
 * files in memory, bounded by the multipart plugin's size limit. Content is checked later by its bytes;
 * here a file is refused for what it claims to be: a name with a path (the plugin keeps paths so we can
 * see them), a declared type that is not an image, or no bytes at all. The whole form is still read
 * before refusing, so the connection is left clean.
 */
export async function readMultipart(request: FastifyRequest): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) throw badRequest("body: must be multipart/form-data")
  const fields: Record<string, string> = {}
  const files: UploadedFile[] = []
  let refusal: string | null = null
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const data = await part.toBuffer()
        // A file input left empty arrives as a part with no name and no bytes: nothing was chosen.
        if (part.filename === "" && data.length === 0) continue
        refusal ??= fileProblem(part.fieldname, part.filename, part.mimetype, data)
        if (!refusal) files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data })
      } else if (typeof part.value === "string" && part.value !== "" && part.value !== "null") {
        fields[part.fieldname] = part.value
      }
    }
  } catch (error) {
    // The plugin's own refusals (too large, too many parts) carry their 4xx; anything else it threw is
    // the parser failing on a body that is not a multipart form (no boundary, a broken one, cut short).
    const status = (error as { statusCode?: number }).statusCode
    if (status !== undefined && status < 500) throw error
    throw badRequest(NOT_A_FORM)
  }
  if (refusal) throw badRequest(refusal)
  return { fields, files }
}

/** Browsers send a bare file name; a path, a control character or a bare `..` means somebody crafted it. */
const hasControlCharacter = (name: string) => [...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
export const isUnsafeName = (name: string) => /[/\\]|^\.\.?$/.test(name) || hasControlCharacter(name)

function fileProblem(field: string, filename: string, mimetype: string, data: Buffer): string | null {
  if (isUnsafeName(filename)) return `${field}: the file name must be a plain name, without folders or control characters`
  if (data.length === 0) return `${field}: the file is empty`
  // The bytes decide the kind later; a declared type that is not an image at all is refused outright.
  if (!/^image\/[\w.+-]+$/i.test(mimetype) && mimetype !== "application/octet-stream")
    return `${field}: must be an image (PNG, JPEG, WebP or GIF), not ${mimetype.slice(0, 60)}`
  return null
}
