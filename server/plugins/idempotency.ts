import type { FastifyInstance } from "fastify"
import type { Db } from "../db/database.ts"
import { idempotency, type Idempotency } from "../services/idempotency.ts"

declare module "fastify" {
  interface FastifyInstance {
    /** Stored answers of writes sent with an Idempotency-Key (route.ts runs every such write through it). */
    idempotency: Idempotency
  }
}

export function registerIdempotency(app: FastifyInstance, db: Db, now: () => number): void {
  app.decorate("idempotency", idempotency(db, now))
}
