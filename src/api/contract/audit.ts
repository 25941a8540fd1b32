import { Schema } from "effect"
import { Id, PageParam, QueryText } from "./common.ts"

/** One entry of the event log: who did what to which entity, when, and the fields before and after. */
export const AuditEvent = Schema.Struct({
  _id: Schema.String,
  entityType: Schema.String,
  entityId: Schema.String,
  type: Schema.String,
  actorId: Schema.NullOr(Schema.String),
  actorName: Schema.NullOr(Schema.String),
  at: Schema.String,
  before: Schema.Unknown,
  after: Schema.Unknown,
})
export type AuditEvent = typeof AuditEvent.Type

/**
 * A moment as ISO 8601: a date, or a date and time with or without its zone offset. Written out whole
 * so the API document states it (a year 0000 or 10000 would fail in PostgreSQL, so neither passes).
 */
export const AuditInstant = Schema.String.check(
  Schema.isPattern(/^(?!0000)\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)?)?$/u, {
    message: "must be a date and time (ISO 8601)",
  }),
)

export const AuditQuery = Schema.Struct({
  page: PageParam,
  limit: PageParam,
  entityType: Schema.optional(QueryText),
  entityId: Schema.optional(QueryText),
  actorId: Schema.optional(QueryText),
  type: Schema.optional(QueryText),
  /** Inclusive bounds. */
  from: Schema.optional(AuditInstant),
  to: Schema.optional(AuditInstant),
})
export type AuditQuery = typeof AuditQuery.Type

export const AuditPage = Schema.Struct({
  success: Schema.Boolean,
  data: Schema.Array(AuditEvent),
  totalRecords: Schema.Number,
  totalPages: Schema.Number,
  currentPage: Schema.Number,
  /** Present (true) when a filter matched more events than were counted: totalRecords is then a lower bound. */
  totalCapped: Schema.optional(Schema.Boolean),
})

export const EntityRef = Schema.Struct({ entityType: Schema.String, entityId: Id })
export const AsOfQuery = Schema.Struct({ at: AuditInstant })

/** An entity as it stood at a moment, rebuilt by folding its events up to then. */
export const EntityAsOf = Schema.Struct({
  success: Schema.Boolean,
  data: Schema.Struct({
    entityType: Schema.String,
    entityId: Schema.String,
    at: Schema.String,
    exists: Schema.Boolean,
    state: Schema.Unknown,
    events: Schema.Array(AuditEvent),
  }),
})
