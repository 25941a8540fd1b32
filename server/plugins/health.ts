import type { FastifyInstance, FastifyReply } from "fastify"
import { sql } from "kysely"
import type { Db } from "../db/database.ts"

const READY_TIMEOUT_MS = 2_000

/**
 * Probes for a load balancer or orchestrator, outside /api/v1: no token, no rate limit, and logged
 * only at warn so a probe every few seconds does not fill the log.
 * `/healthz`: the process answers. `/readyz`: the database answers `select 1` within 2 s, else 503;
 * 503 with `Connection: close` too once the server is stopping.
 */
export function registerHealth(app: FastifyInstance, db: Db): void {
  // From the moment a stop begins (SIGTERM), /readyz says 503 so a load balancer sends nothing more,
  // even for a probe that was already waiting for the database when the stop began.
  let draining = false
  app.addHook("preClose", (done) => {
    draining = true
    done()
  })
  const refuse = (reply: FastifyReply) => reply.status(503).header("connection", "close").send({ status: "draining", database: "ok" })
  app.get("/healthz", { logLevel: "warn" }, async (_request, reply) => {
    return reply.header("cache-control", "no-store").send({ status: "ok" })
  })
  app.get("/readyz", { logLevel: "warn" }, async (request, reply) => {
    reply.header("cache-control", "no-store")
    if (draining) return refuse(reply)
    try {
      await withTimeout(sql`select 1`.execute(db), READY_TIMEOUT_MS)
      if (draining) return refuse(reply)
      return reply.send({ status: "ready", database: "ok" })
    } catch (error) {
      request.log.warn({ err: error }, "readiness: the database does not answer")
      return reply.status(503).send({ status: "unavailable", database: "unreachable" })
    }
  })
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
