import { PGlite } from "@electric-sql/pglite"
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin"
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm"
import { Kysely, PGliteDialect, PostgresDialect, type LogEvent } from "kysely"
import pg from "pg"
import { lockDataDir } from "./data-dir-lock.ts"
import type { Database, Db } from "./database.ts"
import { migrateToLatest } from "./migrate.ts"
import { attachWriteClock, mayWrite, writeClock } from "./write-clock.ts"

export type DatabaseTarget =
  | { kind: "embedded"; dataDir: string | null }
  | { kind: "postgres"; url: string; /** tests isolate themselves in a schema of their own */ schema?: string }

export interface OpenOptions {
  /** Called once per statement sent (the benchmark's query counter); absent in normal runs. */
  onQuery?: () => void
}

export interface OpenDatabase {
  db: Db
  kind: DatabaseTarget["kind"]
  close(): Promise<void>
}

// timestamptz and bigint come back as text from pg by default for bigint; keep ids as strings,
// counts as numbers (they stay far below 2^53).
pg.types.setTypeParser(20, (v: string) => Number(v))

/** Opens the embedded database (a data directory, or memory when null) or PostgreSQL, then migrates. */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<OpenDatabase> {
  const { onQuery } = options
  const clock = writeClock()
  // Called after each statement (an error too), before its caller goes on: a write is counted before
  // the route that made it answers.
  const log = (event: LogEvent) => {
    if (mayWrite(event.query.sql)) clock.tick()
    if (onQuery && event.level === "query") onQuery()
  }
  if (target.kind === "postgres") {
    if (target.schema) await createSchema(target.url, target.schema)
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
    })
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log })
    attachWriteClock(db, clock)
    await migrateToLatest(db, target.schema)
    return { db, kind: "postgres", close: () => db.destroy() }
  }
  const unlock = target.dataDir ? lockDataDir(target.dataDir) : () => {}
  try {
    const pglite = await PGlite.create(target.dataDir ? `${target.dataDir}/pgdata` : undefined, { extensions: { pg_trgm, btree_gin } })
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), log })
    attachWriteClock(db, clock)
    await migrateToLatest(db)
    return {
      db,
      kind: "embedded",
      close: async () => {
        await db.destroy()
        if (!pglite.closed) await pglite.close()
        unlock()
      },
    }
  } catch (error) {
    unlock()
    throw error
  }
}

async function createSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`)
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`create schema if not exists ${schema}`)
  } finally {
    await client.end()
  }
}

/** Drops a test schema and everything in it. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`)
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`drop schema if exists ${schema} cascade`)
  } finally {
    await client.end()
  }
}
