import * as calls from "../../api/contract/audit/audit.endpoints.ts"
import * as auditApi from "../../api/audit/audit.api.ts"
import { messageOf } from "../../api/api-error.ts"
import type { AuditEvent } from "../../api/contract/audit/audit.ts"
import { createPagedListMachine, type ListFilters } from "../paged-list.machine.ts"
import { toInstant } from "../account/viewer-zone.ts"

/** A type, not an interface: one with known keys is a ListFilters (a record of texts) as it is. */
export type AuditFilters = {
  entityType: string
  entityId: string
  actorId: string
  type: string
  from: string
  to: string
}

export const emptyFilters: AuditFilters = { entityType: "", entityId: "", actorId: "", type: "", from: "", to: "" }

/** The filters that are moments: the form shows them on the viewer's clock, the server and the URL take instants. */
export const auditInstantFilters = ["from", "to"] as const

/** The filters as the server takes them: the moments as instants. */
export const forServer = (filters: ListFilters | undefined): AuditFilters => {
  const all = { ...emptyFilters, ...filters }
  return { ...all, from: toInstant(all.from), to: toInstant(all.to) }
}

/** Why the moments cannot be applied, or null: both bounds are inclusive, so an end before the start holds no event. */
export function auditRangeProblem(filters: Partial<Pick<AuditFilters, "from" | "to">>): string | null {
  const { from = "", to = "" } = filters
  // The form's datetime-local texts (YYYY-MM-DDTHH:mm) compare in time order as text.
  return from && to && to < from ? "To must be on or after From." : null
}

/**
 * The Admin's audit trail: the one paged list (newest first, 20 a page) with filters applied on demand. The
 * applied filters and the page live in the URL like any list's; the CSV and JSON of the filtered log are
 * audit-export.machine.ts's.
 */
export const auditLogMachine = createPagedListMachine<AuditEvent>({
  id: "auditLog",
  pageSize: 20,
  filters: emptyFilters,
  call: calls.listAuditEvents,
  filtersProblem: auditRangeProblem,
  fetchPage: async ({ page, limit, filters }) => {
    const answer = await auditApi.listEvents(forServer(filters), page, limit)
    return { rows: [...answer.data], total: answer.totalRecords }
  },
  failureMessage: (error) => messageOf(error, "Failed to fetch the event log."),
})
