import type { FastifyBaseLogger } from "fastify"
import type { Db } from "./db/database.ts"
import type { LoginThrottle } from "./services/auth/login-throttle.ts"
import type { TokenService } from "./services/auth/tokens.ts"
import type { TokenVersionStore } from "./services/auth/token-versions.ts"
import type { Mailer } from "./services/mail/mailer.ts"
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
  mailer: Mailer
  uploads: UploadStore
  /** Ticket chat versions for 304 polls; shared (Redis) when several instances run. */
  ticketVersions: TicketVersionStore
  /** Redis, when REDIS_URL is set: /readyz reports whether it answers (the server works without it). */
  redis?: { readonly up: boolean }
  /** Other instances' writes (Redis) for the answer cache, when several instances share the database. */
  sharedWrites?: SharedWrites
  /** Cached answers of the busiest lists; buildApp makes one on the database's write clock when absent. */
  answers?: AnswerCache
  publicUrl: string
  dataDir: string
  distDir: string
  partnerSignupUrl: string
  uploadLimitBytes: number
  trustProxy: boolean | string
  now: () => number
  /** The JSON logger (`createLogger` in plugins/logging.ts); none in most tests. */
  logger?: FastifyBaseLogger | false
  /** Benchmark instrumentation (Server-Timing, query count); only with BENCH_INSTRUMENT=1. */
  benchQueries?: QueryCounter
}
