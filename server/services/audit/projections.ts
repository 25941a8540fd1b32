import { sql } from "kysely"
import { maskAccountNumber } from "../../../src/api/contract/account/user.ts"
import type { Database, Db } from "../../db/database.ts"

/** The fields of an entity its events carry: plain JSON (dates as ISO strings), keyed by column. */
export type Fields = Record<string, unknown>

export interface Projection {
  entityType: string
  /** Every entity of this type in the database now. */
  ids: (db: Db) => Promise<string[]>
  /** The entity's folded field set, read from its row(s); null when it does not exist. */
  load: (db: Db, id: string) => Promise<Fields | null>
  /** Every entity with its fields, in one read where the table allows (the seed and the fold test walk them all). */
  all: (db: Db) => Promise<Array<[string, Fields]>>
  /** The fields of a whole row the caller already holds (a locked read, a `returningAll`): `load` without reading it again. One-row entities only. */
  fromRow?: (row: object) => Fields
}

/** A row as event JSON: dates to ISO strings, the rest as the driver read it (jsonb already parsed). */
function plainRow(row: Record<string, unknown>, exclude: readonly string[]): Fields {
  const out: Fields = {}
  for (const [key, value] of Object.entries(row)) {
    if (exclude.includes(key)) continue
    out[key] = value instanceof Date ? value.toISOString() : value
  }
  return out
}

type Table = keyof Database

/**
 * One row per entity, keyed by `id`; `exclude` names the columns events do not carry (each with its reason
 * below), `redact` masks what events carry only in part.
 */
function rowProjection(entityType: string, table: Table, exclude: readonly string[], redact: (fields: Fields) => Fields = (f) => f): Projection {
  return {
    entityType,
    ids: async (db) =>
      (
        await db
          .selectFrom(table)
          .select(sql<string>`id`.as("id"))
          .execute()
      ).map((r) => r.id),
    load: async (db, id) => {
      const row = await db.selectFrom(table).selectAll().where(sql.ref("id"), "=", id).executeTakeFirst()
      return row ? redact(plainRow(row as Record<string, unknown>, ["id", ...exclude])) : null
    },
    all: async (db) => {
      const rows = (await db.selectFrom(table).selectAll().execute()) as Array<Record<string, unknown>>
      return rows.map((row) => [String(row.id), redact(plainRow(row, ["id", ...exclude]))])
    },
    fromRow: (row) => redact(plainRow(row as Record<string, unknown>, ["id", ...exclude])),
  }
}

/**
 * `updated_at` and `version` are maintained by every write (a clock and an optimistic-lock
 * counter), not set by a command's intent, so no event carries them. Other exclusions:
 * - users.password_hash: a secret never written to the log (password events carry no fields);
 * - users.token_version: private sign-in state that ends sessions (password change or reset, logout,
 *   rejection bump it); the events say what happened, not the counter's value;
 * - tickets.number: the identity column the database assigns (the ticket id shown as TKT-…);
 * - ticket_responses.seq: the identity column ordering a thread.
 * - users.profile_change_pending: derived from the profileChange entity's own events (the lists' marker).
 * - users.account_details.accountNumber: masked to its last 4 digits, as in every answer (issue 26); the
 *   full number is read only through a reveal, which the access log records.
 * Counters (user_counts, contact_enquiry_count), the search index (people_search_terms) and the
 * token tables are derived or private state, not audited entities.
 */
const MAINTAINED = ["updated_at", "version"] as const

function maskedAccountNumber(fields: Fields): Fields {
  const account = fields["account_details"] as Record<string, string | null> | null | undefined
  if (!account?.["accountNumber"]) return fields
  return { ...fields, account_details: { ...account, accountNumber: maskAccountNumber(account["accountNumber"]) } }
}

/** A profile change carries the account numbers asked for and replaced: masked the same way. */
function maskedChangeNumbers(fields: Fields): Fields {
  const masked = (values: unknown) => {
    const v = values as Record<string, string | null> | null
    return v?.["accountNumber"] ? { ...v, accountNumber: maskAccountNumber(v["accountNumber"]) } : v
  }
  return { ...fields, changes: masked(fields["changes"]), approved: masked(fields["approved"]) }
}

/** A vendor's availability: the default weekly slots and the per-day overrides, one entity per vendor. */
const availability: Projection = {
  entityType: "availability",
  ids: async (db) => {
    const rows = await db
      .selectFrom("vendor_default_availability")
      .select("vendor_id")
      .union(db.selectFrom("vendor_availability").select("vendor_id"))
      .union(db.selectFrom("vendor_weekly_availability").select("vendor_id"))
      .execute()
    return rows.map((r) => r.vendor_id)
  },
  load: async (db, id) => {
    const fallback = await db.selectFrom("vendor_default_availability").select("slots").where("vendor_id", "=", id).executeTakeFirst()
    const days = await db.selectFrom("vendor_availability").select(["day", "slots"]).where("vendor_id", "=", id).orderBy("day").execute()
    const weekly = await db.selectFrom("vendor_weekly_availability").select(["weekday", "slots"]).where("vendor_id", "=", id).orderBy("weekday").execute()
    if (!fallback && days.length === 0 && weekly.length === 0) return null
    // Weekly hours (issue 24) appear only once a vendor has some, so the events logged before them still fold to the same fields.
    return {
      default_slots: fallback?.slots ?? null,
      days: Object.fromEntries(days.map((d) => [d.day, d.slots])),
      ...(weekly.length > 0 ? { weekly: Object.fromEntries(weekly.map((w) => [String(w.weekday), w.slots])) } : {}),
    }
  },
  all: async (db) => {
    const out: Array<[string, Fields]> = []
    for (const id of await availability.ids(db)) out.push([id, (await availability.load(db, id))!])
    return out
  },
}

/** The one definition, per entity type, of the fields its events fold to; the fold test and the as-of view both use it. */
export const projections: Record<string, Projection> = Object.fromEntries(
  [
    rowProjection("user", "users", [...MAINTAINED, "password_hash", "token_version", "profile_change_pending"], maskedAccountNumber),
    rowProjection("ticket", "tickets", [...MAINTAINED, "number"]),
    rowProjection("ticketResponse", "ticket_responses", ["seq"]),
    rowProjection("counsellingEnquiry", "counselling_enquiries", MAINTAINED),
    rowProjection("counsellingSession", "counselling_sessions", MAINTAINED),
    rowProjection("contactEnquiry", "contact_enquiries", MAINTAINED),
    rowProjection("blog", "blogs", MAINTAINED),
    rowProjection("blogSchedule", "blog_schedules", MAINTAINED),
    rowProjection("media", "media", MAINTAINED),
    rowProjection("gallery", "gallery_items", MAINTAINED),
    rowProjection("expert", "experts", MAINTAINED),
    rowProjection("testimonial", "testimonials", MAINTAINED),
    rowProjection("press", "press_items", MAINTAINED),
    rowProjection("profileChange", "profile_changes", MAINTAINED, maskedChangeNumbers),
    availability,
  ].map((p) => [p.entityType, p]),
)

export function projectionOf(entityType: string): Projection {
  const projection = projections[entityType]
  if (!projection) throw new Error(`no projection for entity type '${entityType}'`)
  return projection
}

/** The entity's fields now (inside the caller's transaction), e.g. before a change. */
export const snapshotOf = (db: Db, entityType: string, id: string): Promise<Fields | null> => projectionOf(entityType).load(db, id)

/**
 * The same fields from the entity's whole row, which the caller read in this transaction (a locked read) or
 * had a write return: on a busy write path every statement saved counts (the embedded database runs one at a time).
 */
export function snapshotOfRow(entityType: string, row: object): Fields {
  const { fromRow } = projectionOf(entityType)
  if (!fromRow) throw new Error(`the '${entityType}' projection reads more than one row; use snapshotOf`)
  return fromRow(row)
}
