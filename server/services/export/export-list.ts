import type { ExportFilters, ExportList, ListSort } from "../../../src/api/contract/list-export.ts"
import type { AppDeps } from "../../deps.ts"
import type { Caller } from "../auth/tokens.ts"
import { csvLine } from "./csv.ts"
import { listExports } from "./list-exports.ts"

/** The largest page every list call accepts. */
const PAGE = 100
/** A list longer than this is cut: an export is a report, not a backup (npm run backup is). */
export const EXPORT_ROW_LIMIT = 100_000

export const exportFileName = (list: ExportList, now = new Date()) => `${listExports[list].file}-${now.toISOString().slice(0, 10)}.csv`

/**
 * Every row of a list with its search (and order), page after page through the screen's own query, as CSV
 * lines: the header first, then one line a row. The first page is read before this resolves (a
 * failing query is a clean error answer, not a cut file); the rest streams as it is read.
 */
export async function exportListCsv(
  deps: AppDeps,
  caller: Caller,
  list: ExportList,
  search: string | undefined,
  sort?: ListSort,
  filters: ExportFilters = {},
): Promise<AsyncGenerator<string>> {
  const spec = listExports[list]
  // The query's schema (and the API document) knows every list's orders: one this list has not is its own order.
  const order = sort !== undefined && (spec.sorts ?? []).includes(sort) ? sort : undefined
  const term = search?.trim() || undefined
  const line = (row: object) => csvLine(spec.columns.map(([, cell]) => (cell as (r: object) => ReturnType<typeof cell>)(row)))
  const pageOf = (page: number) => spec.fetchPage(deps, caller, { page, limit: PAGE, search: term, sort: order, filters })
  const first = await pageOf(1)
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(spec.columns.map(([header]) => header))
    let current = first
    let sent = 0
    for (let page = 1; ;) {
      for (const row of current.rows) yield line(row)
      sent += current.rows.length
      if (current.rows.length < PAGE || sent >= current.total || sent >= EXPORT_ROW_LIMIT) return
      page += 1
      current = await pageOf(page)
    }
  }
  return lines()
}
