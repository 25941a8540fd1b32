import { join, resolve } from "node:path"
import { buildApp } from "./app.ts"
import { loadConfig } from "./config.ts"
import { openDatabase } from "./db/open-database.ts"
import { DEMO_EMAILS, seedDemoIfEmpty } from "./scripts/demo-seed.ts"
import { memoryLoginLimiter } from "./services/auth/login-limiter.ts"
import { tokenService } from "./services/auth/tokens.ts"
import { outboxMailer, smtpMailer } from "./services/mail/mailer.ts"
import { localUploadStore } from "./services/storage/uploads.ts"

const config = loadConfig()
const database = await openDatabase(
  config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "embedded", dataDir: config.dataDir },
).catch((error: Error) => {
  console.error(error.message)
  process.exit(1)
})

const log = (message: string) => console.log(`[console] ${message}`)
const mailer = config.smtpUrl
  ? smtpMailer(config.smtpUrl, config.mailFrom)
  : outboxMailer(join(config.dataDir, "outbox"), config.mailFrom, log)

const uploads = localUploadStore(config.dataDir, config.uploadLimitBytes)

// The demo seed only ever fills the embedded database on its own; PostgreSQL needs `npm run seed:demo`.
if (database.kind === "embedded") {
  const seeded = await seedDemoIfEmpty(database.db, uploads)
  if (seeded) log("empty database: demo data seeded")
}

const app = await buildApp({
  db: database.db,
  tokens: tokenService(config.jwtSecret),
  limiter: memoryLoginLimiter(),
  mailer,
  uploads,
  publicUrl: config.publicUrl,
  dataDir: config.dataDir,
  distDir: resolve("dist"),
  partnerSignupUrl: config.partnerSignupUrl,
  uploadLimitBytes: config.uploadLimitBytes,
  trustProxy: config.trustProxy,
  now: Date.now,
  logger: { level: process.env.LOG_LEVEL ?? "warn" },
})

let stopping = false
async function stop(signal: string) {
  if (stopping) return
  stopping = true
  log(`${signal}: finishing in-flight requests`)
  const force = setTimeout(() => process.exit(1), 10_000)
  force.unref()
  await app.close()
  await database.close()
  process.exit(0)
}
process.on("SIGTERM", () => void stop("SIGTERM"))
process.on("SIGINT", () => void stop("SIGINT"))

await app.listen({ port: config.port, host: config.host })
log(`listening on ${config.publicUrl} (${database.kind === "embedded" ? `embedded database in ${config.dataDir}` : "PostgreSQL"})`)
if (database.kind === "embedded") {
  log(`demo logins (password Demo@12345): ${DEMO_EMAILS.join(", ")}`)
}
