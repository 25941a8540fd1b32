import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { sql } from "kysely"
import { buildApp } from "../server/app.ts"
import { loadConfig } from "../server/config.ts"
import { openConfiguredDatabase } from "../server/scripts/script-database.ts"
import { loginThrottle } from "../server/services/auth/login-throttle.ts"
import { memoryTokenVersions } from "../server/services/auth/token-versions.ts"
import { tokenService } from "../server/services/auth/tokens.ts"
import type { Role } from "../src/api/contract/common.ts"
import { outboxMailer } from "../server/services/mail/mailer.ts"
import { localUploadStore } from "../server/services/storage/uploads.ts"
import { memoryTicketVersions } from "../server/services/tickets/ticket-versions.ts"

/**
 * `node --import tsx bench/scale-lists.bench.ts [--data-dir DIR]` (or DATABASE_URL) on a database
 * filled by `npm run seed:scale`: server time of the list calls through the real app (in process,
 * one at a time, so it measures the queries, not the network), with the count(*)-and-OFFSET
 * queries a naive list would run as the baseline. Prints p50 and p99 in milliseconds.
 */
const dirArg = process.argv.indexOf("--data-dir")
const config = loadConfig({ ...process.env, ...(dirArg > 0 ? { DATA_DIR: process.argv[dirArg + 1] } : {}) })
const opened = performance.now()
const database = await openConfiguredDatabase(config)
console.log(`open + migrations check: ${Math.round(performance.now() - opened)} ms`)
const db = database.db
const tokens = tokenService("bench-secret-that-is-long-enough-for-hs256", Date.now)
const work = mkdtempSync(join(tmpdir(), "scale-bench-"))
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
const admin = await db.selectFrom("users").select("id").where("email", "=", "admin@demo.test").executeTakeFirstOrThrow()
const signAs = async (id: string, role: Role) => {
  const { token_version } = await db.selectFrom("users").select("token_version").where("id", "=", id).executeTakeFirstOrThrow()
  return tokens.signAccess({ id, role, version: token_version })
}
const as = {
  admin: await signAs(admin.id, "Admin"),
  editor: await signAs("scale-u-1", "Editor"),
  client: await signAs("scale-u-3", "User"),
  vendor: await signAs("scale-u-61", "Counsellor"),
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
async function time(label: string, run: () => Promise<unknown>, rounds = 40): Promise<number> {
  await run()
  const ms: number[] = []
  for (let i = 0; i < rounds; i++) {
    const start = performance.now()
    await run()
    ms.push(performance.now() - start)
  }
  ms.sort((a, b) => a - b)
  console.log(`${label.padEnd(64)} p50 ${quantile(ms, 0.5).toFixed(2).padStart(8)}  p99 ${quantile(ms, 0.99).toFixed(2).padStart(8)} ms`)
  return quantile(ms, 0.5)
}
const get = (who: keyof typeof as, url: string) => async () => {
  const res = await app.inject({ method: "GET", url: `/api/v1${url}`, headers: { authorization: `Bearer ${as[who]}` } })
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`)
  return res.json()
}

const lawyers = ((await get("admin", "/user/Lawyer?limit=1")()) as { totalRecords: number }).totalRecords
const last = Math.ceil(lawyers / 10)
console.log(`approved lawyers: ${lawyers} (last page ${last})\n`)
const page1 = await time("GET /user/Lawyer?page=1&limit=10", get("admin", "/user/Lawyer?page=1&limit=10"))
const lastPage = await time(`GET /user/Lawyer?page=${last}&limit=10 (last)`, get("admin", `/user/Lawyer?page=${last}&limit=10`))
await time(`GET /user/Lawyer?page=${Math.ceil(last / 2)}&limit=10 (middle, worst case)`, get("admin", `/user/Lawyer?page=${Math.ceil(last / 2)}&limit=10`), 10)
const searches: number[] = []
for (const q of ["priya", "zzzz-nobody", "kapoor1234", "6000012345", "a"]) {
  searches.push(await time(`GET /user/Lawyer?search=${q}`, get("admin", `/user/Lawyer?page=1&limit=10&search=${q}`), 20))
}
console.log("\nthe Assign To form (newest 50 of each assignable role, with totals):")
const assignTo: number[] = []
for (const q of ["", "priya", "aarav sharma", "zzzz-nobody", "a"]) {
  const url = `/user/getActiveUser/user${q ? `?search=${encodeURIComponent(q)}` : ""}`
  assignTo.push(await time(`GET ${url}`, get("admin", url), 20))
}
console.log("\ndashboard, every call per role:")
const dashboards = {
  admin: [
    "/dashboard/peopleCounts",
    "/dashboard/trends",
    "/user/unassignUser?page=1&limit=1",
    "/expert/auth/get?page=1&limit=1",
    "/testimonial/auth/get?page=1&limit=1",
    "/blog/get?page=1&limit=1",
    "/gallery/get?page=1&limit=1",
    "/press-and-recognition/auth/get?page=1&limit=1",
  ],
  editor: [
    "/expert/auth/get?page=1&limit=1",
    "/testimonial/auth/get?page=1&limit=1",
    "/blog/get?page=1&limit=1",
    "/gallery/get?page=1&limit=1",
    "/press-and-recognition/auth/get?page=1&limit=1",
  ],
  client: ["/counselling/fetch/user/scale-u-3?page=1&limit=5000"],
  vendor: ["/counselling/fetch/counsellor/scale-u-61?page=1&limit=5000"],
} as const
for (const [who, urls] of Object.entries(dashboards) as Array<[keyof typeof as, readonly string[]]>) {
  await time(`dashboard (${who}): ${urls.length} calls together`, async () => Promise.all(urls.map((u) => get(who, u)())))
}
console.log("\nother lists, first and last page:")
for (const [url, key] of [
  ["/counselling/fetch", "totalRecords"],
  ["/userQuery/get", "pagination.total"],
  ["/audit/events", "totalRecords"],
  ["/user/unassignUser", "totalRecords"],
] as const) {
  const answer = (await get("admin", `${url}?page=1&limit=10`)()) as Record<string, unknown>
  const total = key === "pagination.total" ? (answer.pagination as { total: number }).total : (answer[key] as number)
  await time(`GET ${url} page 1`, get("admin", `${url}?page=1&limit=10`), 20)
  await time(`GET ${url} last page (${Math.ceil(total / 10)})`, get("admin", `${url}?page=${Math.ceil(total / 10)}&limit=10`), 20)
}
console.log("\nbaseline (what a naive list runs):")
const countStar = await time("count(*) of approved lawyers", () => sql`select count(*) from users where role = 'Lawyer' and status = 'Approve'`.execute(db), 10)
await time(
  "last page by OFFSET in list order",
  () => sql`select id from users where role = 'Lawyer' and status = 'Approve' order by created_at desc, id desc limit 10 offset ${(last - 1) * 10}`.execute(db),
  10,
)
await time(
  "every approved assignable person (the Assign To form before)",
  () =>
    sql`select id, name, email, role from users where status = 'Approve' and role in ('Lawyer', 'Counsellor', 'Nutritionist', 'YogaTeacher', 'User', 'ImageConsultant') order by role, lower(name), id`.execute(
      db,
    ),
  3,
)
console.log(`Assign To: worst search / no search = ${(Math.max(...assignTo) / assignTo[0]!).toFixed(2)}`)
console.log(
  `\nlast page / page 1 = ${(lastPage / page1).toFixed(2)} (target <= 3); worst search / page 1 = ${(Math.max(...searches) / page1).toFixed(2)} (target <= 10); count(*) alone = ${(countStar / page1).toFixed(1)} x page 1`,
)
await app.close()
await database.close()
