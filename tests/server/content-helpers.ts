import { readdirSync } from "node:fs"
import { join } from "node:path"
import { bearer, type TestServer } from "./harness.ts"
import { multipart, type FilePart } from "./multipart.ts"

/** Sends a multipart content call as the given token. */
export const sendForm = (
  server: TestServer,
  token: string | null,
  method: "POST" | "PATCH" | "PUT",
  url: string,
  fields: Record<string, string>,
  files: FilePart[] = [],
) => {
  const form = multipart(fields, files)
  return server.app.inject({ method, url: `/api/v1${url}`, payload: form.payload, headers: { ...form.headers, ...(token ? bearer(token) : {}) } })
}

export const publicFiles = (server: TestServer): string[] => readdirSync(join(server.dataDir, "uploads", "public")).sort()

/** The stored name inside an `/uploads/<name>` address. */
export const storedName = (url: string): string => url.replace(/^\/uploads\//, "")

export const eventsOf = (server: TestServer, entityId: string) =>
  server.db.selectFrom("events").selectAll().where("entity_id", "=", entityId).orderBy("id").execute()

/** The media library's entry for a stored image's address (alt text and all), if it holds it. */
export const libraryEntryOf = (server: TestServer, url: string) =>
  server.db.selectFrom("media").selectAll().where("file", "=", storedName(url)).executeTakeFirst()
