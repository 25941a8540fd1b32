import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/media/media.endpoints.ts"
import type { RouteDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import * as media from "../services/media/media.service.ts"

/** The media library (issue 28): Admins and Editors. */
export function mediaRoutes(app: FastifyInstance, deps: RouteDeps): void {
  route(app, api.listMedia, ({ query }) => media.listLibrary(deps, query))
  route(app, api.uploadMedia, ({ body, files, caller }) => media.uploadToLibrary(deps, caller, body, files))
  route(app, api.updateMediaAlt, ({ params, body, caller }) => media.changeAlt(deps, caller, params.id, body.alt))
  route(app, api.deleteMedia, ({ params, query, caller }) => media.deleteFromLibrary(deps, caller, params.id, query.force === "true"))
}
