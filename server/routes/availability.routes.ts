import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/availability/availability.endpoints.ts"
import type { AppDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import * as availability from "../services/availability/availability.service.ts"

export function availabilityRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, api.myAvailability, ({ query, caller }) => availability.getMyAvailability(deps, caller, query.from, query.days))
  route(app, api.saveMyAvailability, ({ body, caller }) => availability.saveMyAvailability(deps, caller, body))
  route(app, api.vendorAvailability, ({ params, query }) => availability.getVendorAvailability(deps, params.vendorId, query.date))
  route(app, api.vendorFreeSlots, ({ params, query }) => availability.getFreeSlots(deps, params.vendorId, query))
}
