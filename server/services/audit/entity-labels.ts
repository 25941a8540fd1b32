import { ticketCode } from "../../../src/api/contract/tickets/ticket.ts"
import type { Db } from "../../db/database.ts"

/**
 * The name of one record by its primary key, or undefined when no row has it. One statement per record:
 * an `id in (…)` list over a small table is read whole by PostgreSQL's planner, an equality never.
 */
type Lookup = (db: Db, id: string) => Promise<string | null | undefined>

const byName =
  (table: "users" | "experts" | "testimonials" | "contact_enquiries" | "counselling_enquiries"): Lookup =>
  async (db, id) =>
    (await db.selectFrom(table).select("name").where("id", "=", id).executeTakeFirst())?.name

/**
 * Where each kind of record keeps the name people know it by (issue 25: an auditor reads names, not ids).
 * Each record of a page's events is looked up once.
 */
const lookups: Record<string, Lookup> = {
  user: byName("users"),
  availability: byName("users"),
  expert: byName("experts"),
  testimonial: byName("testimonials"),
  contactEnquiry: byName("contact_enquiries"),
  counsellingEnquiry: byName("counselling_enquiries"),
  counsellingSession: async (db, id) => (await db.selectFrom("counselling_sessions").select("topic").where("id", "=", id).executeTakeFirst())?.topic,
  blog: async (db, id) => (await db.selectFrom("blogs").select("title").where("id", "=", id).executeTakeFirst())?.title,
  media: async (db, id) => (await db.selectFrom("media").select("alt").where("id", "=", id).executeTakeFirst())?.alt,
  // A schedule is named by its blog (their ids are one).
  blogSchedule: async (db, id) => (await db.selectFrom("blogs").select("title").where("id", "=", id).executeTakeFirst())?.title,
  press: async (db, id) => (await db.selectFrom("press_items").select("link").where("id", "=", id).executeTakeFirst())?.link,
  ticket: async (db, id) => {
    const row = await db.selectFrom("tickets").select("number").where("id", "=", id).executeTakeFirst()
    return row ? ticketCode(Number(row.number)) : undefined
  },
  notificationTemplate: async (_db, id) => id,
  profileChange: async (db, id) =>
    (
      await db
        .selectFrom("profile_changes")
        .innerJoin("users", "users.id", "profile_changes.vendor_id")
        .select("users.name")
        .where("profile_changes.id", "=", id)
        .executeTakeFirst()
    )?.name,
}

/** A deleted record is named by what its own events carried. */
const NAME_FIELDS = ["name", "title", "topic", "blog_name"] as const

function labelFromFields(event: { before: unknown; after: unknown }): string | null {
  for (const fields of [event.after, event.before]) {
    if (fields === null || typeof fields !== "object") continue
    for (const key of NAME_FIELDS) {
      const value = (fields as Record<string, unknown>)[key]
      if (typeof value === "string" && value.trim() !== "") return value
    }
  }
  return null
}

export interface LabelledEvent {
  entity_type: string
  entity_id: string
  before: unknown
  after: unknown
}

/**
 * Each event's record name: the record's name now when a table keeps one; else (a deleted record, a kind no
 * table names) what that event carried, or failing that what the page's other events of the record carried.
 * Each record of the page is looked up once.
 */
export async function entityLabelsOf(db: Db, events: readonly LabelledEvent[]): Promise<(event: LabelledEvent) => string | null> {
  const records = new Map<string, { type: string; id: string }>()
  for (const e of events) if (lookups[e.entity_type]) records.set(`${e.entity_type} ${e.entity_id}`, { type: e.entity_type, id: e.entity_id })
  const current = new Map<string, string | null | undefined>()
  await Promise.all([...records].map(async ([key, { type, id }]) => current.set(key, await lookups[type]!(db, id))))
  const carried = new Map<string, string>()
  for (const e of events) {
    const key = `${e.entity_type} ${e.entity_id}`
    const label = labelFromFields(e)
    if (label && !carried.has(key)) carried.set(key, label)
  }
  return (e) => {
    const key = `${e.entity_type} ${e.entity_id}`
    return current.get(key) || labelFromFields(e) || carried.get(key) || null
  }
}
