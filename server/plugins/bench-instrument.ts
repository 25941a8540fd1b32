import { AsyncLocalStorage } from "node:async_hooks"
import { randomUUID } from "node:crypto"
import type { ServerResponse } from "node:http"
import { createRequire, syncBuiltinESMExports } from "node:module"
import type { FastifyInstance } from "fastify"
import { CompiledQuery } from "kysely"
import type { Db } from "../db/database.ts"
import type { Postman } from "../services/notifications/postman.ts"
import type { AuditSealer } from "../services/audit/audit-sealer.ts"
import { watchLoopDelay } from "../services/ops/event-loop-delay.ts"

const require = createRequire(import.meta.url)

/** A statement as the server sent it: its SQL and bound values. */
export interface SentStatement {
  sql: string
  parameters: readonly unknown[]
}

/** What one request sent while it was recorded: every statement, and those of the first transaction it opened. */
export interface Recording {
  statements: SentStatement[]
  transaction: SentStatement[]
}

/**
 * Counts the statements the server sends to its database (fed by openDatabase's `onQuery`), and, while
 * the benchmark asks, keeps them: the plain SQL probe replays what one request sent.
 */
export interface QueryCounter {
  onQuery(sql: string, parameters?: readonly unknown[]): void
  /** Fed by openDatabase's `onTransactionStatement`: statements sent inside a transaction, with its number. */
  onTransactionStatement(query: { sql: string; parameters: readonly unknown[] }, transaction: number): void
  count(): number
  /** Starts keeping the statements of the next request (the benchmark sends one meanwhile). */
  record(): void
  /**
   * Runs `next` (the rest of a request's handling) as the recorded request when one is awaited: only statements sent
   * from within it are kept, never those of work running meanwhile (the event log's sealer after an earlier write).
   */
  around(url: string, next: () => void): void
  /** Stops keeping, and gives what was sent since `record`. */
  recorded(): Recording
}

export function queryCounter(): QueryCounter {
  let queries = 0
  let kept: (Recording & { first?: number }) | null = null
  // The request recorded is the first after `record`; what it sends is told apart by its async context.
  const recordedRequest = new AsyncLocalStorage<true>()
  let awaited = false
  return {
    onQuery: (sql, parameters = []) => {
      queries++
      if (kept && recordedRequest.getStore()) kept.statements.push({ sql, parameters })
    },
    onTransactionStatement: (query, transaction) => {
      if (!kept || !recordedRequest.getStore()) return
      // The request's own write comes first; work it set off (the postman's claim) may open one after it.
      kept.first ??= transaction
      if (transaction === kept.first) kept.transaction.push({ sql: query.sql, parameters: query.parameters })
    },
    count: () => queries,
    record: () => {
      kept = { statements: [], transaction: [] }
      awaited = true
    },
    around: (url, next) => {
      if (!awaited || url.startsWith("/__bench/")) return next()
      awaited = false
      recordedRequest.run(true, next)
    },
    recorded: () => {
      const recording = { statements: kept?.statements ?? [], transaction: kept?.transaction ?? [] }
      kept = null
      awaited = false
      return recording
    },
  }
}

/** The request header that asks the instrumented server for its Server-Timing. */
export const BENCH_TIMING_HEADER = "x-bench-timing"

/** The request header that makes the instrumented server compute a cached answer afresh (query cost figures). */
export const BENCH_NO_CACHE_HEADER = "x-bench-no-cache"

/**
 * Only with BENCH_INSTRUMENT=1 (the benchmark's server; never in production): an answer to a request
 * carrying `x-bench-timing` has `Server-Timing: app;dur=<ms>` from the first hook to the send, so the
 * benchmark reads server time without the network or the client's parsing; and `GET /__bench/queries`
 * answers how many statements the process has sent so far, so "no database query" is counted, not
 * assumed. Other answers are left as production sends them: the load figures time those.
 */
export function registerBenchInstrument(
  app: FastifyInstance,
  counter: QueryCounter,
  db?: Db,
  background?: { postman: Pick<Postman, "deliverDue">; sealer: Pick<AuditSealer, "settle"> },
): void {
  // One callback hook, and only the asking request's answer is touched: an onSend hook would put
  // fastify's onSend runner on every answer of the loads this instrument sits beside.
  app.addHook("onRequest", (request, reply, done) => {
    if (request.headers[BENCH_TIMING_HEADER] !== undefined) stampServerTiming(reply.raw, process.hrtime.bigint())
    counter.around(request.url, done)
  })
  app.get("/__bench/queries", async (_request, reply) => reply.header("cache-control", "no-store").send({ queries: counter.count() }))
  registerProcessReading(app)
  if (db) registerSqlProbe(app, counter, db)
  // The write probe queues mail that no request delivers and appends events the sealer is not told of (a route's own
  // go out, and are sealed, after its commit): the benchmark has both done between loads, so neither side of a write
  // figure pays inside its own measured stretch for what the other left behind.
  if (background)
    app.post("/__bench/settle", async (_request, reply) => {
      const sent = await background.postman.deliverDue()
      await background.sealer.settle()
      return reply.header("cache-control", "no-store").send({ sent })
    })
}

/** What `GET /__bench/process` answers: the soak's samples of this process. */
export interface ProcessReading {
  /** Resident memory, bytes (the embedded database's thread included: it is this process). */
  rss: number
  heapUsed: number
  /** Event-loop delay since the last reading that asked for `?reset`, ms beyond the 10 ms timer (`watchLoopDelay`). */
  loopDelayP99: number
  loopDelayMax: number
}

/**
 * `GET /__bench/process[?reset]` (issue 31's soak): resident memory and the event loop's delay, read inside the
 * server, where the load is, as /metrics reads it (`watchLoopDelay`): sampled every 10 ms from the instrument's registration;
 * `?reset` starts a new window after answering, so each reading covers the time since the one before.
 */
function registerProcessReading(app: FastifyInstance): void {
  const loop = watchLoopDelay()
  app.addHook("onClose", async () => loop.disable())
  app.get<{ Querystring: { reset?: string } }>("/__bench/process", async (request, reply) => {
    const memory = process.memoryUsage()
    const reading: ProcessReading = {
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      loopDelayP99: loop.quantileMs(0.99),
      loopDelayMax: loop.maxMs(),
    }
    if (request.query.reset !== undefined) loop.reset()
    return reply.header("cache-control", "no-store").send(reading)
  })
}

/**
 * The plain SQL probe (issue 31: "the same statements through the same driver"). `POST /__bench/record` starts
 * keeping what the next request sends (and nothing else running meanwhile), the benchmark sends one, and `DELETE /__bench/record` stops and answers the
 * statements. From then on the probe sends them again, one after the other on the same Kysely instance and
 * driver, and answers the last one's rows as JSON: no authentication, no validation, no answer schema, no route
 * logic. `GET /__bench/probe` replays every statement as recorded (a read). `POST /__bench/probe` with
 * `{ swap: { [recorded id]: id }, fresh?: [value] }` replays the write's transaction (its row, event and outbox
 * entry) as one transaction on another row: each id the recorded request generated (`randomUUID`, caught while
 * recording) is a new one at every replay, each id in `swap` is replaced, wherever it stands in a bound value, and
 * so is each `fresh` value (one made otherwise, a meeting key a unique index holds), by a new one at every replay.
 * A figure's requests per second over the probe's then say how much of an answer's cost is the console's own code.
 */
function registerSqlProbe(app: FastifyInstance, counter: QueryCounter, db: Db): void {
  let probe: Recording = { statements: [], transaction: [] }
  let generated = new Set<string>()
  let stopCatching: (() => Set<string>) | null = null
  app.post("/__bench/record", async (_request, reply) => {
    stopCatching?.()
    stopCatching = catchGeneratedIds()
    counter.record()
    return reply.code(204).send()
  })
  app.delete("/__bench/record", async (_request, reply) => {
    const recording = counter.recorded()
    probe = { ...recording, transaction: recording.transaction.map(withClaimsRunOut) }
    generated = stopCatching?.() ?? new Set()
    stopCatching = null
    return reply.header("cache-control", "no-store").send({ ...recording, generated: [...generated] })
  })
  const send = async (on: Pick<Db, "executeQuery">, statements: SentStatement[], replace: (value: unknown) => unknown = (value) => value) => {
    let rows: unknown[] = []
    for (const statement of statements) rows = (await on.executeQuery(CompiledQuery.raw(statement.sql, statement.parameters.map(replace)))).rows
    return rows
  }
  const nothing = { message: "Nothing recorded: record one request first." }
  app.get("/__bench/probe", async (_request, reply) => {
    if (probe.statements.length === 0) return reply.code(409).send(nothing)
    const rows = await send(db, probe.statements)
    return reply.header("cache-control", "no-store").send(rows)
  })
  app.post<{ Body: { swap?: Record<string, string>; fresh?: string[] } | undefined }>("/__bench/probe", async (request, reply) => {
    if (probe.transaction.length === 0) return reply.code(409).send({ message: "No transaction recorded: record one write first." })
    const swap = Object.entries(request.body?.swap ?? {})
    // A swap that matches nothing leaves every replay on the recorded row: the probe would then measure a queue on
    // one row lock, not the write (the seed's ids are not UUIDs, and once went unswapped this way).
    const absent = swap.filter(([from]) => !probe.transaction.some((statement) => statement.parameters.some((value) => textOf(value).includes(from))))
    if (absent.length > 0) return reply.code(400).send({ message: `Not in the recorded transaction: ${absent.map(([from]) => from).join(", ")}.` })
    const ids = new Map<string, string>(swap)
    for (const id of generated) ids.set(id, randomUUID())
    for (const value of request.body?.fresh ?? []) if (value.length > 0) ids.set(value, `${value.slice(0, 8)}${randomUUID()}`)
    const rows = await db.transaction().execute((trx) => send(trx, probe.transaction, replacer(ids)))
    return reply.header("cache-control", "no-store").send(rows)
  })
}

/**
 * A request queues its mail claimed for its own postman, which sends it after the commit; the probe's replays queue the
 * same rows with no sender behind them. Their claim is dated long past (the same statement, the same values' kinds), as
 * if their sender had died: due at once, so the benchmark's settle between loads delivers them, never a wake-up at the
 * claim's end inside a later load.
 */
function withClaimsRunOut(statement: SentStatement): SentStatement {
  const columns = /^insert into "outbox" \(([^)]*)\) values /.exec(statement.sql)?.[1]?.split(", ")
  const lease = columns?.indexOf('"lease_until"') ?? -1
  if (!columns || lease < 0 || statement.parameters.length % columns.length !== 0) return statement
  return { ...statement, parameters: statement.parameters.map((value, i) => (i % columns.length === lease ? new Date(0) : value)) }
}

/** A bound value's text, as `inText` sees it. */
const textOf = (value: unknown): string =>
  typeof value === "string"
    ? value
    : value !== null && typeof value === "object" && !(value instanceof Date) && !ArrayBuffer.isView(value)
      ? JSON.stringify(value)
      : ""

/** A bound value with `replace` applied to its text, in a string, an array or a JSON value alike; other values as they are. */
function inText(value: unknown, replace: (text: string) => string): unknown {
  if (value === null || value instanceof Date || ArrayBuffer.isView(value)) return value
  if (typeof value === "string") return replace(value)
  if (typeof value === "object") return JSON.parse(replace(JSON.stringify(value)))
  return value
}

/**
 * Replaces each key of `ids` by its value wherever it stands whole in a bound value's text (a UUID, a seed's
 * `scale-t-761`, a meeting key): whole, so `scale-t-76` is not replaced inside `scale-t-761`. Longest first, so a
 * key that starts another is tried after it.
 */
export function replacer(ids: ReadonlyMap<string, string>): (value: unknown) => unknown {
  if (ids.size === 0) return (value) => value
  const keys = [...ids.keys()].sort((a, b) => b.length - a.length).map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
  const whole = new RegExp(`(?<![\\w-])(?:${keys.join("|")})(?![\\w-])`, "g")
  return (value) => inText(value, (text) => text.replace(whole, (key) => ids.get(key) ?? key))
}

/**
 * Catches the ids the services generate while one request is recorded: they name new rows, which a replay must
 * name anew. The services import `randomUUID` from node:crypto; a builtin's ES module exports follow its
 * CommonJS object once synced, so the wrapper sees every call and is taken out the same way.
 */
function catchGeneratedIds(): () => Set<string> {
  const crypto = require("node:crypto") as { randomUUID: typeof randomUUID }
  const original = crypto.randomUUID
  const seen = new Set<string>()
  crypto.randomUUID = ((options?: Parameters<typeof randomUUID>[0]) => {
    const id = original(options)
    seen.add(id)
    return id
  }) as typeof randomUUID
  syncBuiltinESMExports()
  return () => {
    crypto.randomUUID = original
    syncBuiltinESMExports()
    return seen
  }
}

/** Adds `Server-Timing: app;dur=<ms since start>` as the head is written (node merges it with fastify's headers). */
function stampServerTiming(response: ServerResponse, start: bigint): void {
  const writeHead = response.writeHead
  response.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    this.setHeader("server-timing", `app;dur=${(Number(process.hrtime.bigint() - start) / 1e6).toFixed(3)}`)
    return writeHead.apply(this, args)
  } as ServerResponse["writeHead"]
}
