import { PGlite } from "@electric-sql/pglite"
import { mkdtempSync } from "node:fs"
const dir = mkdtempSync("/tmp/pgl-")
const db = new PGlite({ dataDir: dir + "/pgdata" })
await db.waitReady
await db.exec("create table t (id serial primary key, v text)")
for (let i = 0; i < 200; i++) await db.query("insert into t (v) values ($1)", ["x" + i])
let t0 = performance.now()
let f = await db.dumpDataDir("none"); console.log("plain dump", performance.now() - t0, f.size)
t0 = performance.now()
await db.transaction(async (tx) => { await tx.exec("CHECKPOINT"); console.log("checkpoint in tx", performance.now() - t0) })
t0 = performance.now()
await db.transaction(async (tx) => { await tx.query("select 1"); console.log("in tx"); const f = await db.dumpDataDir("none"); console.log("dump in tx", performance.now() - t0, f.size) })
await db.close()
