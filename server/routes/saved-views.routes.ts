import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/views/saved-views.endpoints.ts"
import type { RouteDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import * as views from "../services/views/saved-views.service.ts"

/** Each person's own named views of the console's lists (issue 26). */
export function savedViewRoutes(app: FastifyInstance, deps: RouteDeps): void {
  route(app, api.listSavedViews, ({ caller, query }) => views.listSavedViews(deps, caller, query.list))
  route(app, api.saveView, ({ caller, body }) => views.saveView(deps, caller, body))
  route(app, api.deleteView, ({ caller, params }) => views.deleteView(deps, caller, params.id))
}
