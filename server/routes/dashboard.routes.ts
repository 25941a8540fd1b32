import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/dashboard/dashboard.endpoints.ts"
import type { AppDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import { peopleCounts } from "../services/dashboard/people-counts.ts"
import { trends } from "../services/dashboard/trends.ts"

export function dashboardRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, api.peopleCounts, () => peopleCounts(deps.db))
  route(app, api.dashboardTrends, ({ query }) => trends(deps.db, query, new Date(deps.now())))
}
