import Fastify, { type FastifyInstance, type FastifyReply } from "fastify"
import type { AppDeps, RouteDeps } from "./deps.ts"
import { registerAccessLog } from "./plugins/access-log.ts"
import { registerApiDocs } from "./plugins/api-docs.ts"
import { BENCH_NO_CACHE_HEADER, registerBenchInstrument } from "./plugins/bench-instrument.ts"
import { registerWritePublishing } from "./plugins/write-publishing.ts"
import { writeClockOf } from "./db/write-clock.ts"
import { answerCache } from "./services/cache/answer-cache.ts"
import { registerAuth } from "./plugins/auth.ts"
import { serverWithUnchangedPoll, unchangedPoll, type UnchangedPoll } from "./plugins/unchanged-poll.ts"
import { registerErrorHandler } from "./plugins/error-handler.ts"
import { registerHealth } from "./plugins/health.ts"
import { registerIdempotency } from "./plugins/idempotency.ts"
import { registerJsonBody } from "./plugins/json-body.ts"
import { registerMetrics } from "./plugins/metrics.ts"
import { registerFormUploads } from "./plugins/multipart.ts"
import { fastifyLogging, registerRequestIdHeader, requestIdOf } from "./plugins/logging.ts"
import { withOrigin } from "./services/request-origin.ts"
import { registerRouteRegistry } from "./plugins/route-registry.ts"
import { fallbackSecurityHeaders, registerSecurityHeaders } from "./plugins/security-headers.ts"
import { registerStaticSpa } from "./plugins/static-spa.ts"
import { registerPublicUploads } from "./plugins/uploads.ts"
import { apiRoutes } from "./routes/index.ts"
import { outboxPostman, type Postman } from "./services/notifications/postman.ts"
import { auditSealer, type AuditSealer } from "./services/audit/audit-sealer.ts"
import { eventsAppended } from "./services/events.ts"
import { fireDueScheduled, nextScheduledAt } from "./services/notifications/scheduled.ts"
import { nextBlogScheduleAt, publishDueBlogSchedules } from "./services/content/blog-schedule.service.ts"
import { liveHub } from "./services/live/live-hub.ts"

declare module "fastify" {
  interface FastifyInstance {
    /** The mail outbox's postman (tests deliver what is due through it). */
    postman: Postman
    /** Seals the event log's hash chain after writes (tests seal what is pending with settle). */
    sealer: AuditSealer
    /** The unchanged ticket poll answered in front of fastify (tests count what it answered). */
    unchangedPoll: UnchangedPoll
  }
}

const earliest = (a: Date | null, b: Date | null): Date | null => (a && b ? (a.getTime() <= b.getTime() ? a : b) : (a ?? b))

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
  const logger = given.logger || null
  const live = liveHub(given.liveBus)
  // What falls due at a time rides the postman's wake-ups: scheduled notifications, and blogs' scheduled
  // publishes (each claimed with SKIP LOCKED, so it happens once whichever instance wakes first).
  const announce = (people: string[]) => (people.length > 0 ? live.publish({ users: people }, { type: "notification.new" }) : undefined)
  const scheduled = {
    fireDue: async (now: Date) => {
      const blogs = await publishDueBlogSchedules(given, now).then(
        () => null,
        (error: unknown) => ({ error }),
      )
      const told = await fireDueScheduled(given.db, now)
      if (blogs) {
        // The notifications went out: their bells ring now, though the postman logs the blogs' failure and looks
        // again a lease later (the throw keeps it from announcing them itself).
        announce(told.people)
        throw blogs.error
      }
      return told
    },
    nextAt: async () => earliest(await nextScheduledAt(given.db), await nextBlogScheduleAt(given.db)),
    announce,
  }
  const postman = outboxPostman(
    { db: given.db, mailer: given.mailer, now: given.now, scheduled, ...(logger ? { warn: (m: string) => logger.warn(m) } : {}) },
    given.notifications,
  )
  const deps: RouteDeps = { ...given, answers, postman, live }
  const logging = fastifyLogging(deps.logger)
  // The ticket chat's unchanged poll is answered in front of fastify, by the route's own rules (plugins/unchanged-poll.ts).
  const poll = unchangedPoll({ ...deps, requestsLogged: "loggerInstance" in logging })
  const app = Fastify({
    ...logging,
    serverFactory: serverWithUnchangedPoll(poll),
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
  // From the start of a stop every request goes to fastify, which answers 503 while it closes.
  app.addHook("preClose", (done) => {
    poll.close()
    done()
  })
  app.decorate("unchangedPoll", poll)
  // The event log is sealed after writes (services/audit/audit-chain.ts), never inside them.
  const sealer = auditSealer({ db: deps.db, now: deps.now, dataDir: deps.dataDir, ...(logger ? { warn: (m: string) => logger.warn(m) } : {}) })
  // First, so its timing starts before every other hook.
  if (deps.benchQueries) registerBenchInstrument(app, deps.benchQueries, deps.db, { postman, sealer })
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
  registerAccessLog(app, { db: deps.db, now: deps.now, ...(logger ? { warn: (m: string) => logger.warn(m) } : {}) })
  await app.register(async (api) => apiRoutes(api, deps), { prefix: "/api/v1" })
  app.decorate("postman", postman)
  // Queued mail that no request delivered (a failed send, a crash before it) goes out from here.
  app.addHook("onReady", async () => postman.start())
  app.addHook("onClose", async () => postman.stop())
  // After a write during which events were appended (its own are committed by then; another's that are not yet
  // are sealed after that request), so reads and refused writes never cost the chain a query. A write's events
  // name where it came from (services/request-origin.ts). Reads append no events: they skip both, and the hooks
  // take callbacks rather than promises, since every request passes through them (the 304 poll among them).
  const appendsAtStart = new WeakMap<object, number>()
  app.addHook("onRequest", (request, _reply, done) => {
    if (request.method === "GET" || request.method === "HEAD") return done()
    appendsAtStart.set(request, eventsAppended())
    withOrigin({ ip: request.ip, requestId: String(request.id) }, done)
  })
  app.addHook("onResponse", (request, _reply, done) => {
    const atStart = appendsAtStart.get(request)
    if (atStart !== undefined && eventsAppended() !== atStart) sealer.soon()
    done()
  })
  app.addHook("onReady", async () => sealer.start())
  app.addHook("onClose", async () => sealer.stop())
  app.decorate("sealer", sealer)
  // Open event streams never end by themselves: the stop ends them before the server waits for its connections.
  app.addHook("preClose", async () => live.endAll())
  app.addHook("onClose", async () => live.close())
  registerApiDocs(app)
  registerPublicUploads(app, deps.uploads)
  await registerStaticSpa(app, deps.distDir)
  return app
}
