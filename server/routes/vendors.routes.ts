import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/vendors/vendors.endpoints.ts"
import type { RouteDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import { revealAccountNumber } from "../services/vendors/account-number.ts"
import { changeVendorStatus } from "../services/vendors/change-status.ts"
import * as vendors from "../services/vendors/vendor-queries.ts"
import { withRequestLog } from "./request-mail-log.ts"
import { peopleListTables, reviewListTables } from "../../src/api/contract/vendors/people-lists.ts"
import { announcingList } from "../services/live/live-hub.ts"

export function vendorRoutes(app: FastifyInstance, deps: RouteDeps): void {
  // The busiest reads at scale: answered from the cache while the people's tables are unchanged.
  const cached = deps.answers ? { cache: { answers: deps.answers, tables: peopleListTables } } : {}
  route(app, api.roleList, ({ params, query }) => vendors.roleList(deps.db, params.role, query), cached)
  const reviewCached = deps.answers ? { cache: { answers: deps.answers, tables: reviewListTables } } : {}
  route(app, api.reviewList, ({ params, query }) => vendors.reviewList(deps, params.kind, query), reviewCached)
  route(app, api.updateUserStatus, ({ body, caller, request }) =>
    announcingList(deps.live, "vendors", () => changeVendorStatus(withRequestLog(deps, request), caller, body)),
  )
  route(app, api.vendorDetails, ({ params }) => vendors.vendorDetails(deps.db, params.id))
  route(app, api.statusHistory, ({ params }) => vendors.statusHistory(deps.db, params.id))
  route(app, api.certificate, ({ params, caller }) => vendors.certificate(deps, caller, params.id))
  route(app, api.revealAccountNumber, ({ params, caller, body, request }) => revealAccountNumber(deps, caller, params.id, body, request))
}
