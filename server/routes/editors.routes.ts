import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/editors/editor.endpoints.ts"
import type { RouteDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import * as editors from "../services/editors/editors.service.ts"
import { withRequestLog } from "./request-mail-log.ts"

export function editorRoutes(app: FastifyInstance, deps: RouteDeps): void {
  route(app, api.createEditor, ({ body, caller, request }) => editors.createEditor(withRequestLog(deps, request), caller, body))
  route(app, api.listEditors, ({ query }) => editors.listEditors(deps, query))
  route(app, api.updateEditor, ({ params, body, caller }) => editors.updateEditor(deps, caller, params.id, body))
  route(app, api.deleteEditor, ({ params, caller }) => editors.deleteEditor(deps, caller, params.id))
}
