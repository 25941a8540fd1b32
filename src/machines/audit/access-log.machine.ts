import { accessKinds, type AccessEntry, type AccessKind } from "../../api/contract/audit/access-log.ts"
import * as auditApi from "../../api/audit/audit.api.ts"
import { listAccessLog } from "../../api/contract/audit/audit.endpoints.ts"
import { createPagedListMachine } from "../paged-list.machine.ts"

export const ACCESS_LOG_EMPTY = "Nothing refused, no failed sign-in, no read of the audit trail yet."

const isAccessKind = (value: string): value is AccessKind => Object.hasOwn(accessKinds, value)

/**
 * The access log (issue 25): refused calls, failed sign-ins and audit reads, newest first, 20 a page;
 * Admin only. The list's one filter is the kind of entry, kept where a list keeps its search (and so in
 * the URL): "" shows every kind.
 */
export const accessLogMachine = createPagedListMachine<AccessEntry>({
  id: "accessLog",
  failureMessage: "Failed to fetch the access log",
  pageSize: 20,
  call: listAccessLog,
  fetchPage: async ({ page, limit, search }) => {
    const answer = await auditApi.listAccessLog({ page, limit, kind: isAccessKind(search) ? search : undefined })
    return { rows: [...answer.data], total: answer.totalRecords, capped: answer.totalCapped === true }
  },
})
