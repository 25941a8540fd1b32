import { readFileSync } from "node:fs"
import type { FastifyInstance } from "fastify"
import { apiResources } from "../../src/api/contract/endpoints.ts"
import { buildOpenApiDocument } from "../docs/openapi-document.ts"

const asset = (name: string) => readFileSync(new URL(`../docs/${name}`, import.meta.url), "utf8")

/**
 * The API reference: the OpenAPI document at /api/docs/openapi.json, and a page at /api/docs that
 * renders it. The page's script and styles are files of their own (the CSP allows no inline script)
 * and load nothing from outside the server.
 *
 * Not `@scalar/fastify-api-reference` or `swagger-ui-dist` (issue 43 asked to weigh them; read on
 * 2026-11-29): neither shows the role rule of each call (the document's `x-access`, which the page
 * puts on every operation and the role tests hold it to), and both are far heavier for what the page
 * does. Scalar 1.76 serves one 4.9 MB script and writes its configuration into an inline `<script>`
 * and its styles into a runtime `<style>`, which the CSP here refuses without a nonce on every
 * request; its request client and agent panel reach beyond this server. swagger-ui-dist is 12 MB
 * unpacked. The page here is 220 lines of script that builds every node with textContent.
 */
export function registerApiDocs(app: FastifyInstance): void {
  // Built on the first request for it, not at start: it walks every schema of the contract, and a
  // server is asked for its reference far less often than it starts.
  let document: string | undefined
  const files = {
    page: asset("reference.html"),
    script: asset("reference.js"),
    styles: asset("reference.css"),
  }
  app.get("/api/docs", async (_request, reply) => reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(files.page))
  app.get("/api/docs/openapi.json", async (_request, reply) =>
    reply
      .type("application/json; charset=utf-8")
      .header("cache-control", "no-cache")
      .send((document ??= JSON.stringify(buildOpenApiDocument(apiResources, { uploadBytes: Number(app.formUploads.limits?.fileSize ?? 0) })))),
  )
  app.get("/api/docs/reference.js", async (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache").send(files.script),
  )
  app.get("/api/docs/reference.css", async (_request, reply) => reply.type("text/css; charset=utf-8").header("cache-control", "no-cache").send(files.styles))
}
