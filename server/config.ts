import { DEFAULT_NOTICE_HOURS } from "../src/machines/counselling/counselling-session.machine.ts"
import { randomBytes } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { dataDirOf, usesEmbeddedDatabase } from "./data-dir.ts"
import { ACCESS_TOKEN_SECONDS } from "./services/auth/tokens.ts"
import type { PostmanOptions } from "./services/notifications/postman.ts"

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | null
  smtpUrl: string | null
  mailFrom: string
  publicUrl: string
  jwtSecret: string
  /** How long an access token lives (ACCESS_TOKEN_MINUTES, 1 to 120; never past the sign-in's 2 hours). */
  accessTokenSeconds: number
  trustProxy: boolean | string
  partnerSignupUrl: string
  sessionNoticeHours: number
  uploadLimitBytes: number
  /** Where uploads live; with several instances, storage every instance shares (a network volume). */
  uploadsDir: string
  logLevel: string
  /** Print the links of outbox mail in the log (laptop use); never done when mail goes through SMTP. */
  logMailLinks: boolean
  /** Seed demo data into an empty embedded database (DEMO_SEED=false turns it off for production). */
  demoSeed: boolean
  /** Shared login limits (and version maps) for several instances; in-process when null. */
  redisUrl: string | null
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  redisPrefix: string
  /** BENCH_INSTRUMENT=1: Server-Timing on every answer and a query counter (bench/run.ts only). */
  benchInstrument: boolean
  /** The mail outbox's postman (services/notifications/postman.ts): MAIL_POLL_MS (several instances), MAIL_LEASE_MS, MAIL_WAIT_MS. */
  notifications: PostmanOptions
}

/** Reads the environment once at start; every variable is listed in the README. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000)
  const dataDir = dataDirOf(env)
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, "")
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir,
    databaseUrl: usesEmbeddedDatabase(env) ? null : env.DATABASE_URL!,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? "Console <no-reply@console.local>",
    publicUrl,
    jwtSecret: env.JWT_SECRET || persistedSecret(dataDir),
    accessTokenSeconds: accessTokenMinutes(env.ACCESS_TOKEN_MINUTES) * 60,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    partnerSignupUrl: env.PARTNER_SIGNUP_URL ?? `${publicUrl}/partner-signup`,
    sessionNoticeHours: noticeHours(env.SESSION_NOTICE_HOURS),
    uploadLimitBytes: Number(env.UPLOAD_LIMIT_BYTES ?? 5 * 1024 * 1024),
    uploadsDir: resolve(env.UPLOADS_DIR || join(dataDir, "uploads")),
    logLevel: env.LOG_LEVEL || "info",
    logMailLinks: env.LOG_MAIL_LINKS !== "false",
    demoSeed: env.DEMO_SEED !== "false",
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX ?? "console:",
    benchInstrument: env.BENCH_INSTRUMENT === "1",
    notifications: {
      ...milliseconds(env, "MAIL_POLL_MS", 100, 60_000, "pollMs"),
      ...milliseconds(env, "MAIL_LEASE_MS", 1_000, 3_600_000, "leaseMs"),
      ...milliseconds(env, "MAIL_WAIT_MS", 0, 60_000, "waitMs"),
    },
  }
}

/** An optional whole number of milliseconds within bounds, or a clear refusal at start. */
function milliseconds<K extends string>(env: NodeJS.ProcessEnv, name: string, min: number, max: number, key: K): Partial<Record<K, number>> {
  const value = env[name]
  if (value === undefined || value === "") return {}
  const ms = Number(value)
  if (!Number.isInteger(ms) || ms < min || ms > max) throw new Error(`${name} must be a whole number of milliseconds from ${min} to ${max}, not ${value}`)
  return { [key]: ms } as Partial<Record<K, number>>
}

/** Without JWT_SECRET a random secret is kept in the data directory so tokens survive a restart. */
function persistedSecret(dataDir: string): string {
  const path = join(dataDir, "jwt-secret")
  if (existsSync(path)) return readFileSync(path, "utf8").trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString("base64url")
  writeFileSync(path, secret, { mode: 0o600 })
  return secret
}

function accessTokenMinutes(value: string | undefined): number {
  if (value === undefined || value === "") return ACCESS_TOKEN_SECONDS / 60
  const minutes = Number(value)
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 120) throw new Error(`ACCESS_TOKEN_MINUTES must be a whole number from 1 to 120, not ${value}`)
  return minutes
}

/** The session notice window in hours: a whole number from 0 (no window) to 168 (a week). */
function noticeHours(value: string | undefined): number {
  if (value === undefined || value === "") return DEFAULT_NOTICE_HOURS
  const hours = Number(value)
  if (!Number.isInteger(hours) || hours < 0 || hours > 168) throw new Error(`SESSION_NOTICE_HOURS must be a whole number from 0 to 168, not ${value}`)
  return hours
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === "false") return false
  if (value === "true") return true
  return value
}
