import { Schema } from "effect"
import { Id, PageParam, QueryText } from "../common.ts"

/** One entry of the event log: who did what to which entity, when, and the fields before and after. */
export const AuditEvent = Schema.Struct({
  _id: Schema.String,
  entityType: Schema.String,
  entityId: Schema.String,
  /** The record's name as people know it (a person's name, a blog's title, TKT-000042), when it has one. */
  entityLabel: Schema.optional(Schema.NullOr(Schema.String)),
  type: Schema.String,
  actorId: Schema.NullOr(Schema.String),
  actorName: Schema.NullOr(Schema.String),
  actorRole: Schema.optional(Schema.NullOr(Schema.String)),
  actorEmail: Schema.optional(Schema.NullOr(Schema.String)),
  at: Schema.String,
  before: Schema.Unknown,
  after: Schema.Unknown,
  /** The hash of the workflow definition (a domain workflow's machine) that allowed it. */
  workflow: Schema.optional(Schema.NullOr(Schema.String)),
  /** Where the change came from: the client's address and the request id (null for what no request wrote). */
  ip: Schema.optional(Schema.NullOr(Schema.String)),
  requestId: Schema.optional(Schema.NullOr(Schema.String)),
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
  /** Inclusive bounds; `to` on or after `from` when both are given. */
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

/** One event of the JSON export: as the list answers it, with the sentence the screen shows. */
export const AuditExportEvent = Schema.Struct({ ...AuditEvent.fields, summary: Schema.String })
export const AuditExport = Schema.Array(AuditExportEvent)

/** GET /audit/event-types: every event type the log holds, in order, for the filter to pick from. */
export const AuditEventTypes = Schema.Struct({ success: Schema.Boolean, data: Schema.Array(Schema.String) })
export type AuditEventTypes = typeof AuditEventTypes.Type

/** The kinds of record the log holds, as an auditor names them (the filter's choices, the sentences' nouns). */
export const auditEntityKinds = {
  user: "person",
  availability: "availability",
  counsellingEnquiry: "counselling enquiry",
  counsellingSession: "counselling session",
  contactEnquiry: "contact enquiry",
  ticket: "ticket",
  ticketResponse: "ticket reply",
  blog: "blog",
  blogSchedule: "scheduled publish",
  media: "library image",
  expert: "expert",
  testimonial: "testimonial",
  press: "press item",
  gallery: "gallery image",
  notificationTemplate: "email template",
  profileChange: "profile change",
} as const satisfies Record<string, string>
export type AuditEntityKind = keyof typeof auditEntityKinds
export const entityKindLabel = (entityType: string): string =>
  Object.hasOwn(auditEntityKinds, entityType) ? auditEntityKinds[entityType as AuditEntityKind] : entityType

/**
 * The kinds of record the audit trail's record picker searches (issue 25: filters by picking, not typing),
 * each with the hint its search box shows. People and sessions are found through the people search's
 * term index, tickets by their unique number, at any size; content and enquiries by a word of their name
 * (those tables stay small: the content an editor writes, the site's enquiries). Gallery images have no
 * name: they are reached from their card's History, or by id under "Filter by id".
 */
export const recordPickerHints = {
  user: "Search people by name or email",
  ticket: "Ticket number, e.g. TKT-000042",
  counsellingSession: "The client's or counsellor's name or email",
  counsellingEnquiry: "Search enquiries by name or email",
  blog: "Search blogs by title",
  expert: "Search experts by name",
  testimonial: "Search testimonials by name",
  press: "Search press items by link or type",
} as const satisfies Partial<Record<AuditEntityKind, string>>
export const pickableKinds = Object.keys(recordPickerHints) as Array<keyof typeof recordPickerHints>
export type PickableKind = keyof typeof recordPickerHints
export const isPickableKind = (kind: string): kind is PickableKind => (pickableKinds as readonly string[]).includes(kind)

export const AuditRecordsQuery = Schema.Struct({
  entityType: Schema.Literals(pickableKinds),
  /** What the kind's hint asks for: a name, email or number (people, sessions), a ticket's number (TKT-000042 or 42), a title or name. */
  search: Schema.optional(QueryText),
  /** One record by its id: the picker names the record a shared link holds. */
  id: Schema.optional(QueryText),
}).annotate({ description: "`search` finds up to 10 records; `id` names one record (none when no record has it). One of them is needed." })
export type AuditRecordsQuery = typeof AuditRecordsQuery.Type

export const AuditRecord = Schema.Struct({ id: Id, label: Schema.String, detail: Schema.String })
export type AuditRecord = typeof AuditRecord.Type
export const AuditRecordsAnswer = Schema.Struct({ success: Schema.Boolean, data: Schema.Array(AuditRecord) })
export type AuditRecordsAnswer = typeof AuditRecordsAnswer.Type
