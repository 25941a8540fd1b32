import { Kysely, PGliteDialect, PostgresDialect, sql, type LogEvent } from "kysely"
import type { Pool } from "pg"
import { queuedPool } from "./pool-queue.ts"
import { lockDataDir } from "./data-dir-lock.ts"
import type { Database, Db } from "./database.ts"
import { migrateToLatest } from "./migrate.ts"
import { attachWriteClock, writeClock, type WriteClock } from "./write-clock.ts"
import { trackingWrites, type TransactionStatementHook } from "./write-tracking.ts"
import { attachPulse, databasePulse } from "./database-pulse.ts"
import { PGLITE_SHARED_BUFFERS, PGliteThread } from "./pglite-thread.ts"
import { takeEmbeddedHeadStart } from "./embedded-head-start.ts"
import { isDatabaseUnavailable } from "./unavailable.ts"

export type DatabaseTarget =
  | {
      kind: "embedded"
      dataDir: string | null
      /**
       * In memory only: starts from this copy (`OpenDatabase.dump`), so the tests skip initdb, migrations and the seed.
       * A Blob, which reaches the database's thread without being copied (tests start a hundred databases from one).
       */
      snapshot?: Blob
    }
  | { kind: "postgres"; url: string; /** tests isolate themselves in a schema of their own */ schema?: string }

export interface OpenOptions {
  /** A connection of the pool failed (the database restarted or went away), or the embedded database's thread was replaced; never fatal. */
  onConnectionError?: (error: Error) => void
  /** The longest a statement may run (the server's SERVER_STATEMENT_TIMEOUT_MS), once migrations ran; none for scripts. */
  statementTimeoutMs?: number
  /** Called once per statement sent, with its SQL and bound values (the benchmark's query counter, a test's); absent in normal runs. */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void
  /** Called once per statement sent inside a transaction, with the transaction's number (the benchmark's SQL probe); absent in normal runs. */
  onTransactionStatement?: TransactionStatementHook
  /**
   * Embedded only: PGlite's buffer pool. The server's default is small for a fast start (see
   * PGLITE_SHARED_BUFFERS); a bulk load (the scale seed, a restore) asks for PostgreSQL's usual 128MB.
   */
  sharedBuffers?: string
  /** PostgreSQL did not answer at start; the server waits for it (START_WAIT_MS) and says so here. */
  onWait?: (error: Error, waitedMs: number) => void
  /**
   * PostgreSQL only: how long a request waits its turn for a pool connection before it is answered "busy"
   * (QUEUE_WAIT_MS by default). A test whose premise is that a queue drains, however slowly the machine
   * runs it, lifts it.
   */
  poolQueueWaitMs?: number
}

export interface OpenDatabase {
  db: Db
  kind: DatabaseTarget["kind"]
  close(): Promise<void>
  /** Embedded only: the whole database as a tarball, for `snapshot`. */
  dump?(): Promise<Uint8Array<ArrayBuffer>>
}

/**
 * `pg`, loaded only for PostgreSQL. Its module start checks for Cloudflare Workers by building a fetch
 * `Response`, which loads Node's fetch implementation: some 30 ms before the embedded database could
 * start opening, for a driver the embedded database never uses.
 */
async function loadPg() {
  const { default: pg } = await import("pg")
  // bigint comes back as text from pg by default; counts are numbers (they stay far below 2^53).
  pg.types.setTypeParser(20, (v: string) => Number(v))
  return pg
}

/**
 * Bounds on waiting for PostgreSQL. While the database is unreachable a request must fail soon (a 503
 * the console retries), not hang: a new connection is given 800 ms, and a request waits at most 5 s for
 * its turn when every connection is busy (pool-queue.ts). The server bounds a
 * statement too (server side, so a runaway query frees its connection; the client gives up a little
 * later, for a database that stopped answering without closing the socket). Scripts (a scale seed,
 * a restore) are not bounded, and migrations lift the bound for themselves (migrations/index.ts).
 */
export const SERVER_STATEMENT_TIMEOUT_MS = 10_000
const CONNECTION_TIMEOUT_MS = 800
const POOL_SIZE = 10
/** How long a request waits its turn for one of the pool's connections when all are busy (pool-queue.ts). */
const QUEUE_WAIT_MS = 5_000

const timeoutsOf = (statementTimeoutMs: number | undefined) => ({
  connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
  ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + 1_000 } : {}),
})

/**
 * pg reports a connection that breaks while no query runs on it (a database restart, a failover) as an
 * 'error' event: on the pool for an idle connection, on the client for one checked out between two
 * statements of a transaction. Node ends the process on an 'error' event nobody listens to, so both
 * are listened to here; the broken connection is dropped and the next request opens a new one.
 */
function resilientPool(pool: Pool, onError: (error: Error) => void): Pool {
  pool.on("error", onError)
  pool.on("connect", (client) => client.on("error", onError))
  return pool
}

/**
 * How long a starting server waits for PostgreSQL to answer. Databases and servers are often started
 * together (a machine's boot, an orchestrator), and a first connection can miss its 800 ms while a busy
 * machine starts several processes: both are waited out, retrying, instead of ending the process.
 */
export const START_WAIT_MS = 30_000

async function untilReachable(open: () => Promise<void>, onWait?: (error: Error, waitedMs: number) => void): Promise<void> {
  const started = Date.now()
  for (let delay = 250; ; delay = Math.min(delay * 2, 2_000)) {
    try {
      return await open()
    } catch (error) {
      const waited = Date.now() - started
      if (!isDatabaseUnavailable(error) || waited + delay > START_WAIT_MS) throw error
      onWait?.(error as Error, waited)
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
  }
}

/** Opens the embedded database (a data directory, or memory when null) or PostgreSQL, then migrates. */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<OpenDatabase> {
  return startOpeningDatabase(target, options).opened
}

export interface OpeningDatabase {
  /**
   * The database's handle at once, for code that only keeps it (building the app's routes) while the
   * database starts. No query may run on it before `opened` settles: migrations may still be running.
   */
  db: Db
  /** Settles once the database answers and is migrated; rejects when it cannot be opened. */
  opened: Promise<OpenDatabase>
}

/**
 * Starts opening the database without waiting for it: the server builds its routes while PGlite starts
 * PostgreSQL (some 0.5 s, part of it waiting on WebAssembly compiled off the main thread). Throws at
 * once when the embedded data directory is held by another process.
 */
export function startOpeningDatabase(target: DatabaseTarget, options: OpenOptions = {}): OpeningDatabase {
  const { onQuery, sharedBuffers = PGLITE_SHARED_BUFFERS } = options
  const clock = writeClock()
  const pulse = databasePulse()
  // Called after each statement (an error too), before its caller goes on. Writes are counted on the
  // clock by the dialect (write-tracking.ts), which also sees transactions commit.
  const log = (event: LogEvent) => {
    pulse.record(event.level === "query" ? "answered" : event.error)
    if (onQuery && event.level === "query") onQuery(event.query.sql, event.query.parameters)
  }
  if (target.kind === "postgres") {
    const db = postgresHandle(target, options, log, clock)
    attachWriteClock(db, clock)
    attachPulse(db, pulse)
    const opened = (async (): Promise<OpenDatabase> => {
      try {
        await untilReachable(async () => {
          if (target.schema) await createSchema(target.url, target.schema)
          await migrateToLatest(db, target.schema)
        }, options.onWait)
      } catch (error) {
        await db.destroy().catch(() => {})
        throw error
      }
      return { db, kind: "postgres", close: () => db.destroy() }
    })()
    return { db, opened }
  }
  // Started already, in `npm start`'s process, before the server's bundle loaded (embedded-head-start.ts).
  const early = target.dataDir ? takeEmbeddedHeadStart(target.dataDir, sharedBuffers) : null
  const unlock = early?.unlock ?? (target.dataDir ? lockDataDir(target.dataDir) : () => {})
  // PGlite starts on its own thread (server/db/pglite-thread.ts) while this one builds the routes.
  const pglite = new PGliteThread({
    dataDir: target.dataDir ? `${target.dataDir}/pgdata` : null,
    ...(target.snapshot && !target.dataDir ? { loadDataDir: target.snapshot } : {}),
    sharedBuffers,
    ...(options.onConnectionError ? { onThreadError: options.onConnectionError } : {}),
    ...(early ? { started: early.thread } : {}),
  })
  const db = new Kysely<Database>({ dialect: trackingWrites(new PGliteDialect({ pglite }), clock, options.onTransactionStatement), log })
  attachWriteClock(db, clock)
  attachPulse(db, pulse)
  const opened = (async (): Promise<OpenDatabase> => {
    try {
      await pglite.waitReady
    } catch (error) {
      await pglite.close()
      unlock()
      throw error
    }
    try {
      await migrateToLatest(db)
    } catch (error) {
      await db.destroy().catch(() => {})
      unlock()
      throw error
    }
    pglite.boundStatements(options.statementTimeoutMs)
    return {
      db,
      kind: "embedded",
      // Between two statements (Kysely lends its one connection to one caller at a time), after a
      // checkpoint: the tarball's files then hold every committed write, and no transaction is half done.
      dump: () =>
        db.connection().execute(async (connection) => {
          await sql`checkpoint`.execute(connection)
          return pglite.dumpDataDir()
        }),
      close: async () => {
        await db.destroy()
        await pglite.close()
        unlock()
      },
    }
  })()
  return { db, opened }
}

/** A handle on PostgreSQL through a pool that survives the database going away; nothing is sent yet. */
export function postgresHandle(
  target: Extract<DatabaseTarget, { kind: "postgres" }>,
  options: OpenOptions = {},
  log?: (event: LogEvent) => void,
  clock?: WriteClock,
): Db {
  const pool = async () =>
    queuedPool(
      resilientPool(
        new (await loadPg()).Pool({
          connectionString: target.url,
          max: POOL_SIZE,
          ...timeoutsOf(options.statementTimeoutMs),
          ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
        }),
        options.onConnectionError ?? (() => {}),
      ),
      POOL_SIZE,
      options.poolQueueWaitMs ?? QUEUE_WAIT_MS,
    )
  const dialect = new PostgresDialect({ pool })
  return new Kysely<Database>({ dialect: clock ? trackingWrites(dialect, clock, options.onTransactionStatement) : dialect, ...(log ? { log } : {}) })
}

async function createSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`)
  const client = new (await loadPg()).Client({ connectionString: url })
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
  const client = new (await loadPg()).Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`drop schema if exists ${schema} cascade`)
  } finally {
    await client.end()
  }
}
