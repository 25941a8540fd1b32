import type { ExportFilters, ExportFormat, ExportList, ListSort } from "../../../src/api/contract/list-export.ts"
import type { AppDeps } from "../../deps.ts"
import type { Caller } from "../auth/tokens.ts"
import { csvLine, type ExportCell } from "./csv.ts"
import { listExports } from "./list-exports.ts"
import { XLSX_MEDIA_TYPE, xlsxWorkbook } from "./xlsx.ts"

/** The largest page every list call accepts. */
const PAGE = 100
/** A list longer than this is cut: an export is a report, not a backup (npm run backup is). */
export const EXPORT_ROW_LIMIT = 100_000

export const exportFileName = (list: ExportList, format: ExportFormat = "csv", now = new Date()) =>
  `${listExports[list].file}-${now.toISOString().slice(0, 10)}.${format}`

export const exportMediaType = (format: ExportFormat) => (format === "xlsx" ? XLSX_MEDIA_TYPE : "text/csv; charset=utf-8")

/** What an export asks for beside the list: the screen's search, order and filters. */
export interface ExportRequest {
  search?: string
  sort?: ListSort
  filters?: ExportFilters
}

/**
 * Every row of a list with its search (and order), page after page through the screen's own query, as cells
 * under the screen's column headers. The first page is read before this resolves (a failing query is a clean
 * error answer, not a cut file); the rest streams as it is read.
 */
export async function exportListRows(
  deps: AppDeps,
  caller: Caller,
  list: ExportList,
  request: ExportRequest,
): Promise<{ header: string[]; rows: AsyncGenerator<ExportCell[]> }> {
  const spec = listExports[list]
  // The query's schema (and the API document) knows every list's orders: one this list has not is its own order.
  const order = request.sort !== undefined && (spec.sorts ?? []).includes(request.sort) ? request.sort : undefined
  const term = request.search?.trim() || undefined
  const cells = (row: object) => spec.columns.map(([, cell]) => (cell as (r: object) => ExportCell)(row))
  const pageOf = (page: number) => spec.fetchPage(deps, caller, { page, limit: PAGE, search: term, sort: order, filters: request.filters ?? {} })
  const first = await pageOf(1)
  async function* rows(): AsyncGenerator<ExportCell[]> {
    let current = first
    let sent = 0
    for (let page = 1; ;) {
      for (const row of current.rows) yield cells(row)
      sent += current.rows.length
      if (current.rows.length < PAGE || sent >= current.total || sent >= EXPORT_ROW_LIMIT) return
      page += 1
      current = await pageOf(page)
    }
  }
  return { header: spec.columns.map(([header]) => header), rows: rows() }
}

/** The export as CSV lines: the header first, then one line a row. */
export async function exportListCsv(deps: AppDeps, caller: Caller, list: ExportList, request: ExportRequest = {}): Promise<AsyncGenerator<string>> {
  const { header, rows } = await exportListRows(deps, caller, list, request)
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(header)
    for await (const cells of rows) yield csvLine(cells)
  }
  return lines()
}

/** The export as an Excel workbook, its sheet named after the list's file. */
export async function exportListXlsx(deps: AppDeps, caller: Caller, list: ExportList, request: ExportRequest = {}): Promise<AsyncGenerator<Buffer>> {
  const { header, rows } = await exportListRows(deps, caller, list, request)
  return xlsxWorkbook(listExports[list].file, header, rows)
}
