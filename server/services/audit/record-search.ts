import type { AuditRecordsQuery } from "../../../src/api/contract/audit/audit.ts"
import { ticketCode, ticketGist, ticketNumberOf } from "../../../src/api/contract/tickets/ticket.ts"
import { sql } from "kysely"
import type { Db } from "../../db/database.ts"
import { findUserById } from "../../db/repositories/users.repository.ts"
import { searchPeople } from "../../db/repositories/people-search.repository.ts"
import { likePattern } from "../../db/paging.ts"
import { badRequest } from "../errors.ts"

const LIMIT = 10

type Found = { id: string; label: string; detail: string }

const personOf = (row: { id: string; name: string; role: string; email: string }): Found => ({
  id: row.id,
  label: row.name,
  detail: `${row.role} · ${row.email}`,
})

/** The pickers' records: people, sessions and tickets through an index (people's search terms, a ticket's unique number); the small tables by a word of their name. */
export async function findAuditRecords(db: Db, query: AuditRecordsQuery) {
  const search = query.search?.trim() ?? ""
  const id = query.id?.trim() ?? ""
  if (!search && !id) throw badRequest("search: give a name or number to search for, or an id")
  return { success: true, data: await finders[query.entityType](db, search, id) }
}

const finders: Record<AuditRecordsQuery["entityType"], (db: Db, search: string, id: string) => Promise<Found[]>> = {
  user: people,
  ticket: tickets,
  counsellingSession: sessions,
  counsellingEnquiry: (db, search, id) => {
    const base = db.selectFrom("counselling_enquiries").select(["id", "name", "email", "created_at"])
    const pattern = likePattern(search)
    const wanted = id ? base.where("id", "=", id) : base.where((eb) => eb.or([eb("name", "ilike", pattern), eb("email", "ilike", pattern)]))
    return named(wanted.orderBy("created_at", "desc"), (r) => ({ id: r.id, label: r.name, detail: `${r.email} · received ${dayOf(r.created_at)}` }))
  },
  blog: (db, search, id) => {
    const base = db.selectFrom("blogs").select(["id", "title", "slug"])
    const wanted = id ? base.where("id", "=", id) : base.where("title", "ilike", likePattern(search))
    return named(wanted.orderBy("title"), (r) => ({ id: r.id, label: r.title, detail: `/${r.slug}` }))
  },
  expert: (db, search, id) => {
    const base = db.selectFrom("experts").select(["id", "name", "designation"])
    const wanted = id ? base.where("id", "=", id) : base.where("name", "ilike", likePattern(search))
    return named(wanted.orderBy("name"), (r) => ({ id: r.id, label: r.name, detail: r.designation }))
  },
  testimonial: (db, search, id) => {
    const base = db.selectFrom("testimonials").select(["id", "name", "summery"])
    const wanted = id ? base.where("id", "=", id) : base.where("name", "ilike", likePattern(search))
    return named(wanted.orderBy("name"), (r) => ({ id: r.id, label: r.name, detail: ticketGist(r.summery) }))
  },
  press: (db, search, id) => {
    const base = db.selectFrom("press_items").select(["id", "link", "type"])
    const pattern = likePattern(search)
    const wanted = id ? base.where("id", "=", id) : base.where((eb) => eb.or([eb("link", "ilike", pattern), eb(sql<string>`type`, "ilike", pattern)]))
    return named(wanted.orderBy("created_at", "desc"), (r) => ({ id: r.id, label: r.link, detail: r.type }))
  },
}

/** Ten at most, each as the picker names it. */
async function named<Row>(query: { limit: (n: number) => { execute: () => Promise<Row[]> } }, found: (row: Row) => Found): Promise<Found[]> {
  return (await query.limit(LIMIT).execute()).map(found)
}

/** A day as `YYYY-MM-DD HH:mm UTC`: the picker's detail names the zone instead of guessing the viewer's. */
const dayOf = (at: Date | string): string => `${new Date(at).toISOString().slice(0, 16).replace("T", " ")} UTC`

/** A client's or counsellor's sessions, newest first: the people search finds them, their sessions come by index. */
async function sessions(db: Db, search: string, id: string): Promise<Found[]> {
  const base = db
    .selectFrom("counselling_sessions as s")
    .innerJoin("users as client", "client.id", "s.user_id")
    .innerJoin("users as counsellor", "counsellor.id", "s.counsellor_id")
    .select(["s.id", "s.topic", "s.starts_at", "client.name as client", "counsellor.name as counsellor"])
  let wanted
  if (id) wanted = base.where("s.id", "=", id)
  else {
    const ids = (await searchPeople(db, search, LIMIT)).map((p) => p.id)
    if (ids.length === 0) return []
    wanted = base.where((eb) => eb.or([eb("s.user_id", "in", ids), eb("s.counsellor_id", "in", ids)]))
  }
  return named(wanted.orderBy("s.starts_at", "desc"), (r) => ({
    id: r.id,
    label: `${r.topic} · ${dayOf(r.starts_at)}`,
    detail: `${r.client} with ${r.counsellor}`,
  }))
}

async function people(db: Db, search: string, id: string): Promise<Found[]> {
  if (id) {
    const row = await findUserById(db, id)
    return row ? [personOf(row)] : []
  }
  return (await searchPeople(db, search, LIMIT)).map(personOf)
}

async function tickets(db: Db, search: string, id: string): Promise<Found[]> {
  const number = ticketNumberOf(search)
  const base = db
    .selectFrom("tickets")
    .innerJoin("users", "users.id", "tickets.raiser_id")
    .select(["tickets.id", "tickets.number", "tickets.query", "users.name"])
  const wanted = id ? base.where("tickets.id", "=", id) : number === null ? null : base.where("tickets.number", "=", number)
  if (!wanted) return []
  const rows = await wanted.limit(LIMIT).execute()
  return rows.map((row) => ({
    id: row.id,
    label: ticketCode(Number(row.number)),
    detail: `${row.name} · ${ticketGist(row.query)}`,
  }))
}
