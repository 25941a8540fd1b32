import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/contact/contact.endpoints.ts"
import type { RouteDeps } from "../deps.ts"
import { announcingList } from "../services/live/live-hub.ts"
import { route } from "../plugins/route.ts"
import { createEnquiry, fetchEnquiries } from "../services/contact/contact.service.ts"
import { slidingWindowLimiter } from "../services/rate-limit.ts"
import { withRequestLog } from "./request-mail-log.ts"

/** The public form may be sent 5 times per client address in 10 minutes. */
export const CONTACT_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 }

export function contactRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const limit = slidingWindowLimiter({ ...CONTACT_LIMIT, now: deps.now, message: "Too many enquiries from this address. Please try again in 10 minutes." })
  route(app, api.fetchEnquiry, ({ query }) => fetchEnquiries(deps.db, query))
  route(app, api.createEnquiry, ({ body, request }) => {
    limit.hit(request.ip)
    return announcingList(deps.live, "enquiries", () => createEnquiry(withRequestLog(deps, request), body))
  })
}
