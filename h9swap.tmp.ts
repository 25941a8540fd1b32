import { sql } from "kysely"
import { openDatabase } from "./server/db/open-database.ts"
const d = await openDatabase({ kind: "embedded", dataDir: "/tmp/h9-full" })
const db = d.db
let s = performance.now()
await sql`create extension if not exists btree_gin schema public`.execute(db)
for (const c of ["name", "email", "number"]) {
  await sql.raw(`drop index if exists users_${c}_trgm_idx`).execute(db)
  await sql.raw(`create index users_${c}_trgm_idx on users using gin (role public.text_ops, status public.text_ops, ${c} public.gin_trgm_ops)`).execute(db)
  console.log("index", c, Math.round(performance.now() - s)); s = performance.now()
}
await sql`analyze users`.execute(db)
const { listPeople } = await import("./server/db/repositories/people.repository.ts")
const { paging } = await import("./server/db/paging.ts")
for (const q of ["", "priya", "zzzz-nobody", "kapoor1234", "6000012345", "a"]) {
  const ms: number[] = []
  for (let i = 0; i < 11; i++) { const t = performance.now(); await listPeople(db, { roles: ["Lawyer"], status: "Approve", search: q || undefined }, paging({ page: 1, limit: 10 }, 100)); ms.push(performance.now() - t) }
  ms.sort((a, b) => a - b)
  console.log(`search '${q}' p50 ${ms[5]!.toFixed(1)} max ${ms[10]!.toFixed(1)} ms`)
}
await d.close()
