import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/endpoints/audit.endpoints.ts"
import type { AppDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import * as audit from "../services/audit/audit.service.ts"

export function auditRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, api.listAuditEvents, ({ query }) => audit.listEvents(deps.db, query))
  route(app, api.exportAuditEvents, async ({ query, reply }) => {
    const csv = await audit.exportEvents(deps.db, query)
    return reply.header("content-type", "text/csv; charset=utf-8").header("content-disposition", 'attachment; filename="audit-events.csv"').send(csv)
  })
  route(app, api.entityAsOf, ({ params, query }) => audit.entityAsOf(deps.db, params.entityType, params.entityId, query.at))
}
