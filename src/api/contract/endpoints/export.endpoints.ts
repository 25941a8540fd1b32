import { Schema } from "effect"
import { endpoint } from "../endpoint.ts"
import { ExportListParams, ExportListQuery } from "../list-export.ts"

export const exportList = endpoint({
  name: "exportList",
  method: "GET",
  path: "/export/:list",
  params: ExportListParams,
  query: ExportListQuery,
  produces: ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  answer: Schema.String,
  access: ["Admin"],
  summary:
    "Every row of one Admin list screen (all pages) with its current search, order and filters, with the screen's columns: as CSV (cells a spreadsheet would run as a formula start with '), or with `format=xlsx` as an Excel workbook of one sheet (the header bold and frozen, text never a formula)",
})

export const exportEndpoints = [exportList]
