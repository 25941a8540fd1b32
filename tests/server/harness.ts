import { DEVICE_COOKIE } from "../../server/plugins/device-cookie.ts"
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { FastifyInstance, InjectOptions } from "fastify"
import { buildApp } from "../../server/app.ts"
import { writeClockOf } from "../../server/db/write-clock.ts"
import { answerCache } from "../../server/services/cache/answer-cache.ts"
import type { Db } from "../../server/db/database.ts"
import { dropSchema, openDatabase, type DatabaseTarget } from "../../server/db/open-database.ts"
import { seedDemo } from "../../server/scripts/demo-seed.ts"
import { loginThrottle } from "../../server/services/auth/login-throttle.ts"
import { tokenService, type TokenService } from "../../server/services/auth/tokens.ts"
import { outboxMailer, type Mailer } from "../../server/services/mail/mailer.ts"
import type { PostmanOptions } from "../../server/services/notifications/postman.ts"
import { localUploadStore } from "../../server/services/storage/uploads.ts"
import { memoryTicketVersions } from "../../server/services/tickets/ticket-versions.ts"
import { memoryTokenVersions } from "../../server/services/auth/token-versions.ts"
import type { QueryCounter } from "../../server/plugins/bench-instrument.ts"
import { validateAgainstDocument } from "./openapi-validator.ts"
import { createDatabase, dropDatabase, withDatabase } from "../fixtures/postgres-databases.ts"
import { migratedTarget, seededCopy, UPLOAD_LIMIT_BYTES } from "./seeded-snapshot.ts"

export const TEST_SECRET = "test-secret-that-is-long-enough-for-hs256-signing"

export interface TestServer {
  app: FastifyInstance
  db: Db
  tokens: TokenService
  dataDir: string
  clock: { now: number }
  outbox(): Array<{ to: string; text: string; raw: string }>
  /**
   * The first mail to `to` beyond the outbox's first `after` mails, once it is written (10 s at most). A reset link
   * answers after a fixed 250 ms whatever it did, so nobody learns whether the account exists; on a busy machine
   * its mail is written just after that answer.
   */
  mailTo(to: string, after?: number): Promise<{ to: string; text: string; raw: string }>
  /** Delivers every due queued mail (what the postman's timer would do); answers how many were sent. */
  deliverMail(): Promise<number>
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
    /** Called once per statement sent, with its SQL and parameters (openDatabase's onQuery). */
    onQuery?: (sql: string, parameters: readonly unknown[]) => void
    /** The benchmark's instrument (its statement counter, recorder and SQL probe), as BENCH_INSTRUMENT=1 gives it. */
    benchQueries?: QueryCounter
    /** Wraps the mail transport (e.g. one that fails on demand). */
    wrapMailer?: (mailer: Mailer) => Mailer
    /** The outbox postman's timings. */
    notifications?: PostmanOptions
    /**
     * How long the answer cache trusts an answer (1 s of real time by default). A test of what a write clears
     * lifts it: on a busy machine a second between two reads of the test is not rare, and an answer that aged out
     * would be computed again whatever the writes did.
     */
    cacheMaxAgeMs?: number
    /** PostgreSQL: how long a request waits for a pool connection before it is answered "busy" (5 s by default). */
    poolQueueWaitMs?: number
  } = {},
): Promise<TestServer> {
  const url = process.env.TEST_DATABASE_URL
  const own = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const dataDir = mkdtempSync(join(tmpdir(), "console-test-"))
  // The database starts from the run's seeded copy (tests/server/global-setup.ts), its clock at the moment
  // that copy was seeded, so every seeded time stands where the seed put it relative to "now": on PostgreSQL a
  // database of its own copied from the seeded one, embedded the seeded data directory. Unseeded, PostgreSQL
  // gives it a schema of its own.
  const seeded = options.seed !== false ? seededCopy(dataDir) : undefined
  const target: DatabaseTarget =
    seeded?.kind === "postgres"
      ? { kind: "postgres", url: withDatabase(url!, own) }
      : url
        ? { kind: "postgres", url, schema: own }
        : seeded?.kind === "embedded"
          ? { kind: "embedded", dataDir: null, snapshot: seeded.database }
          : migratedTarget()
  if (seeded?.kind === "postgres") await createDatabase(url!, own, { template: seeded.template })
  const forget = async () => {
    if (seeded?.kind === "postgres") await dropDatabase(url!, own)
    else if (url) await dropSchema(url, own)
  }
  const onQuery = options.benchQueries?.onQuery ?? options.onQuery
  const database = await openDatabase(target, {
    ...(onQuery ? { onQuery } : {}),
    ...(options.benchQueries ? { onTransactionStatement: options.benchQueries.onTransactionStatement } : {}),
    ...(options.poolQueueWaitMs ? { poolQueueWaitMs: options.poolQueueWaitMs } : {}),
  }).catch(async (error: unknown) => {
    await forget()
    throw error
  })
  const clock = { now: seeded?.seededAt ?? Date.now() }
  const now = () => clock.now
  const tokens = tokenService(TEST_SECRET, now)
  const uploads = localUploadStore(dataDir, UPLOAD_LIMIT_BYTES)
  if (options.seed !== false && !seeded) await seedDemo(database.db, clock.now, uploads)
  const app = await buildApp({
    db: options.wrapDb ? options.wrapDb(database.db) : database.db,
    tokens,
    limiter: loginThrottle({ now }),
    mailer: (options.wrapMailer ?? ((m: Mailer) => m))(outboxMailer(join(dataDir, "outbox"), "Console <no-reply@console.test>", () => {})),
    ...(options.notifications ? { notifications: options.notifications } : {}),
    ...(options.cacheMaxAgeMs !== undefined && !options.wrapDb
      ? { answers: answerCache({ clock: writeClockOf(database.db), maxAgeMs: options.cacheMaxAgeMs }) }
      : {}),
    ...(options.benchQueries ? { benchQueries: options.benchQueries } : {}),
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
  readEventStreamsOnce(app)
  await app.ready()
  const outbox = () => {
    const dir = join(dataDir, "outbox")
    let names: string[] = []
    try {
      names = readdirSync(dir)
        .filter((name) => name.endsWith(".eml"))
        .sort()
    } catch {
      return []
    }
    return names.map((name) => {
      const raw = readFileSync(join(dir, name), "utf8")
      const to = /^To: (.*)$/m.exec(raw)?.[1] ?? ""
      return { to, raw, text: decodeQuotedPrintable(raw) }
    })
  }
  return {
    app,
    db: database.db,
    tokens,
    dataDir,
    clock,
    outbox,
    async mailTo(to, after = 0) {
      const deadline = Date.now() + 10_000
      for (;;) {
        const mail = outbox()
          .slice(after)
          .find((m) => m.to.includes(to))
        if (mail) return mail
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within 10 s`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
    deliverMail: () => app.postman.deliverDue(),
    async login(email, password = "Demo@12345") {
      // A browser this account has signed in on before (its device cookie), as a returning person's:
      // a sign-in from a new device is told of by mail, which tests that sign in do not expect.
      const cookie = `${DEVICE_COOKIE}=${tokens.signDevice(email)}`
      const res = await app.inject({ method: "POST", url: "/api/v1/user/login", payload: { email, password }, headers: { cookie } })
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.body}`)
      return res.json().data.accessToken as string
    },
    async close() {
      await app.close()
      await database.close()
      await forget()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * An event stream (GET /live) never ends by itself, and an injected request waits for the end: here it
 * is read up to its first chunk and answered as what was received, so the generated suites (the
 * authorization matrix, the fuzz) treat it like any other call. The stream itself ends when the app closes.
 */
function readEventStreamsOnce(app: FastifyInstance): void {
  const inject = app.inject.bind(app)
  app.inject = (async (options: InjectOptions) => {
    const url = typeof options === "string" ? options : ((options.url as string | undefined) ?? "")
    if (!url.startsWith("/api/v1/live")) return inject(options as never)
    const res = await inject({ ...(options as object), payloadAsStream: true } as never)
    const stream = res.stream()
    let body = ""
    for await (const chunk of stream) {
      body += String(chunk)
      if (String(res.headers["content-type"] ?? "").startsWith("text/event-stream")) break
    }
    stream.destroy()
    return Object.assign(Object.create(Object.getPrototypeOf(res)), res, { body, payload: body, rawPayload: Buffer.from(body), json: () => JSON.parse(body) })
  }) as FastifyInstance["inject"]
}

/** Mail bodies are quoted-printable: soft line breaks would cut links in two. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
