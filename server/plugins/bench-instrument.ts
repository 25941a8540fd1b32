import type { ServerResponse } from "node:http"
import type { FastifyInstance } from "fastify"

/** Counts the statements the server sends to its database (fed by openDatabase's `onQuery`). */
export interface QueryCounter {
  onQuery(): void
  count(): number
}

export function queryCounter(): QueryCounter {
  let queries = 0
  return { onQuery: () => void queries++, count: () => queries }
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
export function registerBenchInstrument(app: FastifyInstance, counter: QueryCounter): void {
  // One callback hook, and only the asking request's answer is touched: an onSend hook would put
  // fastify's onSend runner on every answer of the loads this instrument sits beside.
  app.addHook("onRequest", (request, reply, done) => {
    if (request.headers[BENCH_TIMING_HEADER] !== undefined) stampServerTiming(reply.raw, process.hrtime.bigint())
    done()
  })
  app.get("/__bench/queries", async (_request, reply) => reply.header("cache-control", "no-store").send({ queries: counter.count() }))
}

/** Adds `Server-Timing: app;dur=<ms since start>` as the head is written (node merges it with fastify's headers). */
function stampServerTiming(response: ServerResponse, start: bigint): void {
  const writeHead = response.writeHead
  response.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    this.setHeader("server-timing", `app;dur=${(Number(process.hrtime.bigint() - start) / 1e6).toFixed(3)}`)
    return writeHead.apply(this, args)
  } as ServerResponse["writeHead"]
}
