import { sql } from "kysely"
import { vendorRoles } from "../src/api/contract/common.ts"
import { openDatabase } from "../server/db/open-database.ts"
import { paging } from "../server/db/paging.ts"
import { listPeople } from "../server/db/repositories/people.repository.ts"
import { peopleCounts } from "../server/services/dashboard/people-counts.ts"

/**
 * `node --import tsx bench/people-counts.bench.ts [users]` (default 200 000; PostgreSQL with DATABASE_URL).
 * Fills the users table in one statement, then times the dashboard counts against the baseline a
 * count-based dashboard would run (count(*) grouped over users), plus list pages. Ratios < 1 mean faster.
 */
const users = Number(process.argv[2] ?? 200_000)
const url = process.env.DATABASE_URL
const schema = `bench_${process.pid}`
const database = await openDatabase(url ? { kind: "postgres", url, schema } : { kind: "embedded", dataDir: null })
const db = database.db

const roles = ["Lawyer", "Counsellor", "Nutritionist", "YogaTeacher", "ImageConsultant", "User"]
const statuses = ["Approve", "Approve", "Approve", "Under Review", "Temp Approve", "Reject"]
let started = performance.now()
await sql`
  insert into users (id, name, email, number, role, status, organization_id, created_at)
  select 'u' || g, 'Person ' || g, 'person' || g || '@example.com', (9000000000 + g)::text,
         (${sql.lit(`{${roles.join(",")}}`)}::text[])[1 + g % 6], (${sql.lit(`{${statuses.join(",")}}`)}::text[])[1 + (g / 6) % 6],
         'org-' || (g % 20), now() - (g || ' seconds')::interval
  from generate_series(1, ${sql.lit(users)}) g`.execute(db)
console.log(`inserted ${users} users in ${Math.round(performance.now() - started)} ms (counters kept by the statement trigger)`)
await sql`analyze users`.execute(db)

async function time(label: string, run: () => Promise<unknown>, rounds = 20): Promise<number> {
  await run()
  const start = performance.now()
  for (let i = 0; i < rounds; i++) await run()
  const ms = (performance.now() - start) / rounds
  console.log(`${label.padEnd(58)} ${ms.toFixed(2).padStart(9)} ms`)
  return ms
}

const baseline = await time(
  "baseline: count(*) grouped over users",
  () =>
    db
      .selectFrom("users")
      .select(["role", "status", sql`count(*)`.as("n")])
      .groupBy(["role", "status"])
      .execute(),
  5,
)
const counters = await time("GET /dashboard/peopleCounts (trigger-kept counters)", () => peopleCounts(db))
const firstPage = await time("GET /user/Lawyer page 1 (index walk, total from counters)", () =>
  listPeople(db, { roles: ["Lawyer"], status: "Approve" }, paging({ page: 1, limit: 10 }, 100)),
)
const deepPage = await time("GET /user/Lawyer page 500", () => listPeople(db, { roles: ["Lawyer"], status: "Approve" }, paging({ page: 500, limit: 10 }, 100)))
const review = await time("GET /user/allUsers/pending page 1 (five vendor roles)", () =>
  listPeople(db, { roles: vendorRoles, status: "Under Review" }, paging({ page: 1, limit: 10 }, 100)),
)
const searched = await time(
  "GET /user/Lawyer?search=person12345 (substring scan)",
  () => listPeople(db, { roles: ["Lawyer"], status: "Approve", search: "person12345" }, paging({ page: 1, limit: 10 }, 100)),
  5,
)
const counted = await peopleCounts(db)
const truth = await db
  .selectFrom("users")
  .select(sql<string>`count(*)`.as("n"))
  .where("role", "=", "Lawyer")
  .where("status", "=", "Approve")
  .executeTakeFirstOrThrow()
if (counted.data.active.Lawyer !== Number(truth.n)) throw new Error("counters disagree with the rows")

console.log("\nratios against the baseline (same run):")
for (const [label, ms] of [
  ["dashboard counts", counters],
  ["role list page 1", firstPage],
  ["role list page 500", deepPage],
  ["review list page 1", review],
  ["role list search", searched],
] as const) {
  console.log(`  ${label.padEnd(22)} ${(ms / baseline).toFixed(4)}`)
}
started = performance.now()
await database.close()
if (url) {
  const pg = await import("../server/db/open-database.ts")
  await pg.dropSchema(url, schema)
}
