import { Schema } from "effect"
import { endpoint } from "../endpoint.ts"
import { ExportListParams, ExportListQuery } from "../list-export.ts"

export const exportList = endpoint({
  name: "exportList",
  method: "GET",
  path: "/export/:list",
  params: ExportListParams,
  query: ExportListQuery,
  produces: ["text/csv"],
  answer: Schema.String,
  access: ["Admin"],
  summary:
    "Every row of one Admin list screen (all pages) with its current search and order (sort, All Sessions), as CSV with the screen's columns; cells a spreadsheet would run as a formula start with '",
})

export const exportEndpoints = [exportList]
