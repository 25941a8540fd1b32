import { sql } from "kysely"
import type { Kysely } from "kysely"
import { dropSchema, openDatabase } from "../server/db/open-database.ts"
import * as keysOnce from "../server/db/migrations/0044-search-keys-once.ts"
import { median } from "./lib/median.ts"

/**
 * `node --import tsx bench/search-keys.bench.ts [people]` (default 20 000; PostgreSQL with DATABASE_URL, in a schema of
 * its own, dropped after). Times a person's search keys (`people_search_keys`) as migration 0044 computes them against
 * 0043's function in the same run: the keys of `people` made-up people (names, addresses and numbers shaped as the
 * scale seed's), three rounds of each in turn, and checks that both give every person the same keys in the same order.
 */
const people = Number(process.argv[2] ?? 20_000)
const url = process.env.DATABASE_URL
const schema = `bench_keys_${process.pid}`
const database = await openDatabase(url ? { kind: "postgres", url, schema } : { kind: "embedded", dataDir: null })
const db = database.db
const untyped = db as unknown as Kysely<unknown>

const FIRST = ["Isha", "Tara", "Riya", "Supriya", "Arjun", "Dev", "Kavya", "Aditya"]
const LAST = ["Banerjee", "Kulkarni", "Iyer", "Sharma", "Chopra", "Rao", "Patel", "Reddy"]
const made = sql`
  select 'Lawyer' as role, 'Approve' as status,
    (${sql.lit(`{${FIRST.join(",")}}`)}::text[])[1 + g % 8] || ' ' || (${sql.lit(`{${LAST.join(",")}}`)}::text[])[1 + (g / 8) % 8] as name,
    'person.' || g || '@scale.example' as email, (6000000000 + g)::text as number
  from generate_series(1, ${sql.lit(people)}) g`

const keysOfAll = () =>
  sql<{ keys: string[] }>`select people_search_keys(role, status, name, email, number) as keys from (${made}) as made`.execute(db).then((r) => r.rows)

async function timed(): Promise<number> {
  const started = performance.now()
  await sql`select sum(cardinality(people_search_keys(role, status, name, email, number))) from (${made}) as made`.execute(db)
  return performance.now() - started
}

try {
  const once = await keysOfAll()
  await keysOnce.down(untyped)
  const walked = await keysOfAll()
  const differ = once.filter((row, i) => JSON.stringify(row.keys) !== JSON.stringify(walked[i]!.keys)).length
  const runs = { walked: [] as number[], once: [] as number[] }
  for (let round = 0; round < 3; round++) {
    await keysOnce.down(untyped)
    runs.walked.push(await timed())
    await keysOnce.up(untyped)
    runs.once.push(await timed())
  }
  const perPerson = (ms: number[]) => ((median(ms) / people) * 1000).toFixed(1)
  const keysEach = (once.reduce((n, row) => n + row.keys.length, 0) / people).toFixed(0)
  console.log(`${people} people, ${keysEach} keys each, on ${url ? "PostgreSQL" : "the embedded database"}`)
  console.log(`0043 (text joined for every key): ${perPerson(runs.walked)} µs a person (runs: ${runs.walked.map((ms) => ms.toFixed(0)).join(", ")} ms)`)
  console.log(`0044 (text joined once):          ${perPerson(runs.once)} µs a person (runs: ${runs.once.map((ms) => ms.toFixed(0)).join(", ")} ms)`)
  console.log(`0044 / 0043: ${(median(runs.once) / median(runs.walked)).toFixed(3)}; people whose keys differ: ${differ}`)
  if (differ > 0) process.exitCode = 1
} finally {
  await database.close()
  if (url) await dropSchema(url, schema)
}
