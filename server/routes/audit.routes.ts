import { Readable } from "node:stream"
import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/audit/audit.endpoints.ts"
import type { AppDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import * as accessLog from "../services/audit/access-log.service.ts"
import * as audit from "../services/audit/audit.service.ts"
import { findAuditRecords } from "../services/audit/record-search.ts"

export function auditRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, api.listAuditEvents, ({ query }) => audit.listEvents(deps.db, query))
  route(app, api.exportAuditEvents, async ({ query, reply }) => {
    const lines = await audit.exportEventsCsv(deps.db, query)
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="audit-events.csv"')
      .header("cache-control", "no-store")
      .send(Readable.from(lines))
  })
  route(app, api.exportAuditEventsJson, async ({ query, reply }) => {
    const chunks = await audit.exportEventsJson(deps.db, query)
    return reply
      .header("content-type", "application/json; charset=utf-8")
      .header("content-disposition", 'attachment; filename="audit-events.json"')
      .header("cache-control", "no-store")
      .send(Readable.from(chunks))
  })
  route(app, api.entityAsOf, ({ params, query }) => audit.entityAsOf(deps.db, params.entityType, params.entityId, query.at))
  route(app, api.listAuditEventTypes, () => audit.listEventTypes(deps.db))
  route(app, api.listAccessLog, ({ query }) => accessLog.listAccessLog(deps.db, query))
  route(app, api.findAuditRecords, ({ query }) => findAuditRecords(deps.db, query))
}
