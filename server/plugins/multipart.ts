import type { FastifyRequest } from "fastify"
import { badRequest } from "../services/errors.ts"

export interface UploadedFile {
  field: string
  filename: string
  mimetype: string
  data: Buffer
}

/**
 * Reads a multipart form whole: text fields (empty ones skipped, as the console skips nulls) and
 * files in memory, bounded by the multipart plugin's size limit. Content is checked later by its bytes.
 */
export async function readMultipart(request: FastifyRequest): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) throw badRequest("body: must be multipart/form-data")
  const fields: Record<string, string> = {}
  const files: UploadedFile[] = []
  for await (const part of request.parts()) {
    if (part.type === "file") {
      const data = await part.toBuffer()
      if (data.length > 0) files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data })
    } else if (typeof part.value === "string" && part.value !== "" && part.value !== "null") {
      fields[part.fieldname] = part.value
    }
  }
  return { fields, files }
}
