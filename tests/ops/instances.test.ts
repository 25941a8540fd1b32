import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Redis } from "ioredis"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { hashPassword } from "../../server/services/auth/passwords.ts"
import { localUploadStore } from "../../server/services/storage/uploads.ts"
import { decodeQuotedPrintable } from "../server/harness.ts"
import { runServerScript } from "../server/script-runner.ts"
import { call, type Instance, startInstance as startServer, stopInstance } from "./server-instances.ts"
import { openLiveStream } from "../fixtures/live-stream.ts"
import { skipWhenMissing } from "../fixtures/dependency.ts"
import { createDatabase, dropDatabase, postgresUnreachable, uniqueDatabaseName, withDatabase } from "../fixtures/postgres-databases.ts"

/**
 * Two real server processes on one PostgreSQL database and one Redis, as behind a load balancer.
 * PostgreSQL: OPS_DATABASE_URL, else TEST_DATABASE_URL, else the local one; Redis: OPS_REDIS_URL, else
 * the local one. The test makes a database of its own and a Redis key prefix of its own, and removes both.
 */
const PG_URL = process.env.OPS_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test"
const REDIS_URL = process.env.OPS_REDIS_URL || "redis://127.0.0.1:6379"
const RUN = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`
const DB_NAME = uniqueDatabaseName("console_ops")
const PREFIX = `console-test:${RUN}:`
const ADMIN = { email: "ops-admin@example.com", password: "Ops-admin-pass-1" }

async function unreachable(): Promise<string | null> {
  const postgres = await postgresUnreachable(PG_URL)
  if (postgres) return postgres
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null })
  try {
    await redis.connect()
    await redis.ping()
  } catch (error) {
    return `Redis at ${REDIS_URL} is not reachable (${(error as Error).message})`
  } finally {
    redis.disconnect()
  }
  return null
}

const unreachableWhy = await unreachable()
const skip = skipWhenMissing(unreachableWhy && `${unreachableWhy}; start PostgreSQL and Redis to run it`, "the several-instances test")

const databaseUrl = () => withDatabase(PG_URL, DB_NAME)
const sharedUploads = mkdtempSync(join(tmpdir(), "console-ops-uploads-"))
const env = () => ({
  DATABASE_URL: databaseUrl(),
  REDIS_URL,
  REDIS_PREFIX: PREFIX,
  JWT_SECRET: "ops-test-secret-shared-by-every-instance-0123456789",
  UPLOADS_DIR: sharedUploads,
  TRUST_PROXY: "true",
  LOG_LEVEL: "info",
  LOG_MAIL_LINKS: "false",
  SMTP_URL: "",
  HOST: "127.0.0.1",
})

const startInstance = (name: string) => startServer(name, env())

let a: Instance | undefined
let b: Instance | undefined

/** A data directory for a create-admin run (the script wants one beside its database), removed after the file. */
const scriptDirs: string[] = []
const scriptDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "console-ops-admin-"))
  scriptDirs.push(dir)
  return dir
}

describe.skipIf(skip)("two server processes on one PostgreSQL and one Redis", () => {
  beforeAll(async () => {
    await createDatabase(PG_URL, DB_NAME)
    // Both start at once on the empty database: the migrations' lock lets only one of them migrate.
    ;[a, b] = await Promise.all([startInstance("a"), startInstance("b")])
    // Production has no demo data: the first Admin comes from npm run create-admin.
    const created = await runServerScript("create-admin", ["--name", "Ops Admin", "--email", ADMIN.email], {
      DATABASE_URL: databaseUrl(),
      ADMIN_PASSWORD: ADMIN.password,
      DATA_DIR: scriptDataDir(),
    })
    expect(created.stderr).toBe("")
  })

  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)])
    await dropDatabase(PG_URL, DB_NAME)
    const redis = new Redis(REDIS_URL)
    const keys = await redis.keys(`${PREFIX}*`)
    if (keys.length > 0) await redis.del(...keys)
    await redis.quit()
    rmSync(sharedUploads, { recursive: true, force: true })
    for (const dir of scriptDirs) rmSync(dir, { recursive: true, force: true })
  })

  it("count failed logins across instances: 5 failures on A, the 6th attempt on B is 429", async () => {
    const from = "203.0.113.7"
    for (let i = 1; i <= 5; i++) {
      const res = await call(a!, "/api/v1/user/login", { method: "POST", body: { email: ADMIN.email, password: `wrong-${i}` }, from })
      expect(res.status, `failure ${i} on A`).toBe(401)
    }
    const sixth = await call(b!, "/api/v1/user/login", { method: "POST", body: { email: ADMIN.email, password: "wrong-6" }, from })
    expect(sixth.status).toBe(429)
    expect(sixth.headers.get("retry-after")).toBe("60")
    expect(await sixth.json()).toEqual({ success: false, message: "Too many failed login attempts. Please try again in 1 minute." })
    // Even the right password waits from that address, on either instance; from another address the owner gets in.
    const right = await call(a!, "/api/v1/user/login", { method: "POST", body: { email: ADMIN.email, password: ADMIN.password }, from })
    expect(right.status).toBe(429)
    const elsewhere = await call(b!, "/api/v1/user/login", { method: "POST", body: { email: ADMIN.email, password: ADMIN.password }, from: "203.0.113.8" })
    expect(elsewhere.status).toBe(200)
    // The count is in Redis under this run's prefix, as hashes (no email or address in the key).
    const redis = new Redis(REDIS_URL)
    const keys = await redis.keys(`${PREFIX}throttle-*`)
    await redis.quit()
    // The pair's count and its block count, the account's, and each address's (the owner's success cleared her pair).
    expect(keys.map((key) => key.slice(PREFIX.length).split(":")[0]).sort()).toEqual([
      "throttle-account",
      "throttle-address",
      "throttle-address",
      "throttle-blocks",
      "throttle-pair",
    ])
    expect(keys.join(" ")).not.toContain(ADMIN.email)
    expect(keys.join(" ")).not.toContain("203.0.113")
  })

  it("accept on one instance what another issued: a session token and a reset link", async () => {
    const email = "second-admin@example.com"
    const created = await runServerScript("create-admin", ["--name", "Second Admin", "--email", email, "--force"], {
      DATABASE_URL: databaseUrl(),
      ADMIN_PASSWORD: "Second-pass-22",
      DATA_DIR: scriptDataDir(),
    })
    expect(created.code).toBe(0)
    const login = await call(a!, "/api/v1/user/login", { method: "POST", body: { email, password: "Second-pass-22" }, from: "203.0.113.20" })
    expect(login.status).toBe(200)
    const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data
    const profile = await call(b!, "/api/v1/user/getProfile", { token: accessToken })
    expect(profile.status).toBe(200)
    expect(((await profile.json()) as { data: { email: string } }).data.email).toBe(email)

    expect((await call(a!, "/api/v1/user/reset-password-link", { method: "POST", body: { email } })).status).toBe(200)
    const outbox = join(a!.dataDir, "outbox")
    // The reset link's mail (the sign-in above, from a new browser, has its own); the call answers after a fixed
    // time whatever it did, so the mail may be written just after.
    const resetMail = () =>
      readdirSync(outbox)
        .map((name) => decodeQuotedPrintable(readFileSync(join(outbox, name), "utf8")))
        .find((text) => /reset-password\/[\w-]+/.test(text))
    await expect.poll(resetMail, { timeout: 10_000 }).toBeDefined()
    const mail = resetMail()!
    const token = /reset-password\/([\w-]+)/.exec(mail)![1]!
    const reset = await call(b!, "/api/v1/user/reset-password", {
      method: "POST",
      body: { token, password: "Third-pass-333", confirmPassword: "Third-pass-333" },
    })
    expect(reset.status).toBe(200)
    const reused = await call(a!, "/api/v1/user/reset-password", {
      method: "POST",
      body: { token, password: "Third-pass-333", confirmPassword: "Third-pass-333" },
    })
    expect(reused.status).toBe(400)
    const relogin = await call(b!, "/api/v1/user/login", { method: "POST", body: { email, password: "Third-pass-333" }, from: "203.0.113.21" })
    expect(relogin.status).toBe(200)
    // What the instances logged is JSON with request ids, and holds none of these secrets.
    const lines = [...a!.output, ...b!.output]
    expect(lines.filter((l) => l.startsWith("stderr:"))).toEqual([])
    const parsed = lines.map((l) => JSON.parse(l) as { reqId?: string; req?: unknown })
    expect(parsed.filter((l) => l.req).every((l) => typeof l.reqId === "string")).toBe(true)
    for (const secret of ["Second-pass-22", "Third-pass-333", ADMIN.password, accessToken, token]) expect(lines.join("\n")).not.toContain(secret)
  })

  it("serve an upload stored through one instance from every instance (UPLOADS_DIR on shared storage)", async () => {
    const chunk = (type: string, body: Buffer) => {
      const head = Buffer.alloc(8)
      head.writeUInt32BE(body.length, 0)
      head.write(type, 4, "ascii")
      return Buffer.concat([head, body, Buffer.alloc(4)])
    }
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", Buffer.alloc(13)),
      chunk("IDAT", Buffer.alloc(10)),
      chunk("IEND", Buffer.alloc(0)),
    ])
    // The store every instance builds from UPLOADS_DIR, used here as instance A's handler would.
    const stored = localUploadStore(a!.dataDir, 1024 * 1024, sharedUploads).saveImage(
      { field: "image", filename: "x.png", mimetype: "image/png", data: png },
      ["png"],
      "public",
    )
    for (const instance of [a!, b!]) {
      const res = await fetch(`${instance.url}/uploads/${stored.name}`)
      expect(res.status, instance.name).toBe(200)
      expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true)
    }
  })

  it("never answer 304 on one instance for a ticket answered through another", async () => {
    // A client account, written straight into the shared database (production has no demo data).
    const clientEmail = "ops-client@example.com"
    const passwordHash = await hashPassword("Ops-client-pass-1")
    const pgClient = new pg.Client({ connectionString: databaseUrl() })
    await pgClient.connect()
    const insert = "insert into users (id, name, email, role, status, password_hash) values ($1, $2, $3, $4, 'Approve', $5)"
    await pgClient.query(insert, ["00000000-0000-4000-8000-00000000c11e", "Ops Client", clientEmail, "User", passwordHash])
    // Its own Admin: the first test leaves the original Admin's account locked for 15 minutes.
    await pgClient.query(insert, ["00000000-0000-4000-8000-0000000ad111", "Ops Answerer", "ops-answerer@example.com", "Admin", passwordHash])
    await pgClient.end()
    const tokenOf = async (email: string, password: string, from: string) =>
      ((await (await call(a!, "/api/v1/user/login", { method: "POST", body: { email, password }, from })).json()) as { data: { accessToken: string } }).data
        .accessToken
    const clientToken = await tokenOf(clientEmail, "Ops-client-pass-1", "203.0.113.30")
    const adminToken = await tokenOf("ops-answerer@example.com", "Ops-client-pass-1", "203.0.113.31")

    const form = new FormData()
    form.append("ticketType", "Technical")
    form.append("query", "The video link does not open.")
    const created = await fetch(`${a!.url}/api/v1/userQuery/create`, { method: "POST", body: form, headers: { authorization: `Bearer ${clientToken}` } })
    expect(created.status).toBe(200)
    const list = (await (await call(a!, "/api/v1/userQuery/get", { token: clientToken })).json()) as { data: Array<{ _id: string }> }
    const queryId = list.data[0]!._id

    const poll = (instance: Instance, etag?: string) =>
      fetch(`${instance.url}/api/v1/userQuery/fetchResponse/${queryId}`, {
        headers: { authorization: `Bearer ${clientToken}`, ...(etag ? { "if-none-match": etag } : {}) },
      })
    const first = await poll(b!)
    expect(first.status).toBe(200)
    const etag = first.headers.get("etag")!
    expect((await poll(b!, etag)).status).toBe(304)
    expect((await poll(a!, etag)).status).toBe(304)

    const answered = await call(a!, "/api/v1/userQuery/addResponse", {
      method: "POST",
      token: adminToken,
      body: { answer: "Try the link again now.", queryId },
    })
    expect(answered.status).toBe(200)
    const afterAnswer = await poll(b!, etag)
    expect(afterAnswer.status).toBe(200)
    expect(JSON.stringify(await afterAnswer.json())).toContain("Try the link again now.")
  })

  it("push a ticket's change written through one instance to a live stream open on the other, and mail its answer once, not once per instance (issue 23)", async () => {
    const passwordHash = await hashPassword("Ops-live-pass-1")
    const pgClient = new pg.Client({ connectionString: databaseUrl() })
    await pgClient.connect()
    const insert = "insert into users (id, name, email, role, status, password_hash) values ($1, $2, $3, $4, 'Approve', $5)"
    await pgClient.query(insert, ["00000000-0000-4000-8000-00000000a1fe", "Live Client", "ops-live-client@example.com", "User", passwordHash])
    await pgClient.query(insert, ["00000000-0000-4000-8000-00000000a1ad", "Live Answerer", "ops-live-admin@example.com", "Admin", passwordHash])
    await pgClient.end()
    const tokenOf = async (email: string, from: string) =>
      (
        (await (await call(a!, "/api/v1/user/login", { method: "POST", body: { email, password: "Ops-live-pass-1" }, from })).json()) as {
          data: { accessToken: string }
        }
      ).data.accessToken
    const clientToken = await tokenOf("ops-live-client@example.com", "203.0.113.40")
    const adminToken = await tokenOf("ops-live-admin@example.com", "203.0.113.41")
    const form = new FormData()
    form.append("ticketType", "General")
    form.append("query", "Does the chat update by itself?")
    const created = await fetch(`${a!.url}/api/v1/userQuery/create`, { method: "POST", body: form, headers: { authorization: `Bearer ${clientToken}` } })
    expect(created.status).toBe(200)
    const queryId = ((await created.json()) as { data: { queryId: string } }).data.queryId

    // The client's tab is connected to B; the Admin answers through A.
    const stream = await openLiveStream(b!.url, clientToken)
    expect(stream.status).toBe(200)
    const answered = await call(a!, "/api/v1/userQuery/addResponse", { method: "POST", token: adminToken, body: { answer: "Yes, live.", queryId } })
    expect(answered.status).toBe(200)
    const sentAt = Date.now()
    expect(await stream.next("ticket.changed", 5_000)).toMatchObject({ type: "ticket.changed", queryId })
    expect(Date.now() - sentAt).toBeLessThan(1_000)
    stream.close()

    // Both instances' postmen look for due mail every 2 s: wait past a few rounds, then count (an .eml
    // file name keeps letters, digits, @ and dots of the address; the rest become _).
    await new Promise((r) => setTimeout(r, 5_000))
    const answerMails = [a!, b!].flatMap((instance) => {
      const dir = join(instance.dataDir, "outbox")
      let names: string[] = []
      try {
        names = readdirSync(dir).filter((name) => name.endsWith("-ops_live_client@example.com.eml"))
      } catch {
        return []
      }
      return names
        .map((name) => decodeQuotedPrintable(readFileSync(join(dir, name), "utf8")))
        .filter((mail) => mail.includes("Subject: Your ticket has an answer"))
    })
    expect(answerMails).toHaveLength(1)
  })

  it("never serve one instance's cached list after a change made through another", async () => {
    const passwordHash = await hashPassword("Ops-lists-pass-1")
    const pgClient = new pg.Client({ connectionString: databaseUrl() })
    await pgClient.connect()
    const insert = "insert into users (id, name, email, role, status, password_hash) values ($1, $2, $3, $4, $5, $6)"
    await pgClient.query(insert, ["00000000-0000-4000-8000-00000000115a", "Ops Lists Admin", "ops-lists@example.com", "Admin", "Approve", passwordHash])
    await pgClient.query(insert, [
      "00000000-0000-4000-8000-00000000115b",
      "Ops Reviewed Lawyer",
      "ops-reviewed@example.com",
      "Lawyer",
      "Under Review",
      passwordHash,
    ])
    await pgClient.end()
    const login = await call(a!, "/api/v1/user/login", {
      method: "POST",
      body: { email: "ops-lists@example.com", password: "Ops-lists-pass-1" },
      from: "203.0.113.50",
    })
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken
    const underReview = async (instance: Instance) => {
      const res = await call(instance, "/api/v1/user/allUsers/pending?page=1&limit=10", { token })
      expect(res.status, instance.name).toBe(200)
      return ((await res.json()) as { data: Array<{ email: string }> }).data.map((r) => r.email)
    }
    // B has the list in its cache (asked twice), then the vendor is rejected through A.
    expect(await underReview(b!)).toContain("ops-reviewed@example.com")
    expect(await underReview(b!)).toContain("ops-reviewed@example.com")
    const changed = await call(a!, "/api/v1/user/updateUser", {
      method: "PATCH",
      token,
      body: { userId: "00000000-0000-4000-8000-00000000115b", status: "Reject", organizationId: null },
    })
    expect(changed.status).toBe(200)
    expect(await underReview(b!)).not.toContain("ops-reviewed@example.com")
    expect(await underReview(a!)).not.toContain("ops-reviewed@example.com")
  })

  it("end a session on every instance: a logout or password change through one refuses the old token on the other at once", async () => {
    const email = "ops-session@example.com"
    const pgClient = new pg.Client({ connectionString: databaseUrl() })
    await pgClient.connect()
    await pgClient.query("insert into users (id, name, email, role, status, password_hash) values ($1, 'Ops Session', $2, 'User', 'Approve', $3)", [
      "00000000-0000-4000-8000-000000005e55",
      email,
      await hashPassword("Ops-session-pass-1"),
    ])
    await pgClient.end()
    const signIn = async (password: string, from: string) =>
      ((await (await call(a!, "/api/v1/user/login", { method: "POST", body: { email, password }, from })).json()) as { data: { accessToken: string } }).data
        .accessToken
    const first = await signIn("Ops-session-pass-1", "203.0.113.40")
    // Both instances have seen (and cached) the token's version before it is revoked.
    for (const instance of [a!, b!]) expect((await call(instance, "/api/v1/user/getProfile", { token: first })).status, instance.name).toBe(200)
    expect((await call(a!, "/api/v1/user/logout", { method: "POST", token: first })).status).toBe(200)
    for (const instance of [b!, a!]) expect((await call(instance, "/api/v1/user/getProfile", { token: first })).status, instance.name).toBe(401)

    const second = await signIn("Ops-session-pass-1", "203.0.113.41")
    expect((await call(a!, "/api/v1/user/getProfile", { token: second })).status).toBe(200)
    const changed = await call(b!, "/api/v1/user/updateCurrentPassword", {
      method: "PATCH",
      token: second,
      body: { oldPassword: "Ops-session-pass-1", newPassword: "Ops-session-pass-2" },
    })
    expect(changed.status).toBe(200)
    expect((await call(a!, "/api/v1/user/getProfile", { token: second })).status).toBe(401)
    // The device that changed it goes on, on both instances, with the session the answer carried.
    const renewed = ((await changed.json()) as { data: { accessToken: string } }).data.accessToken
    for (const instance of [a!, b!]) expect((await call(instance, "/api/v1/user/getProfile", { token: renewed })).status, instance.name).toBe(200)
    const third = await signIn("Ops-session-pass-2", "203.0.113.42")
    for (const instance of [a!, b!]) expect((await call(instance, "/api/v1/user/getProfile", { token: third })).status, instance.name).toBe(200)
    // The shared version sits in Redis under this run's prefix.
    const redis = new Redis(REDIS_URL)
    const version = await redis.get(`${PREFIX}token-version:00000000-0000-4000-8000-000000005e55`)
    await redis.quit()
    expect(version).toBe("2")
  })

  it("both answer /healthz and /readyz", async () => {
    for (const instance of [a!, b!]) {
      expect((await fetch(`${instance.url}/healthz`)).status).toBe(200)
      expect(await (await fetch(`${instance.url}/readyz`)).json()).toEqual({ status: "ready", database: "ok" })
    }
  })
})
