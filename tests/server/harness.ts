import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { FastifyInstance } from "fastify"
import { buildApp } from "../../server/app.ts"
import type { Db } from "../../server/db/database.ts"
import { dropSchema, openDatabase } from "../../server/db/open-database.ts"
import { seedDemo } from "../../server/scripts/demo-seed.ts"
import { loginThrottle } from "../../server/services/auth/login-throttle.ts"
import { tokenService, type TokenService } from "../../server/services/auth/tokens.ts"
import { outboxMailer } from "../../server/services/mail/mailer.ts"
import { localUploadStore } from "../../server/services/storage/uploads.ts"
import { memoryTicketVersions } from "../../server/services/tickets/ticket-versions.ts"
import { memoryTokenVersions } from "../../server/services/auth/token-versions.ts"
import { validateAgainstDocument } from "./openapi-validator.ts"

const UPLOAD_LIMIT_BYTES = 2 * 1024 * 1024

export const TEST_SECRET = "test-secret-that-is-long-enough-for-hs256-signing"

export interface TestServer {
  app: FastifyInstance
  db: Db
  tokens: TokenService
  dataDir: string
  clock: { now: number }
  outbox(): Array<{ to: string; text: string; raw: string }>
  login(email: string, password?: string): Promise<string>
  close(): Promise<void>
}

/**
 * A whole server on a fresh database: embedded PGlite in memory by default, or a schema of its own
 * on PostgreSQL when TEST_DATABASE_URL is set, so the same suite runs on both.
 */
export async function startTestServer(
  options: {
    seed?: boolean
    trustProxy?: boolean
    /** Wraps the database the app uses (e.g. a plugin that records queries); the answer cache is then off, as it cannot see the wrapped handle's writes. */
    wrapDb?: (db: Db) => Db
    distDir?: string
    /** Called once per statement sent (openDatabase's onQuery). */
    onQuery?: () => void
  } = {},
): Promise<TestServer> {
  const url = process.env.TEST_DATABASE_URL
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const database = await openDatabase(url ? { kind: "postgres", url, schema } : { kind: "embedded", dataDir: null }, options.onQuery ? { onQuery: options.onQuery } : {})
  const dataDir = mkdtempSync(join(tmpdir(), "console-test-"))
  const clock = { now: Date.now() }
  const now = () => clock.now
  const tokens = tokenService(TEST_SECRET, now)
  const uploads = localUploadStore(dataDir, 2 * 1024 * 1024)
  if (options.seed !== false) await seedDemo(database.db, clock.now, uploads)
  const app = await buildApp({
    db: options.wrapDb ? options.wrapDb(database.db) : database.db,
    tokens,
    limiter: loginThrottle(),
    mailer: outboxMailer(join(dataDir, "outbox"), "Console <no-reply@console.test>", () => {}),
    ticketVersions: memoryTicketVersions(),
    tokenVersions: memoryTokenVersions(now),
    uploads,
    publicUrl: "http://console.test",
    dataDir,
    distDir: options.distDir ?? join(dataDir, "no-dist"),
    partnerSignupUrl: "http://console.test/partner-signup",
    uploadLimitBytes: UPLOAD_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    now,
  })
  validateAgainstDocument(app, UPLOAD_LIMIT_BYTES)
  await app.ready()
  return {
    app,
    db: database.db,
    tokens,
    dataDir,
    clock,
    outbox() {
      const dir = join(dataDir, "outbox")
      let names: string[] = []
      try {
        names = readdirSync(dir).sort()
      } catch {
        return []
      }
      return names.map((name) => {
        const raw = readFileSync(join(dir, name), "utf8")
        const to = /^To: (.*)$/m.exec(raw)?.[1] ?? ""
        return { to, raw, text: decodeQuotedPrintable(raw) }
      })
    },
    async login(email, password = "Demo@12345") {
      const res = await app.inject({ method: "POST", url: "/api/v1/user/login", payload: { email, password } })
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.body}`)
      return res.json().data.accessToken as string
    },
    async close() {
      await app.close()
      await database.close()
      if (url) await dropSchema(url, schema)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Mail bodies are quoted-printable: soft line breaks would cut links in two. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
