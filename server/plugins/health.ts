import type { FastifyInstance, FastifyReply } from "fastify"
import { sql } from "kysely"
import type { Db } from "../db/database.ts"
import { pulseOf } from "../db/database-pulse.ts"

/** Within the second every answer is due in during an outage (issue 33). */
const READY_TIMEOUT_MS = 950
/** How long the probe may wait in line before the next answer to the server's own statements stands in for it. */
const QUEUED_MS = 10

/**
 * Probes for a load balancer or orchestrator, outside /api/v1: no token, no rate limit, and logged
 * only at warn so a probe every few seconds does not fill the log.
 * `/livez` (and its older name `/healthz`): the process answers; an orchestrator restarts it only when
 * this fails, never for a database outage. `/readyz`: the database answers `select 1` within 950 ms (or,
 * while the probe waits in line behind queued queries, answers another of the server's statements after
 * the probe began: db/database-pulse.ts); otherwise 503, so a load balancer stops routing here while the database is away and resumes by itself;
 * 503 with `Connection: close` too once the server is stopping. While a configured Redis is away the body
 * says so (`"status": "degraded", "redis": "unreachable"`), still 200: the server answers correctly without it.
 */
export function registerHealth(app: FastifyInstance, db: Db, redis?: { readonly up: boolean }): void {
  const pulse = pulseOf(db)
  // From the moment a stop begins (SIGTERM), /readyz says 503 so a load balancer sends nothing more,
  // even for a probe that was already waiting for the database when the stop began.
  let draining = false
  app.addHook("preClose", (done) => {
    draining = true
    done()
  })
  const refuse = (reply: FastifyReply) => reply.status(503).header("connection", "close").send({ status: "draining", database: "ok" })
  for (const url of ["/livez", "/healthz"]) {
    app.get(url, { logLevel: "warn" }, async (_request, reply) => {
      return reply.header("cache-control", "no-store").send({ status: "ok" })
    })
  }
  const ready = () => (!redis || redis.up ? { status: "ready", database: "ok" } : { status: "degraded", database: "ok", redis: "unreachable" })
  app.get("/readyz", { logLevel: "warn" }, async (request, reply) => {
    reply.header("cache-control", "no-store")
    if (draining) return refuse(reply)
    try {
      const probe = withTimeout(sql`select 1`.execute(db), READY_TIMEOUT_MS)
      // Under load the probe waits in line behind the queries already queued; the database answering one
      // of those after the probe began is as good as the probe's own answer.
      const first = await Promise.race([probe.then(() => "answered" as const), delay(QUEUED_MS).then(() => "queued" as const)])
      if (first === "queued" && pulse) {
        const answered = await Promise.race([probe.then(() => "probe" as const), pulse.nextAnswer().then(() => "pulse" as const)])
        if (answered === "pulse") probe.catch(() => {})
        if (draining) return refuse(reply)
        return reply.send(ready())
      }
      await probe
      if (draining) return refuse(reply)
      return reply.send(ready())
    } catch (error) {
      request.log.warn({ err: error }, "readiness: the database does not answer")
      return reply.status(503).header("retry-after", "5").send({ status: "unavailable", database: "unreachable" })
    }
  })
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref())

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
