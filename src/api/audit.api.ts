import type { AuditQuery } from "./contract/audit.ts"
import * as api from "./contract/endpoints/audit.endpoints.ts"
import { call } from "./client.ts"

type Filters = Omit<AuditQuery, "page" | "limit">

/** Empty filters are left out of the query string. */
const query = (filters: Filters, page?: number, limit?: number) =>
  Object.fromEntries(Object.entries({ ...filters, page, limit }).filter(([, v]) => v !== undefined && v !== "").map(([k, v]) => [k, String(v)]))

export const listEvents = (filters: Filters, page: number, limit: number) => call(api.listAuditEvents, { query: query(filters, page, limit) })
export const exportEvents = (filters: Filters) => call(api.exportAuditEvents, { query: query(filters) })
export const entityAsOf = (entityType: string, entityId: string, at: string) => call(api.entityAsOf, { params: { entityType, entityId }, query: { at } })
