import * as api from "./contract/endpoints/export.endpoints.ts"
import { isVendorRole } from "./contract/common.ts"
import { isBlogStatusFilter } from "./contract/blogs/blog.ts"
import { isAccessFilter } from "./contract/counselling/counselling-enquiry.ts"
import { isExportState, isListSort, type ExportFormat, type ExportList } from "./contract/list-export.ts"
import { call, callBlob } from "./client.ts"
import { dayQuery } from "./day-query.ts"

/** The query of a list's export: its current search and filter (Role, State, Status, Access, Counsellor, Received), in its current order. */
function exportQuery(search: string, sort: string, filters: Record<string, string>) {
  const role = filters.role ?? ""
  const state = filters.state
  const status = filters.status
  const access = filters.access
  const { counsellor, from, to } = filters
  return {
    ...(search ? { search } : {}),
    ...(isListSort(sort) ? { sort } : {}),
    ...(isVendorRole(role) ? { role } : {}),
    ...(isExportState(state) ? { state } : {}),
    ...(isBlogStatusFilter(status) ? { status } : {}),
    ...(isAccessFilter(access) ? { access } : {}),
    ...(counsellor ? { counsellor } : {}),
    ...dayQuery({ from, to }),
  }
}

/** One Admin list as CSV text: every page, as the screen shows it. */
export const exportList = (list: ExportList, search: string, sort = "", filters: Record<string, string> = {}) =>
  call(api.exportList, { params: { list }, query: exportQuery(search, sort, filters) })

/** One Admin list as a file to save: CSV, or an Excel workbook (the server's bytes, untouched). */
export async function exportListFile(format: ExportFormat, list: ExportList, search: string, sort = "", filters: Record<string, string> = {}): Promise<Blob> {
  if (format === "csv") return new Blob([await exportList(list, search, sort, filters)], { type: "text/csv;charset=utf-8" })
  return callBlob(api.exportList, { params: { list }, query: { ...exportQuery(search, sort, filters), format } })
}
