import * as api from "./contract/endpoints/export.endpoints.ts"
import { isVendorRole } from "./contract/common.ts"
import { isBlogStatusFilter } from "./contract/blogs/blog.ts"
import { isAccessFilter } from "./contract/counselling/counselling-enquiry.ts"
import { isExportState, isListSort, type ExportList } from "./contract/list-export.ts"
import { call } from "./client.ts"

/** One Admin list as CSV: every page, filtered by the list's current search and filter (Role, State, Status, Access), in its current order. */
export const exportList = (list: ExportList, search: string, sort = "", filters: Record<string, string> = {}) => {
  const role = filters.role ?? ""
  const state = filters.state
  const status = filters.status
  const access = filters.access
  return call(api.exportList, {
    params: { list },
    query: {
      ...(search ? { search } : {}),
      ...(isListSort(sort) ? { sort } : {}),
      ...(isVendorRole(role) ? { role } : {}),
      ...(isExportState(state) ? { state } : {}),
      ...(isBlogStatusFilter(status) ? { status } : {}),
      ...(isAccessFilter(access) ? { access } : {}),
    },
  })
}
