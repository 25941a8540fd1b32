import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/drafts/drafts.endpoints.ts"
import type { RouteDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import * as drafts from "../services/content/drafts.service.ts"

/** Each editor's own unpublished drafts of the content forms (issue 28). */
export function draftRoutes(app: FastifyInstance, deps: RouteDeps): void {
  route(app, api.listDrafts, ({ caller, query }) => drafts.listDrafts(deps, caller, query.form))
  route(app, api.getDraft, ({ caller, params }) => drafts.getDraft(deps, caller, params.key))
  route(app, api.saveDraft, ({ caller, params, body }) => drafts.saveDraft(deps, caller, params.key, body.values))
  route(app, api.deleteDraft, ({ caller, params }) => drafts.deleteDraft(deps, caller, params.key))
}
