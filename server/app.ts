import Fastify, { type FastifyInstance, type FastifyReply } from "fastify"
import type { AppDeps } from "./deps.ts"
import { registerApiDocs } from "./plugins/api-docs.ts"
import { BENCH_NO_CACHE_HEADER, registerBenchInstrument } from "./plugins/bench-instrument.ts"
import { registerWritePublishing } from "./plugins/write-publishing.ts"
import { writeClockOf } from "./db/write-clock.ts"
import { answerCache } from "./services/cache/answer-cache.ts"
import { registerAuth } from "./plugins/auth.ts"
import { registerErrorHandler } from "./plugins/error-handler.ts"
import { registerHealth } from "./plugins/health.ts"
import { registerIdempotency } from "./plugins/idempotency.ts"
import { registerJsonBody } from "./plugins/json-body.ts"
import { registerMetrics } from "./plugins/metrics.ts"
import { registerFormUploads } from "./plugins/multipart.ts"
import { fastifyLogging, registerRequestIdHeader, requestIdOf } from "./plugins/logging.ts"
import { registerRouteRegistry } from "./plugins/route-registry.ts"
import { fallbackSecurityHeaders, registerSecurityHeaders } from "./plugins/security-headers.ts"
import { registerStaticSpa } from "./plugins/static-spa.ts"
import { registerPublicUploads } from "./plugins/uploads.ts"
import { apiRoutes } from "./routes/index.ts"

/** Builds the whole server from its dependencies; `main.ts` and the tests both call this. */
export async function buildApp(given: AppDeps): Promise<FastifyInstance> {
  const answers =
    given.answers ??
    answerCache({
      clock: writeClockOf(given.db),
      ...(given.sharedWrites ? { shared: given.sharedWrites } : {}),
      // The bench times list queries with and without the cache; nothing else can skip it.
      ...(given.benchQueries ? { bypassHeader: BENCH_NO_CACHE_HEADER } : {}),
    })
  const deps: AppDeps = { ...given, answers }
  const app = Fastify({
    ...fastifyLogging(deps.logger),
    // The id comes from genReqId alone, which keeps an incoming x-request-id only when it looks safe.
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: deps.trustProxy,
    bodyLimit: 1024 * 1024,
    // A path that is not valid UTF-8 once decoded, or with a segment over 100 characters, never
    // reaches a route; answer in the usual shape, naming the path, instead of fastify's own.
    // (fastify types this reply with the route generics of no route; it is a plain reply here)
    frameworkErrors: (error, _request, reply) => {
      const message = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? "path: a part of the address is longer than 100 characters" : "path: is not a valid address"
      const plain = reply as unknown as FastifyReply
      plain.code(400).headers(fallbackSecurityHeaders()).send({ success: false, message })
    },
  })
  // First, so its timing starts before every other hook.
  if (deps.benchQueries) registerBenchInstrument(app, deps.benchQueries)
  registerRouteRegistry(app)
  registerRequestIdHeader(app)
  registerErrorHandler(app)
  registerJsonBody(app)
  registerSecurityHeaders(app)
  // preservePath: file names arrive as sent, so a crafted path is seen and refused rather than silently cut.
  registerFormUploads(app, { limits: { fileSize: deps.uploadLimitBytes, files: 5, fields: 50 }, throwFileSizeLimit: true, preservePath: true })
  registerAuth(app, deps)
  if (deps.sharedWrites) registerWritePublishing(app, answers)
  registerHealth(app, deps.db, deps.redis)
  registerIdempotency(app, deps.db, deps.now)
  registerMetrics(app)
  await app.register(async (api) => apiRoutes(api, deps), { prefix: "/api/v1" })
  registerApiDocs(app)
  registerPublicUploads(app, deps.uploads)
  await registerStaticSpa(app, deps.distDir)
  return app
}
