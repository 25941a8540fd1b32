import { Readable } from "node:stream"
import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/endpoints/export.endpoints.ts"
import type { AppDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import { exportFileName, exportListCsv } from "../services/export/export-list.ts"

export function exportRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, api.exportList, async ({ params, query, caller, reply }) => {
    // Every other key of the decoded query is one of the screens' filters (ExportListQuery).
    const { search, sort, ...filters } = query
    const lines = await exportListCsv(deps, caller, params.list, search, sort, filters)
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${exportFileName(params.list)}"`)
      .header("cache-control", "no-store")
      .send(Readable.from(lines))
  })
}
