import type { FastifyInstance } from "fastify"
import type { AppDeps } from "../deps.ts"
import { authRoutes } from "./auth.routes.ts"
import { contactRoutes } from "./contact.routes.ts"
import { dashboardRoutes } from "./dashboard.routes.ts"
import { vendorRoutes } from "./vendors.routes.ts"

/** Every resource's routes under /api/v1; each module registers the contract endpoints of its resource. */
export function apiRoutes(api: FastifyInstance, deps: AppDeps): void {
  authRoutes(api, deps)
  vendorRoutes(api, deps)
  contactRoutes(api, deps)
  dashboardRoutes(api, deps)
}
