import { createReadStream, existsSync } from "node:fs"
import type { FastifyInstance } from "fastify"
import { contentTypes, type ImageKind } from "../services/storage/image-types.ts"
import { isStoredName, type UploadStore } from "../services/storage/uploads.ts"

/** Public uploads (website content images) at /uploads/<random name>, typed by their checked kind. */
export function registerPublicUploads(app: FastifyInstance, store: UploadStore): void {
  app.get<{ Params: { name: string } }>("/uploads/:name", async (request, reply) => {
    const { name } = request.params
    if (!isStoredName(name) || !existsSync(store.pathOf(name, "public"))) {
      return reply.status(404).send({ success: false, message: "File not found." })
    }
    const kind = name.split(".").pop() as ImageKind
    return reply
      .header("content-type", contentTypes[kind])
      .header("x-content-type-options", "nosniff")
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("content-security-policy", "default-src 'none'; sandbox")
      .send(createReadStream(store.pathOf(name, "public")))
  })
}
