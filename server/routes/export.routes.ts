import { Readable } from "node:stream"
import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/endpoints/export.endpoints.ts"
import type { AppDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import { exportFileName, exportListCsv, exportListXlsx, exportMediaType } from "../services/export/export-list.ts"

export function exportRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, api.exportList, async ({ params, query, caller, reply }) => {
    // Every other key of the decoded query is one of the screens' filters (ExportListQuery).
    const { search, sort, format = "csv", ...filters } = query
    const request = { search, sort, filters }
    const body = format === "xlsx" ? await exportListXlsx(deps, caller, params.list, request) : await exportListCsv(deps, caller, params.list, request)
    return reply
      .header("content-type", exportMediaType(format))
      .header("content-disposition", `attachment; filename="${exportFileName(params.list, format)}"`)
      .header("cache-control", "no-store")
      .send(Readable.from(body))
  })
}
