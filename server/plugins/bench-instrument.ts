import type { FastifyInstance, FastifyRequest } from "fastify"

/** Counts the statements the server sends to its database (fed by openDatabase's `onQuery`). */
export interface QueryCounter {
  onQuery(): void
  count(): number
}

export function queryCounter(): QueryCounter {
  let queries = 0
  return { onQuery: () => void queries++, count: () => queries }
}

/**
 * Only with BENCH_INSTRUMENT=1 (the benchmark's server; never in production): every answer carries
 * `Server-Timing: app;dur=<ms>` from the first hook to the send, so the benchmark reads server time
 * without the network or the client's parsing; and `GET /__bench/queries` answers how many
 * statements the process has sent so far, so "no database query" is counted, not assumed.
 */
export function registerBenchInstrument(app: FastifyInstance, counter: QueryCounter): void {
  const started = new WeakMap<FastifyRequest, bigint>()
  app.addHook("onRequest", async (request) => {
    started.set(request, process.hrtime.bigint())
  })
  app.addHook("onSend", async (request, reply, payload) => {
    const start = started.get(request)
    if (start !== undefined) reply.header("server-timing", `app;dur=${(Number(process.hrtime.bigint() - start) / 1e6).toFixed(3)}`)
    return payload
  })
  app.get("/__bench/queries", async (_request, reply) => reply.header("cache-control", "no-store").send({ queries: counter.count() }))
}
