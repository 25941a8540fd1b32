import { Schema } from "effect"
import { PageParam } from "../common.ts"

/**
 * The access log (issue 25): what the event log cannot hold because nothing changed. A refused call
 * (403, or 409 when the state did not allow it), a failed sign-in, every read of the audit trail, and
 * every reveal of a bank account number (issue 26), with its reason.
 */
export const accessKinds = {
  refused: { label: "Refused" },
  signInFailed: { label: "Failed sign-in" },
  auditRead: { label: "Audit read" },
  accountNumberRevealed: { label: "Account number revealed" },
} as const
export type AccessKind = keyof typeof accessKinds
export const AccessKind = Schema.Literals(Object.keys(accessKinds) as AccessKind[])
export const accessKindLabel = (kind: AccessKind): string => accessKinds[kind].label

export const AccessEntry = Schema.Struct({
  _id: Schema.String,
  at: Schema.String,
  kind: AccessKind,
  /** Who was signed in; null for a sign-in that failed or a call without a valid token. */
  actorId: Schema.NullOr(Schema.String),
  actorName: Schema.NullOr(Schema.String),
  actorEmail: Schema.NullOr(Schema.String),
  actorRole: Schema.NullOr(Schema.String),
  /** The e-mail address a failed sign-in was for (never the password), or whose account number was revealed. */
  email: Schema.NullOr(Schema.String),
  method: Schema.String,
  /** The address called, without its query. */
  path: Schema.String,
  /** The call's name in the API document, when the address is one of its calls. */
  operation: Schema.NullOr(Schema.String),
  status: Schema.Number,
  /** The refusal's message, the filter an audit read used, or why an account number was revealed. */
  detail: Schema.String,
  ip: Schema.String,
  requestId: Schema.String,
})
export type AccessEntry = typeof AccessEntry.Type

export const AccessLogQuery = Schema.Struct({ page: PageParam, limit: PageParam, kind: Schema.optional(AccessKind) })
export type AccessLogQuery = typeof AccessLogQuery.Type

export const AccessLogPage = Schema.Struct({
  success: Schema.Boolean,
  data: Schema.Array(AccessEntry),
  totalRecords: Schema.Number,
  totalPages: Schema.Number,
  currentPage: Schema.Number,
  /** Present (true) when more entries matched than were counted: totalRecords is then a lower bound. */
  totalCapped: Schema.optional(Schema.Boolean),
})
export type AccessLogPage = typeof AccessLogPage.Type
