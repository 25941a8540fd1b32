import { randomBytes } from "node:crypto"
import { drawPng } from "../../server/db/seeds/demo-images.ts"

export interface FilePart {
  field: string
  filename: string
  type: string
  data: Buffer
}

/** A multipart/form-data body for app.inject, as a browser would send it. */
export function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----console-test-${randomBytes(8).toString("hex")}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  for (const file of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    )
    parts.push(file.data, Buffer.from("\r\n"))
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } }
}

export const pngFile = (field: string, seed = 1): FilePart => ({
  field,
  filename: "picture.png",
  type: "image/png",
  data: drawPng(24, 16, [seed * 20, 100, 150], [200, 50, seed * 10], "none"),
})
