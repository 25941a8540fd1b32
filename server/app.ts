import multipart from "@fastify/multipart"
import Fastify, { type FastifyInstance } from "fastify"
import type { AppDeps } from "./deps.ts"
import { registerApiDocs } from "./plugins/api-docs.ts"
import { registerBenchInstrument } from "./plugins/bench-instrument.ts"
import { registerAuth } from "./plugins/auth.ts"
import { registerErrorHandler } from "./plugins/error-handler.ts"
import { registerHealth } from "./plugins/health.ts"
import { registerRequestIdHeader, requestIdOf } from "./plugins/logging.ts"
import { registerRouteRegistry } from "./plugins/route-registry.ts"
import { registerSecurityHeaders } from "./plugins/security-headers.ts"
import { registerStaticSpa } from "./plugins/static-spa.ts"
import { registerPublicUploads } from "./plugins/uploads.ts"
import { apiRoutes } from "./routes/index.ts"

/** Builds the whole server from its dependencies; `main.ts` and the tests both call this. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    // The id comes from genReqId alone, which keeps an incoming x-request-id only when it looks safe.
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: deps.trustProxy,
    bodyLimit: 1024 * 1024,
  })
  // First, so its timing starts before every other hook.
  if (deps.benchQueries) registerBenchInstrument(app, deps.benchQueries)
  registerRouteRegistry(app)
  registerRequestIdHeader(app)
  registerErrorHandler(app)
  await registerSecurityHeaders(app)
  await app.register(multipart, { limits: { fileSize: deps.uploadLimitBytes, files: 5, fields: 50 }, throwFileSizeLimit: true })
  registerAuth(app, deps.tokens)
  registerHealth(app, deps.db)
  await app.register(async (api) => apiRoutes(api, deps), { prefix: "/api/v1" })
  registerApiDocs(app)
  registerPublicUploads(app, deps.uploads)
  await registerStaticSpa(app, deps.distDir)
  return app
}
