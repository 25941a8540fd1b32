import { resolve } from "node:path"
import { loadConfig } from "./config.ts"
import { SERVER_STATEMENT_TIMEOUT_MS, startOpeningDatabase } from "./db/open-database.ts"
import { serveSnapshots } from "./db/snapshot-socket.ts"
import { queryCounter } from "./plugins/bench-instrument.ts"
import { createLogger, stopWaitingForLogs } from "./plugins/logging.ts"

// Only what opening the database needs is loaded before it starts opening; the rest (Fastify, the
// routes, ioredis, nodemailer) loads while PGlite starts (see main).
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
const safely = (write: () => void) => {
  try {
    write()
  } catch {
    // a log whose reader went away (a closed terminal, a dead `| tee`) must not stop the stop
  }
}

/** Starts the server; settles once it listens (server/start.ts writes its code cache then). */
async function main(): Promise<void> {
  const opening = startOpeningDatabase(config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "embedded", dataDir: config.dataDir }, {
    statementTimeoutMs: SERVER_STATEMENT_TIMEOUT_MS,
    // A broken connection is dropped by the pool, a stopped embedded database is reopened; requests
    // meanwhile answer 503 (plugins/error-handler.ts).
    onConnectionError: (error) => logger.warn(`database connection lost: ${error.message}`),
    onWait: (error, waitedMs) => logger.warn(`waiting for the database (${Math.round(waitedMs / 1000)} s so far): ${error.message}`),
    ...(benchQueries ? { onQuery: benchQueries.onQuery, onTransactionStatement: benchQueries.onTransactionStatement } : {}),
  })
  // Caught at once: a database that cannot open ends the process even while the routes are being built.
  const opened = opening.opened.catch(fail)
  // The app's modules load, and its routes are built, while the database opens: PGlite starts on a
  // thread of its own (db/pglite-thread.ts), PostgreSQL and Redis answer over the network. Nothing queries the
  // database before it has opened and migrated.
  const services = await import("./service-deps.ts")
  const connecting = config.redisUrl ? services.connectRedis(config.redisUrl, logger).catch(fail) : null
  const { buildApp } = await import("./app.ts")
  const { DEMO_EMAILS, seedDemoIfEmpty } = await import("./scripts/demo-seed.ts")
  const redis = await connecting
  const deps = services.serviceDeps(config, redis, log)

  const app = await buildApp({
    db: opening.db,
    ...deps,
    ...(redis ? { redis } : {}),
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    distDir: resolve("dist"),
    partnerSignupUrl: config.partnerSignupUrl,
    sessionNoticeHours: config.sessionNoticeHours,
    uploadLimitBytes: config.uploadLimitBytes,
    trustProxy: config.trustProxy,
    now: Date.now,
    // Several instances (they share Redis): each also looks for rows another queued and never came back to.
    notifications: { ...(redis ? { pollMs: 10_000 } : {}), ...config.notifications },
    logger,
    ...(benchQueries ? { benchQueries } : {}),
  })
  const database = await opened

  // The demo seed only ever fills the embedded database on its own; PostgreSQL needs `npm run seed:demo`.
  if (database.kind === "embedded" && config.demoSeed) {
    const seeded = await seedDemoIfEmpty(database.db, deps.uploads)
    if (seeded) log("empty database: demo data seeded")
  }

  // `npm run backup` while this server holds the embedded database (db/snapshot-socket.ts).
  const snapshots =
    database.kind === "embedded" && database.dump ? await serveSnapshots(config.dataDir, database.dump, (message) => logger.warn(message)) : null

  let stopping = false
  async function stop(signal: string) {
    if (stopping) return
    stopping = true
    // Orchestrators SIGKILL after 10 s; leave on our own terms just before that. Armed first and kept
    // referenced, so nothing below (a close that never settles, a log line that throws) keeps the process up.
    setTimeout(() => {
      safely(() => logger.error(`${signal}: requests still running after ${FORCE_EXIT_MS / 1000} s; exiting without them`))
      process.exit(1)
    }, FORCE_EXIT_MS)
    safely(() => log(`${signal}: finishing in-flight requests`))
    stopWaitingForLogs()
    // close() drops idle keep-alive sockets once; a request still in flight leaves its socket idle
    // only afterwards, so keep sweeping or the stop would wait out the keep-alive timeout.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100)
    sweep.unref()
    try {
      await app.close()
      await snapshots?.close()
      await database.close()
      redis?.close()
      await redis?.redis.quit().catch(() => redis.redis.disconnect())
    } finally {
      process.exit(0)
    }
  }
  process.on("SIGTERM", () => void stop("SIGTERM"))
  process.on("SIGINT", () => void stop("SIGINT"))

  await app.listen({ port: config.port, host: config.host, listenTextResolver: (address) => `listening on ${address}` })
  log(
    `console at ${config.publicUrl} (${database.kind === "embedded" ? `embedded database in ${config.dataDir}` : "PostgreSQL"}${redis ? `, shared limits in Redis ${services.redactUrl(config.redisUrl!)}${redis.up ? "" : " (not answering yet)"}` : ""})`,
  )
  if (database.kind === "embedded" && config.demoSeed) {
    log(`demo logins (password Demo@12345): ${DEMO_EMAILS.join(", ")}`)
  }
}

export const started: Promise<void> = main().catch(fail)
