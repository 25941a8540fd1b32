import * as auditApi from "../../api/audit/audit.api.ts"
import type { AuditEvent } from "../../api/contract/audit/audit.ts"
import { listAuditEvents } from "../../api/contract/audit/audit.endpoints.ts"
import { createPagedListMachine } from "../paged-list.machine.ts"

export const HISTORY_EMPTY = "No history yet."

/** The list's key for one record: `user:4f3a…`; the list's search carries it, so the paged list needs nothing new. */
export const recordKey = (entityType: string, entityId: string): string => `${entityType}:${entityId}`

const recordOf = (key: string) => {
  const at = key.indexOf(":")
  return at < 0 ? { entityType: key, entityId: "" } : { entityType: key.slice(0, at), entityId: key.slice(at + 1) }
}

/**
 * A record's History tab (issue 25): its events, newest first, ten a page, in words. Started with the
 * record's key as its search; only Admins read the event log, so only their screens show the tab.
 */
export const recordHistoryMachine = createPagedListMachine<AuditEvent>({
  id: "recordHistory",
  pageSize: 10,
  // A record's history is a short read in a dialog; the audit log is where an Admin reads many events a page.
  pageSizes: [10],
  call: listAuditEvents,
  fetchPage: async ({ page, limit, search }) => {
    const { entityType, entityId } = recordOf(search)
    const answer = await auditApi.listEvents({ entityType, entityId }, page, limit)
    return { rows: [...answer.data], total: answer.totalRecords, capped: answer.totalCapped === true }
  },
  failureMessage: "Failed to load the history.",
})
