import { Schema } from "effect"
import { AccessLogPage, AccessLogQuery } from "./access-log.ts"
import { AsOfQuery, AuditEventTypes, AuditExport, AuditPage, AuditQuery, AuditRecordsAnswer, AuditRecordsQuery, EntityAsOf, EntityRef } from "./audit.ts"
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
  summary:
    "The filtered event log as CSV, oldest first, streamed (any size): each line with the record's name, the event in words (summary) and the workflow version",
})

export const exportAuditEventsJson = endpoint({
  name: "exportAuditEventsJson",
  method: "GET",
  path: "/audit/events.json",
  query: AuditQuery,
  answer: AuditExport,
  access: ["Admin"],
  summary: "The filtered event log as one JSON array, oldest first, streamed (any size): each event as the list gives it, with its summary",
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

export const listAccessLog = endpoint({
  name: "listAccessLog",
  method: "GET",
  path: "/audit/access",
  query: AccessLogQuery,
  answer: AccessLogPage,
  access: ["Admin"],
  summary: "Refused calls (403, 409), failed sign-ins and reads of the audit trail, newest first, 20 a page; this read is logged too",
})

export const listAuditEventTypes = endpoint({
  name: "listAuditEventTypes",
  method: "GET",
  path: "/audit/event-types",
  answer: AuditEventTypes,
  access: ["Admin"],
  summary: "Every event type the log holds, in alphabetical order, for the audit trail's Event type filter",
})

export const findAuditRecords = endpoint({
  name: "findAuditRecords",
  method: "GET",
  path: "/audit/records",
  query: AuditRecordsQuery,
  answer: AuditRecordsAnswer,
  access: ["Admin"],
  summary: "The audit trail's pickers: people by name, email or number, tickets by number (up to 10), or one record's name by its id",
})

export const auditEndpoints = [listAuditEvents, exportAuditEvents, exportAuditEventsJson, entityAsOf, listAccessLog, listAuditEventTypes, findAuditRecords]
