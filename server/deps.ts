import type { FastifyBaseLogger } from "fastify"
import type { Db } from "./db/database.ts"
import type { LoginThrottle } from "./services/auth/login-throttle.ts"
import type { TokenService } from "./services/auth/tokens.ts"
import type { TokenVersionStore } from "./services/auth/token-versions.ts"
import type { Mailer } from "./services/mail/mailer.ts"
import type { Postman, PostmanOptions } from "./services/notifications/postman.ts"
import type { LiveBus, LiveHub } from "./services/live/live-hub.ts"
import type { UploadStore } from "./services/storage/uploads.ts"
import type { QueryCounter } from "./plugins/bench-instrument.ts"
import type { TicketVersionStore } from "./services/tickets/ticket-versions.ts"
import type { AnswerCache, SharedWrites } from "./services/cache/answer-cache.ts"

/** Everything the app needs from outside; tests build their own. */
export interface AppDeps {
  db: Db
  tokens: TokenService
  /** Each user's current token version (revocation); shared (Redis) when several instances run. */
  tokenVersions: TokenVersionStore
  /** Failed sign-ins (services/auth/login-throttle.ts); shared through Redis when several instances run. */
  limiter: LoginThrottle
  /** The transport: SMTP, or .eml files. Mail is queued first (the outbox) and delivered by the postman. */
  mailer: Mailer
  /** The outbox postman's timings; buildApp makes the postman, starts it when ready and stops it on close. */
  notifications?: PostmanOptions
  uploads: UploadStore
  /** Ticket chat versions for 304 polls; shared (Redis) when several instances run. */
  ticketVersions: TicketVersionStore
  /** Redis, when REDIS_URL is set: /readyz reports whether it answers (the server works without it). */
  redis?: { readonly up: boolean }
  /** How live events reach every instance (Redis pub/sub with several); this process alone when absent. */
  liveBus?: LiveBus
  /** Other instances' writes (Redis) for the answer cache, when several instances share the database. */
  sharedWrites?: SharedWrites
  /** Cached answers of the busiest lists; buildApp makes one on the database's write clock when absent. */
  answers?: AnswerCache
  publicUrl: string
  dataDir: string
  distDir: string
  partnerSignupUrl: string
  /** Hours before a session's start inside which only an Admin moves it and a cancellation is late (SESSION_NOTICE_HOURS, default 12). */
  sessionNoticeHours?: number
  uploadLimitBytes: number
  trustProxy: boolean | string
  now: () => number
  /** The JSON logger (`createLogger` in plugins/logging.ts); none in most tests. */
  logger?: FastifyBaseLogger | false
  /** Benchmark instrumentation (Server-Timing, query count); only with BENCH_INSTRUMENT=1. */
  benchQueries?: QueryCounter
}

/** What the routes get: the app's dependencies with the postman and the live hub buildApp made. */
export type RouteDeps = AppDeps & { postman: Postman; live: LiveHub }
