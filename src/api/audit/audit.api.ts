import type { AccessKind } from "../contract/audit/access-log.ts"
import type { AuditQuery, PickableKind } from "../contract/audit/audit.ts"
import * as api from "../contract/audit/audit.endpoints.ts"
import { call } from "../client.ts"

type Filters = Omit<AuditQuery, "page" | "limit">

/** Empty filters are left out of the query string. */
const query = (filters: Filters, page?: number, limit?: number) =>
  Object.fromEntries(
    Object.entries({ ...filters, page, limit })
      .filter(([, v]) => v !== undefined && v !== "")
      .map(([k, v]) => [k, String(v)]),
  )

export const listEvents = (filters: Filters, page: number, limit: number) => call(api.listAuditEvents, { query: query(filters, page, limit) })
export const exportEvents = (filters: Filters) => call(api.exportAuditEvents, { query: query(filters) })
export const exportEventsJson = (filters: Filters) => call(api.exportAuditEventsJson, { query: query(filters) })
export const entityAsOf = (entityType: string, entityId: string, at: string) => call(api.entityAsOf, { params: { entityType, entityId }, query: { at } })

export const listAccessLog = ({ page, limit, kind }: { page: number; limit: number; kind?: AccessKind | undefined }) =>
  call(api.listAccessLog, { query: { page: String(page), limit: String(limit), ...(kind ? { kind } : {}) } })
export const listEventTypes = () => call(api.listAuditEventTypes)
export const findRecords = (wanted: { kind: PickableKind; search?: string; id?: string }) =>
  call(api.findAuditRecords, {
    query: { entityType: wanted.kind, ...(wanted.search ? { search: wanted.search } : {}), ...(wanted.id ? { id: wanted.id } : {}) },
  })
