import { writeFileSync } from "node:fs"
import { apiResources } from "../src/api/contract/endpoints.ts"
import { loadConfig } from "../server/config.ts"
import { buildOpenApiDocument } from "../server/docs/openapi-document.ts"

/**
 * Writes the API document the server serves at /api/docs/openapi.json to a file (default
 * openapi.json), for the linters and the generated client: the same builder, the same limits.
 */
const out = process.argv[2] ?? "openapi.json"
const config = loadConfig(process.env)
writeFileSync(out, `${JSON.stringify(buildOpenApiDocument(apiResources, { uploadBytes: config.uploadLimitBytes }), null, 2)}\n`)
console.log(`wrote ${out}`)
