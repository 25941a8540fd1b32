import { Schema } from "effect"
import { AsOfQuery, AuditPage, AuditQuery, EntityAsOf, EntityRef } from "../audit.ts"
import { endpoint } from "../endpoint.ts"

export const listAuditEvents = endpoint({
  name: "listAuditEvents",
  method: "GET",
  path: "/audit/events",
  query: AuditQuery,
  answer: AuditPage,
  access: ["Admin"],
  summary: "The event log, filtered by entity, actor, event type and date range, newest first",
})

export const exportAuditEvents = endpoint({
  name: "exportAuditEvents",
  method: "GET",
  path: "/audit/events.csv",
  query: AuditQuery,
  produces: ["text/csv"],
  answer: Schema.String,
  access: ["Admin"],
  summary: "The filtered event log as CSV",
})

export const entityAsOf = endpoint({
  name: "entityAsOf",
  method: "GET",
  path: "/audit/entity/:entityType/:entityId",
  params: EntityRef,
  query: AsOfQuery,
  answer: EntityAsOf,
  access: ["Admin"],
  summary: "An entity's fields as they were at a moment, rebuilt from its events, with those events",
})

export const auditEndpoints = [listAuditEvents, exportAuditEvents, entityAsOf]
