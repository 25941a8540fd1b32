import * as api from "./contract/endpoints/export.endpoints.ts"
import { isListSort, type ExportList } from "./contract/list-export.ts"
import { call } from "./client.ts"

/** One Admin list as CSV: every page, filtered by the list's current search, in its current order. */
export const exportList = (list: ExportList, search: string, sort = "") =>
  call(api.exportList, { params: { list }, query: { ...(search ? { search } : {}), ...(isListSort(sort) ? { sort } : {}) } })
