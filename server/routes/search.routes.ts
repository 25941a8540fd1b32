import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/search/search.endpoints.ts"
import type { AppDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import { search } from "../services/search/search.service.ts"

export function searchRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, api.search, ({ query, caller }) => search(deps, caller, query.q))
}
