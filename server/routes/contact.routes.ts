import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/endpoints/contact.endpoints.ts"
import type { AppDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import { createEnquiry, fetchEnquiries } from "../services/contact/contact.service.ts"
import { slidingWindowLimiter } from "../services/rate-limit.ts"

/** The public form may be sent 5 times per client address in 10 minutes. */
export const CONTACT_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 }

export function contactRoutes(app: FastifyInstance, deps: AppDeps): void {
  const limit = slidingWindowLimiter({ ...CONTACT_LIMIT, now: deps.now, message: "Too many enquiries from this address. Please try again in 10 minutes." })
  route(app, api.fetchEnquiry, ({ query }) => fetchEnquiries(deps.db, query))
  route(app, api.createEnquiry, ({ body, request }) => {
    limit.hit(request.ip)
    return createEnquiry(deps, body)
  })
}
