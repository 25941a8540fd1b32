import { randomUUID } from "node:crypto"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { buildApp } from "../server/app.ts"
import { json } from "../server/db/database.ts"
import { dropSchema, openDatabase } from "../server/db/open-database.ts"
import { loginThrottle } from "../server/services/auth/login-throttle.ts"
import { memoryTokenVersions } from "../server/services/auth/token-versions.ts"
import { tokenService } from "../server/services/auth/tokens.ts"
import { outboxMailer } from "../server/services/mail/mailer.ts"
import { localUploadStore } from "../server/services/storage/uploads.ts"
import { memoryTicketVersions } from "../server/services/tickets/ticket-versions.ts"
import { hashPassword } from "../server/services/auth/passwords.ts"
import { availabilitySlots } from "../src/api/contract/availability/availability.ts"

/**
 * `node --import tsx bench/free-slots.bench.ts` (embedded database; PostgreSQL with DATABASE_URL, in a
 * schema of its own): issue 24's free-slot figure. One counsellor with 10,000 sessions (two years either
 * side of today, with 100 clients), every slot of every weekday marked, in Asia/Kolkata; the Admin asks
 * for 30 days of free slots with a client named, through the real app, one request at a time, so it
 * measures the computation and its queries. Baseline in the same run: the signed-in profile (one read
 * by primary key) through the same app. Prints p50 and p99 in ms, and the ratio to the baseline;
 * exits 1 when p99 passes 20 ms.
 */
const SESSIONS = 10_000
const CLIENTS = 100
const ROUNDS = 300
const WARMUP = 30
const TARGET_P99_MS = 20

const work = mkdtempSync(join(tmpdir(), "free-slots-bench-"))
const url = process.env.DATABASE_URL
const schema = `free_slots_bench_${Date.now()}`
const database = await (url ? openDatabase({ kind: "postgres", url, schema }) : openDatabase({ kind: "embedded", dataDir: join(work, "data") }))
const db = database.db
const tokens = tokenService("bench-secret-that-is-long-enough-for-hs256", Date.now)
const app = await buildApp({
  db,
  tokens,
  limiter: loginThrottle(),
  mailer: outboxMailer(join(work, "outbox"), "bench <bench@example.com>", () => {}),
  ticketVersions: memoryTicketVersions(),
  tokenVersions: memoryTokenVersions(Date.now),
  uploads: localUploadStore(work, 1024 * 1024),
  publicUrl: "http://bench.test",
  dataDir: work,
  distDir: join(work, "no-dist"),
  partnerSignupUrl: "http://bench.test/partner-signup",
  uploadLimitBytes: 1024 * 1024,
  trustProxy: false,
  now: Date.now,
})
await app.ready()

const now = Date.now()
const passwordHash = await hashPassword("Bench@12345")
const person = (id: string, role: "Admin" | "Counsellor" | "User", zone: string | null) => ({
  id,
  name: id,
  email: `${id}@bench.test`,
  role,
  status: "Approve" as const,
  additional_details: json({}),
  document_details: json({}),
  account_details: json({}),
  time_zone: zone,
  password_hash: role === "Admin" ? passwordHash : null,
})
await db
  .insertInto("users")
  .values([
    person("bench-admin", "Admin", null),
    person("bench-counsellor", "Counsellor", "Asia/Kolkata"),
    ...Array.from({ length: CLIENTS }, (_, i) => person(`bench-client-${i}`, "User", null)),
  ])
  .execute()
await db
  .insertInto("vendor_weekly_availability")
  .values(Array.from({ length: 7 }, (_, weekday) => ({ vendor_id: "bench-counsellor", weekday, slots: json(availabilitySlots), updated_at: new Date(now) })))
  .execute()
// 10,000 sessions two hours apart around today: about 360 of them fall in the 30 days asked for.
const HOUR = 3_600_000
const first = now - SESSIONS * HOUR
for (let batch = 0; batch < SESSIONS; batch += 1000) {
  await db
    .insertInto("counselling_sessions")
    .values(
      Array.from({ length: 1000 }, (_, i) => {
        const n = batch + i
        const startsAt = new Date(first + n * 2 * HOUR)
        return {
          id: randomUUID(),
          user_id: `bench-client-${n % CLIENTS}`,
          counsellor_id: "bench-counsellor",
          topic: "Bench",
          agenda: "Bench",
          duration: 45,
          starts_at: startsAt,
          ends_at: new Date(startsAt.getTime() + 45 * 60_000),
          created_at: new Date(now),
          updated_at: new Date(now),
        }
      }),
    )
    .execute()
}
const login = await app.inject({ method: "POST", url: "/api/v1/user/login", payload: { email: "bench-admin@bench.test", password: "Bench@12345" } })
if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`)
const admin = (login.json() as { data: { accessToken: string } }).data.accessToken
const from = new Date(now + HOUR).toISOString()
const to = new Date(now + 30 * 24 * HOUR).toISOString()
const freeUrl = `/api/v1/availability/bench-counsellor/free?from=${from}&to=${to}&clientId=bench-client-7`

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
async function time(path: string): Promise<{ p50: number; p99: number; body: string }> {
  const times: number[] = []
  let body = ""
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    const started = performance.now()
    const res = await app.inject({ method: "GET", url: path, headers: { authorization: `Bearer ${admin}` } })
    const took = performance.now() - started
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`)
    body = res.body
    if (i >= WARMUP) times.push(took)
  }
  times.sort((a, b) => a - b)
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), body }
}

const baseline = await time("/api/v1/user/getProfile")
const free = await time(freeUrl)
const offered = (JSON.parse(free.body) as { data: { slots: unknown[] } }).data.slots.length
console.log(`database: ${url ? "PostgreSQL" : "embedded (PGlite)"}; ${SESSIONS} sessions of one counsellor, ${offered} free slots offered over 30 days`)
console.log(`baseline (profile, one read by key): p50 ${baseline.p50.toFixed(2)} ms, p99 ${baseline.p99.toFixed(2)} ms`)
console.log(
  `free slots, 30 days: p50 ${free.p50.toFixed(2)} ms, p99 ${free.p99.toFixed(2)} ms (${(free.p99 / baseline.p99).toFixed(2)} × the baseline's p99); target p99 ≤ ${TARGET_P99_MS} ms`,
)
await app.close()
await database.close()
if (url) await dropSchema(url, schema)
if (offered === 0) throw new Error("no free slot was offered: the figure would time an empty answer")
process.exitCode = free.p99 <= TARGET_P99_MS ? 0 : 1
