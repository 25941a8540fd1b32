import * as api from "./contract/endpoints/export.endpoints.ts"
import type { ExportList } from "./contract/list-export.ts"
import { call } from "./client.ts"

/** One Admin list as CSV: every page, filtered by the list's current search. */
export const exportList = (list: ExportList, search: string) => call(api.exportList, { params: { list }, query: search ? { search } : {} })
