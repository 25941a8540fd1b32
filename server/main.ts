import { join, resolve } from "node:path"
import type { Redis } from "ioredis"
import { loadConfig } from "./config.ts"
import { startOpeningDatabase } from "./db/open-database.ts"
import { queryCounter } from "./plugins/bench-instrument.ts"
import { createLogger } from "./plugins/logging.ts"
import { memoryLoginLimiter } from "./services/auth/login-limiter.ts"
import { redisLoginLimiter } from "./services/auth/redis-login-limiter.ts"
import { tokenService } from "./services/auth/tokens.ts"
import { memoryTokenVersions } from "./services/auth/token-versions.ts"
import { redisTokenVersions } from "./services/auth/redis-token-versions.ts"
import { connectRedis, redactUrl } from "./services/cache/redis.ts"
import { redisSharedWrites } from "./services/cache/answer-cache.ts"
import { redisTicketVersions } from "./services/tickets/redis-ticket-versions.ts"
import { memoryTicketVersions } from "./services/tickets/ticket-versions.ts"
import { outboxMailer, smtpMailer } from "./services/mail/mailer.ts"
import { localUploadStore } from "./services/storage/uploads.ts"

const config = loadConfig()
const logger = createLogger({ level: config.logLevel })
const fail = (error: Error): never => {
  logger.fatal(error.message)
  process.exit(1)
}
const benchQueries = config.benchInstrument ? queryCounter() : undefined
// Lines outside any request; a route gives the mailer its request's logger (see Mailer.withLog).
const log = (message: string) => logger.info(message)
const FORCE_EXIT_MS = 9_000

/** Starts the server; settles once it listens (server/start.ts writes its code cache then). */
async function main(): Promise<void> {
  const opening = startOpeningDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "embedded", dataDir: config.dataDir },
    benchQueries ? { onQuery: benchQueries.onQuery } : {},
  )
  // Caught at once: a database that cannot open ends the process even while the routes are being built.
  const opened = opening.opened.catch(fail)
  // With REDIS_URL every instance shares login limits, ticket versions, token versions and writes (for cached answers) through Redis.
  const connecting = config.redisUrl ? connectRedis(config.redisUrl).catch(fail) : null
  // The app's modules (Fastify, every route and service) load, and its routes are built, while the
  // database opens: PGlite compiles its WebAssembly off the main thread, PostgreSQL and Redis answer
  // over the network. Nothing queries the database before it has opened and migrated.
  const { buildApp } = await import("./app.ts")
  const { DEMO_EMAILS, seedDemoIfEmpty } = await import("./scripts/demo-seed.ts")
  const redis: Redis | null = await connecting

  const mailer = config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom)
    : outboxMailer(join(config.dataDir, "outbox"), config.mailFrom, log, { logLinks: config.logMailLinks })
  const uploads = localUploadStore(config.dataDir, config.uploadLimitBytes, config.uploadsDir)

  const app = await buildApp({
    db: opening.db,
    tokens: tokenService(config.jwtSecret),
    limiter: redis ? redisLoginLimiter(redis, config.redisPrefix) : memoryLoginLimiter(),
    ticketVersions: redis ? redisTicketVersions(redis, config.redisPrefix) : memoryTicketVersions(),
    tokenVersions: redis ? redisTokenVersions(redis, config.redisPrefix) : memoryTokenVersions(),
    ...(redis ? { sharedWrites: redisSharedWrites(redis, config.redisPrefix) } : {}),
    mailer,
    uploads,
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    distDir: resolve("dist"),
    partnerSignupUrl: config.partnerSignupUrl,
    uploadLimitBytes: config.uploadLimitBytes,
    trustProxy: config.trustProxy,
    now: Date.now,
    logger,
    ...(benchQueries ? { benchQueries } : {}),
  })
  const database = await opened

  // The demo seed only ever fills the embedded database on its own; PostgreSQL needs `npm run seed:demo`.
  if (database.kind === "embedded" && config.demoSeed) {
    const seeded = await seedDemoIfEmpty(database.db, uploads)
    if (seeded) log("empty database: demo data seeded")
  }

  let stopping = false
  async function stop(signal: string) {
    if (stopping) return
    stopping = true
    log(`${signal}: finishing in-flight requests`)
    // Orchestrators SIGKILL after 10 s; leave on our own terms (and say so) just before that.
    const force = setTimeout(() => {
      logger.error(`${signal}: requests still running after ${FORCE_EXIT_MS / 1000} s; exiting without them`)
      process.exit(1)
    }, FORCE_EXIT_MS)
    force.unref()
    // close() drops idle keep-alive sockets once; a request still in flight leaves its socket idle
    // only afterwards, so keep sweeping or the stop would wait out the keep-alive timeout.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100)
    sweep.unref()
    await app.close()
    await database.close()
    await redis?.quit()
    process.exit(0)
  }
  process.on("SIGTERM", () => void stop("SIGTERM"))
  process.on("SIGINT", () => void stop("SIGINT"))

  await app.listen({ port: config.port, host: config.host, listenTextResolver: (address) => `listening on ${address}` })
  log(`console at ${config.publicUrl} (${database.kind === "embedded" ? `embedded database in ${config.dataDir}` : "PostgreSQL"}${redis ? `, shared limits in Redis ${redactUrl(config.redisUrl!)}` : ""})`)
  if (database.kind === "embedded" && config.demoSeed) {
    log(`demo logins (password Demo@12345): ${DEMO_EMAILS.join(", ")}`)
  }
}

export const started: Promise<void> = main().catch(fail)
